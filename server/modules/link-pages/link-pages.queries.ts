import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { linkPages, links } from "../../../db/schema";
import { forgetClicks, forgetPageViews } from "../clicks/forget-clicks";

export type LinkPageRow = typeof linkPages.$inferSelect;
export type LinkRow = typeof links.$inferSelect;
export type NewLinkPage = Omit<typeof linkPages.$inferInsert, "id" | "clickCount" | "createdAt">;
export type LinkValues = Pick<typeof links.$inferInsert, "title" | "url" | "customStyle">;
/** A new block: its type, its data's columns (link-pages.wire.ts blockColumns), switch and window. */
export type BlockValues = Pick<
  typeof links.$inferInsert,
  "type" | "title" | "url" | "customStyle" | "data" | "isActive" | "startsAt" | "endsAt"
>;

/** The spec's link calls see the blocks of type `link` only (decision 024). */
const isLinkBlock = eq(links.type, "link");

/** The list screen shows every page of a user; bounded all the same. */
export const PAGE_LIST_LIMIT = 200;

// Written out: Drizzle leaves columns unqualified inside a select's sql, which would compare links to itself.
const linksCount = sql<number>`(select count(*)::int from links as l where l.link_page_id = link_pages.id and l.type = 'link')`;

export async function listOwnPages(db: Db, userId: number) {
  return db
    .select({ page: linkPages, linksCount })
    .from(linkPages)
    .where(eq(linkPages.userId, userId))
    .orderBy(desc(linkPages.createdAt), desc(linkPages.id))
    .limit(PAGE_LIST_LIMIT);
}

