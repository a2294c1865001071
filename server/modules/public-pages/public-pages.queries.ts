import { and, asc, eq, inArray } from "drizzle-orm";
import type { BlockType } from "../../../common/contract/link-blocks";
import { isPossibleSlug } from "../../../common/slug";
import type { Db } from "../../../db/client";
import { linkPages, links } from "../../../db/schema";

/** An active page at (domain, slug) with every block in order (shown or not), or null. */
export async function findPublicPage(db: Db, domainId: number, slug: string) {
  // NUL and the like would fail the query instead of finding nothing.
  if (!isPossibleSlug(slug)) return null;
  const [page] = await db
    .select()
    .from(linkPages)
    .where(and(eq(linkPages.domainId, domainId), eq(linkPages.slug, slug), eq(linkPages.isActive, true)))
    .limit(1);
  if (!page) return null;
  const blocks = await db
    .select()
    .from(links)
    .where(eq(links.linkPageId, page.id))
    .orderBy(asc(links.position), asc(links.id));
  return { page, blocks };
}

export type PublicPage = NonNullable<Awaited<ReturnType<typeof findPublicPage>>>;

/**
 * The blocks whose taps the page's beacon reports: those that lead somewhere. A contact card's
 * download is counted when the server serves it; a heading or a divider is never clicked.
 */
const BEACON_TYPES: BlockType[] = ["link", "image", "social", "embed", "whatsapp", "pix"];

/**
 * What a click on a block is recorded under: its type, owner and page; null when the page is not
 * live or the block is not one the beacon reports. A block switched off or outside its window still
 * counts (the page may have been rendered a moment before it went).
 */
export async function findTrackableLink(db: Db, linkId: number) {
  const [row] = await db
    .select({ linkId: links.id, type: links.type, linkPageId: linkPages.id, userId: linkPages.userId })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .where(and(eq(links.id, linkId), inArray(links.type, BEACON_TYPES), eq(linkPages.isActive, true)))
    .limit(1);
  return row ?? null;
}
