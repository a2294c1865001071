import { and, asc, eq } from "drizzle-orm";
import { isPossibleSlug } from "../../../common/slug";
import type { Db } from "../../../db/client";
import { linkPages, links } from "../../../db/schema";

/** An active page at (domain, slug) with its links in order, or null. */
export async function findPublicPage(db: Db, domainId: number, slug: string) {
  // NUL and the like would fail the query instead of finding nothing.
  if (!isPossibleSlug(slug)) return null;
  const [page] = await db
    .select()
    .from(linkPages)
    .where(and(eq(linkPages.domainId, domainId), eq(linkPages.slug, slug), eq(linkPages.isActive, true)))
    .limit(1);
  if (!page) return null;
  const rows = await db
    .select({ id: links.id, title: links.title, url: links.url, customStyle: links.customStyle })
    .from(links)
    .where(eq(links.linkPageId, page.id))
    .orderBy(asc(links.position), asc(links.id));
  return { page, links: rows };
}

export type PublicPage = NonNullable<Awaited<ReturnType<typeof findPublicPage>>>;

/** What a click on a link is recorded under: its owner and page; null when the page is not live. */
export async function findTrackableLink(db: Db, linkId: number) {
  const [row] = await db
    .select({ linkId: links.id, linkPageId: linkPages.id, userId: linkPages.userId })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .where(and(eq(links.id, linkId), eq(linkPages.isActive, true)))
    .limit(1);
  return row ?? null;
}
