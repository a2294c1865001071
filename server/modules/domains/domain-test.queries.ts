import { and, asc, count, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { linkPages, shortenedUrls } from "../../../db/schema";

/** How many pages and short links live on a domain, and one of each to try (active, unexpired). */
export async function domainUsageSample(db: Db, domainId: number) {
  const [[pages], [urls], [page], [url]] = await Promise.all([
    db.select({ n: count() }).from(linkPages).where(eq(linkPages.domainId, domainId)),
    db.select({ n: count() }).from(shortenedUrls).where(eq(shortenedUrls.domainId, domainId)),
    // Both pick by the (domain, slug|code) unique index: one row read, however many there are.
    db
      .select({ slug: linkPages.slug })
      .from(linkPages)
      .where(and(eq(linkPages.domainId, domainId), eq(linkPages.isActive, true)))
      .orderBy(asc(linkPages.slug))
      .limit(1),
    db
      .select({ code: shortenedUrls.shortCode })
      .from(shortenedUrls)
      .where(
        and(
          eq(shortenedUrls.domainId, domainId),
          or(isNull(shortenedUrls.expiresAt), gt(shortenedUrls.expiresAt, new Date())),
        ),
      )
      .orderBy(asc(shortenedUrls.shortCode))
      .limit(1),
  ]);
  return {
    linkPagesCount: pages?.n ?? 0,
    shortenedUrlsCount: urls?.n ?? 0,
    sampleSlug: page?.slug ?? null,
    sampleCode: url?.code ?? null,
  };
}
