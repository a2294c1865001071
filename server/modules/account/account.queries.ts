// The account's own SQL shared by its deletion and the administrator's user actions: the locks
// that keep "the last administrator" and a click batch from racing a change, and what a deletion counts.
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { linkPages, links, transactions, users, userUsage } from "../../../db/schema";
import type { UserRow } from "../../lib/session-guards";

/**
 * Locks the user's row and every active administrator's, in id order in one statement (two admin
 * actions at once cannot deadlock, nor both remove "the other" administrator). Answers the user
 * (null when missing or being deleted) and how many other active administrators remain.
 * NOTE: "for no key update", not "for update": a click batch writing this user's clicks meanwhile
 * only needs a key-share lock on the row (its foreign keys) and is not blocked by it.
 */
export async function lockUserAndAdmins(
  tx: Db,
  id: number,
): Promise<{ user: UserRow | null; otherActiveAdmins: number }> {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.isAdmin, true), eq(users.isActive, true))))
    .orderBy(asc(users.id))
    .for("no key update");
  // An account being deleted is gone for every administrator action.
  const user = rows.find((row) => row.id === id && !row.deletionStartedAt) ?? null;
  const otherActiveAdmins = rows.filter((row) => row.id !== id && row.isAdmin && row.isActive).length;
  return { user, otherActiveAdmins };
}

/**
 * What a user owns, counted for their deletion's audit line: short links from the usage counts
 * (kept by triggers: a million links are not counted again), Link Bio pages and their links,
 * payments.
 */
export async function countUserHoldings(tx: Db, userId: number) {
  const [usage] = await tx
    .select({ shortLinks: userUsage.shortLinks, pages: userUsage.linkPages })
    .from(userUsage)
    .where(eq(userUsage.userId, userId));
  const [buttons] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .where(eq(linkPages.userId, userId));
  const [payments] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return {
    shortLinkCount: Number(usage?.shortLinks ?? 0),
    pages: Number(usage?.pages ?? 0),
    links: buttons?.n ?? 0,
    transactions: payments?.n ?? 0,
  };
}

/**
 * Locks the user's Link Bio pages and their links in the order a click batch locks them (links,
 * then pages; by id), so that the user's delete, which cascades to them, cannot deadlock with a
 * batch: one for these targets finishes first, one that comes after finds them gone. Answers the
 * pages (what to drop from the caches) and the stored images of the pages and their image blocks.
 */
export async function lockUserPages(tx: Db, userId: number) {
  const blocks = await tx
    .select({ id: links.id, type: links.type, data: links.data, pageId: links.linkPageId })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .where(eq(linkPages.userId, userId))
    .orderBy(asc(links.id))
    .for("update", { of: links });
  const pages = await tx
    .select({
      id: linkPages.id,
      domainId: linkPages.domainId,
      slug: linkPages.slug,
      image: linkPages.profileImageUrl,
      background: linkPages.backgroundImageUrl,
    })
    .from(linkPages)
    .where(eq(linkPages.userId, userId))
    .orderBy(asc(linkPages.id))
    .for("update");
  // The stored pictures of image blocks go with the pages.
  const blockImages = blocks.flatMap((block) =>
    block.type === "image" && typeof block.data.image_url === "string" ? [block.data.image_url] : [],
  );
  return { pages, images: [...pages.flatMap((page) => [page.image, page.background]), ...blockImages] };
}
