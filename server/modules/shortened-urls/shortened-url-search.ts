import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import { SHORT_URL_SEARCH_COUNT_MAX } from "../../../common/contract/shortened-urls";
import type { Db } from "../../../db/client";
import { SHORT_URL_SEARCH_TEXT, shortenedUrls } from "../../../db/schema";
import { likePattern } from "../../lib/like-pattern";
import { queryPlan } from "../../lib/query-plan";
import { withoutIndexOrder } from "../../lib/without-index-order";
import { userUsageOf } from "../usage/user-usage";

type Row = typeof shortenedUrls.$inferSelect;
type Page = { q: string; limit: number; offset: number };
/** A page of matches, newest first, and how many match in all (null: more than the cap). */
export type SearchResult = { rows: Row[]; total: number | null };

const CAP = SHORT_URL_SEARCH_COUNT_MAX;
/** The newest links a common word's search reads first: twice the cap, ~30 ms on PGlite. */
const NEWEST = 2 * CAP;

const NEWEST_FIRST = [desc(shortenedUrls.createdAt), desc(shortenedUrls.id)];

/**
 * A search of one user's short links (title, URL or code, one trigram-indexed text), with a count
 * that stops past SHORT_URL_SEARCH_COUNT_MAX. What it costs depends on how many links match and
 * where, and a plan that is right for one term takes seconds for another (measured on the bench's
 * user with a million links, PGlite):
 * - A window count over the whole match (as the list had) reads and sorts every match: 2.5 s and
 *   ~150 MB of temporary files for a word in every link.
 * - Reading the list's index backwards until a page is full is instant for a word in every link, but
 *   the planner also picks it for 11,111 matches that all sit among old links (a bulk import of
 *   "item-42…"), and it then reads 570,000 links: 1.9 s.
 * - The trigram index finds a rare term's matches at once (~15 ms), but builds a bitmap of a
 *   million entries for a common one (~100–220 ms).
 * So each step here bounds what it reads. The planner's estimate (the expression index's
 * statistics) only picks which bounded step goes first.
 */
export async function searchShortenedUrls(db: Db, userId: number, page: Page): Promise<SearchResult> {
  return db.transaction(async (tx) => {
    if ((await estimatedMatches(tx, matching(userId, page.q))) > NEWEST) {
      const found = await amongNewest(tx, userId, page);
      if (found) return found;
    }
    return fromTrigramIndex(tx, userId, page);
  });
}

/** The user's links whose title, URL or code holds q. */
const matching = (userId: number, q: string) =>
  and(eq(shortenedUrls.userId, userId), sql`${sql.raw(SHORT_URL_SEARCH_TEXT)} ilike ${likePattern(q)}`);

/** The planner's estimate of the matches. */
async function estimatedMatches(tx: Db, where: SQL | undefined): Promise<number> {
  return Number((await queryPlan(tx, sql`select 1 from ${shortenedUrls} where ${where}`))["Plan Rows"]) || 0;
}

/**
 * A common word: the first CAP+1 matches among the user's NEWEST links, in the list's order (an
 * index range, read until they are found). Settles the search when they are more than the cap
 * (uncounted) or are every link the user has; null when the word is rarer there than estimated.
 */
export async function amongNewest(
  tx: Db,
  userId: number,
  { q, limit, offset }: Page,
): Promise<SearchResult | null> {
  const newest = tx
    .select({
      id: shortenedUrls.id,
      createdAt: shortenedUrls.createdAt,
      text: sql<string>`${sql.raw(SHORT_URL_SEARCH_TEXT)}`.as("search_text"),
    })
    .from(shortenedUrls)
    .where(eq(shortenedUrls.userId, userId))
    .orderBy(...NEWEST_FIRST)
    .limit(NEWEST)
    .as("newest");
  const matches = tx
    .select({ id: newest.id, createdAt: newest.createdAt })
    .from(newest)
    .where(sql`${newest.text} ilike ${likePattern(q)}`)
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(CAP + 1)
    .as("matches");
  const found = await countAndPage(tx, matches, limit, offset);
  const counted = found.n <= CAP;
  if (counted && (await userUsageOf(tx, userId)).shortLinks > NEWEST) return null;
  if (counted || found.ids.length === limit)
    return { rows: await rowsById(tx, found.ids), total: counted ? found.n : null };
  // Past the first CAP+1: the list's index read backwards until the page is full, which the density
  // just seen (over half the newest links match) keeps short.
  return pastTheCount(tx, userId, { q, limit, offset });
}

/**
 * How many rows a subquery of (id, createdAt) holds and the ids of the page among them, newest
 * first: one row back, not 10,001 to parse.
 */
async function countAndPage(
  tx: Db,
  matches: SubqueryWithSelection<
    { id: typeof shortenedUrls.id; createdAt: typeof shortenedUrls.createdAt },
    string
  >,
  limit: number,
  offset: number,
): Promise<{ n: number; ids: number[] }> {
  const inOrder = sql`array_agg(${matches.id} order by ${matches.createdAt} desc, ${matches.id} desc)`;
  const [found] = await tx
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      ids: sql<number[] | null>`(${inOrder})[${offset + 1}:${offset + limit}]`,
    })
    .from(matches);
  return { n: found?.n ?? 0, ids: found?.ids ?? [] };
}

async function rowsById(tx: Db, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(shortenedUrls)
    .where(inArray(shortenedUrls.id, ids))
    .orderBy(...NEWEST_FIRST);
}

/**
 * A rarer term: the trigram index alone (bitmap scans only, for the rest of the transaction: call
 * it in one), so that no statement can turn into a read of the list's index. Up to CAP+1 matches
 * in the index's order are all of them when they are not more: their count and page come from
 * one scan. More than that, the page sorts every match (unless the estimate was far off, a few
 * tens of thousands at most).
 */
export async function fromTrigramIndex(tx: Db, userId: number, page: Page): Promise<SearchResult> {
  await withoutIndexOrder(tx, { seqScans: false });
  const matches = tx
    .select({ id: shortenedUrls.id, createdAt: shortenedUrls.createdAt })
    .from(shortenedUrls)
    .where(matching(userId, page.q))
    .limit(CAP + 1)
    .as("matches");
  const found = await countAndPage(tx, matches, page.limit, page.offset);
  if (found.n <= CAP) return { rows: await rowsById(tx, found.ids), total: found.n };
  return pastTheCount(tx, userId, page);
}

/** A page of more than CAP matches, read in the list's order; only the last one tells the count. */
async function pastTheCount(tx: Db, userId: number, { q, limit, offset }: Page): Promise<SearchResult> {
  const rows = await tx
    .select()
    .from(shortenedUrls)
    .where(matching(userId, q))
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(offset);
  return { rows, total: isLastPage(rows, limit, offset) ? offset + rows.length : null };
}

/** A page with room to spare is the last: it tells the count (past the end, it does not). */
const isLastPage = (rows: Row[], limit: number, offset: number) =>
  rows.length < limit && (rows.length > 0 || offset === 0);