/** The user's page with this id, or null (another user's page is as good as missing). */
export async function findOwnPage(db: Db, userId: number, id: number): Promise<LinkPageRow | null> {
  const [row] = await db
    .select()
    .from(linkPages)
    .where(and(eq(linkPages.id, id), eq(linkPages.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function slugTaken(db: Db, domainId: number, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: linkPages.id })
    .from(linkPages)
    .where(and(eq(linkPages.domainId, domainId), eq(linkPages.slug, slug)))
    .limit(1);
  return !!row && row.id !== exceptId;
}

export async function insertPage(db: Db, values: NewLinkPage): Promise<LinkPageRow> {
  const [row] = await db.insert(linkPages).values(values).returning();
  return row!;
}

/** The first links of a page just inserted (same transaction), at positions 0..n-1 in this order. */
export async function insertFirstLinks(db: Db, pageId: number, values: LinkValues[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(links).values(values.map((link, position) => ({ ...link, linkPageId: pageId, position })));
}

export async function updatePage(db: Db, id: number, values: Partial<NewLinkPage>): Promise<LinkPageRow> {
  const [row] = await db
    .update(linkPages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(linkPages.id, id))
    .returning();
  return row!;
}

/** The page, its blocks (foreign key cascade) and every click row of them, in one transaction. */
export async function deletePageWithClicks(db: Db, page: Pick<LinkPageRow, "id" | "userId">): Promise<void> {
  const pageId = page.id;
  await db.transaction(async (tx) => {
    // Locked in the order a click batch locks them (blocks by id, then the page) before any click
    // row is touched: a batch writing this page's clicks finishes first, or finds them gone.
    const rows = await tx
      .select({ id: links.id, type: links.type })
      .from(links)
      .where(eq(links.linkPageId, pageId))
      .orderBy(asc(links.id))
      .for("update");
    await tx.select({ id: linkPages.id }).from(linkPages).where(eq(linkPages.id, pageId)).for("update");
    for (const type of new Set(rows.map((row) => row.type))) {
      const ids = rows.filter((row) => row.type === type).map((row) => row.id);
      await forgetClicks(tx, page.userId, type, ids);
    }
    await forgetPageViews(tx, page.userId, pageId);
    await tx.delete(linkPages).where(eq(linkPages.id, pageId));
  });
}

/** The page's link blocks, in page order (the spec's links). */
export async function listLinks(db: Db, pageId: number): Promise<LinkRow[]> {
  return db
    .select()
    .from(links)
    .where(and(eq(links.linkPageId, pageId), isLinkBlock))
    .orderBy(asc(links.position), asc(links.id));
}

/** Every block of the page, in page order. */
export async function listBlocks(db: Db, pageId: number): Promise<LinkRow[]> {
  return db
    .select()
    .from(links)
    .where(eq(links.linkPageId, pageId))
    .orderBy(asc(links.position), asc(links.id));
}

/** The user's link (a block of type `link`) with this id and the page it is on, or null. */
export async function findOwnLink(db: Db, userId: number, linkId: number) {
  const [row] = await db
    .select({ link: links, page: linkPages })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .where(and(eq(links.id, linkId), eq(linkPages.userId, userId), isLinkBlock))
    .limit(1);
  return row ?? null;
}

/** The user's block of any type with this id and the page it is on, or null. */
export async function findOwnBlock(db: Db, userId: number, blockId: number) {
  const [row] = await db
    .select({ block: links, page: linkPages })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .where(and(eq(links.id, blockId), eq(linkPages.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Appends a block at the end of the page, or answers null when the page already holds `cap` blocks
 * (of every type). The page row is locked so that two concurrent adds get distinct positions and
 * respect the cap.
 */
export async function insertBlockAtEnd(
  db: Db,
  pageId: number,
  values: BlockValues,
  cap: number,
): Promise<LinkRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: linkPages.id }).from(linkPages).where(eq(linkPages.id, pageId)).for("update");
    const [stats] = await tx
      .select({ n: count(), last: sql<number | null>`max(${links.position})` })
      .from(links)
      .where(eq(links.linkPageId, pageId));
    if ((stats?.n ?? 0) >= cap) return null;
    const position = stats?.last === null || stats?.last === undefined ? 0 : Number(stats.last) + 1;
    const [row] = await tx
      .insert(links)
      .values({ ...values, linkPageId: pageId, position })
      .returning();
    await touchPage(tx, pageId);
    return row!;
  });
}

/** The block updated, or undefined when it was deleted meanwhile. */
export async function updateBlock(
  db: Db,
  link: LinkRow,
  values: Partial<BlockValues>,
): Promise<LinkRow | undefined> {
  return db.transaction(async (tx) => {
    await lockBlocksThenPage(tx, [link.id], link.linkPageId);
    const [row] = await tx.update(links).set(values).where(eq(links.id, link.id)).returning();
    return row;
  });
}

/** The block and its click rows, in one transaction. */
export async function deleteBlockWithClicks(db: Db, userId: number, link: LinkRow): Promise<void> {
  await db.transaction(async (tx) => {
    // A rollup holding either finishes first, and then finds the block gone.
    await lockBlocksThenPage(tx, [link.id], link.linkPageId);
    await tx.delete(links).where(eq(links.id, link.id));
    await forgetClicks(tx, userId, link.type, [link.id]);
  });
}

/** Positions 0..n-1 in the order given; the caller has checked that ids are exactly the page's. */
export async function setBlockOrder(db: Db, pageId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::int, ${position}::int)`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await lockBlocksThenPage(tx, ids, pageId);
    await tx.execute(sql`
      update ${links} set position = v.position
      from (values ${values}) as v(id, position)
      where ${links.id} = v.id and ${links.linkPageId} = ${pageId}`);
  });
}

/**
 * Before a block is written: locks the blocks in id order, then the page, moving its updated_at (a
 * link change is a change of the page), the order the rollup worker locks them in before the
 * totals (event-rollup.ts). Writing a block first took the totals' row (a trigger) before the page,
 * and a rollup holding the page waited for that row: a deadlock on Postgres.
 */
async function lockBlocksThenPage(
  tx: Pick<Db, "select" | "update">,
  ids: number[],
  pageId: number,
): Promise<void> {
  await tx
    .select({ id: links.id })
    .from(links)
    .where(inArray(links.id, ids))
    .orderBy(asc(links.id))
    .for("update");
  await touchPage(tx, pageId);
}

/** A link change is a change of the page: updated_at moves. */
async function touchPage(tx: Pick<Db, "update">, pageId: number): Promise<void> {
  await tx.update(linkPages).set({ updatedAt: new Date() }).where(eq(linkPages.id, pageId));
}
