import { and, desc, eq, sql } from "drizzle-orm";
import { SHORT_CODE_PATTERN } from "../../../common/contract/shortened-urls";
import type { Database, Db } from "../../../db/client";
import { type RedirectRule, shortenedUrls } from "../../../db/schema";
import { forgetClicks } from "../clicks/forget-clicks";
import { userUsageOf } from "../usage/user-usage";
import { type SearchResult, searchShortenedUrls } from "./shortened-url-search";

export type ShortenedUrlRow = typeof shortenedUrls.$inferSelect;
export type NewShortenedUrl = typeof shortenedUrls.$inferInsert;

/**
 * One page of a user's short links, newest first, and how many match in all: null when a search
 * matches more than SHORT_URL_SEARCH_COUNT_MAX (shortened-url-search.ts). Unfiltered, the count is
 * the user's counter and the page an index range.
 */
export async function listShortenedUrls(
  db: Db,
  userId: number,
  page: { q: string; limit: number; offset: number },
): Promise<SearchResult> {
  if (page.q) return searchShortenedUrls(db, userId, page);
  const [rows, usage] = await Promise.all([
    db
      .select()
      .from(shortenedUrls)
      .where(eq(shortenedUrls.userId, userId))
      .orderBy(desc(shortenedUrls.createdAt), desc(shortenedUrls.id))
      .limit(page.limit)
      .offset(page.offset),
    userUsageOf(db, userId),
  ]);
  return { rows, total: usage.shortLinks };
}

/** Inserts with the given code; null when the code is already taken on that domain. */
export async function insertUnlessCodeTaken(
  db: Db,
  values: NewShortenedUrl,
): Promise<ShortenedUrlRow | null> {
  const [row] = await db
    .insert(shortenedUrls)
    .values(values)
    .onConflictDoNothing({ target: [shortenedUrls.domainId, shortenedUrls.shortCode] })
    .returning();
  return row ?? null;
}

/** Deletes a user's short link with its clicks (events and rollups); null when it is not theirs. */
export async function deleteShortenedUrl(
  db: Db,
  userId: number,
  id: number,
): Promise<ShortenedUrlRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(shortenedUrls)
      .where(and(eq(shortenedUrls.id, id), eq(shortenedUrls.userId, userId)))
      .returning();
    if (!row) return null;
    await forgetClicks(tx, userId, "short_url", [id]);
    return row;
  });
}

export async function findOwnShortenedUrl(
  db: Db,
  userId: number,
  id: number,
): Promise<ShortenedUrlRow | null> {
  const [row] = await db
    .select()
    .from(shortenedUrls)
    .where(and(eq(shortenedUrls.id, id), eq(shortenedUrls.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** What the redirect needs of a code on a domain (the one query of a cache miss). */
export type RedirectRow = {
  id: number;
  userId: number;
  originalUrl: string;
  expiresAt: Date | null;
  /** The power options: what the redirect decides with, loaded with the link into the redirect cache. */
  rules: RedirectRule[] | null;
  clickLimit: number | null;
  limitUsed: number;
  expiredUrl: string | null;
  passwordHash: string | null;
  openInApp: boolean;
};

/** Codes looked up in one statement at most (a larger batch goes in several). */
export const REDIRECT_BATCH_MAX = 500;

/**
 * The redirect's cache misses, many at once: one prepared statement (parsed and planned once; on
 * embedded PGlite a query through the ORM costs several times the lookup itself, on the thread that
 * answers) for every (domain, code) pair asked in the same event-loop turn. Answers the rows found,
 * each with its domain and code.
 */
export async function findRedirectTargets(
  database: Pick<Database, "preparedRows">,
  keys: { domainId: number; code: string }[],
): Promise<(RedirectRow & { domainId: number; shortCode: string })[]> {
  // A code no link can have is not looked up: a NUL would fail the query instead of finding nothing.
  const wanted = keys.filter((key) => SHORT_CODE_PATTERN.test(key.code));
  if (wanted.length === 0) return [];
  return database.preparedRows({
    name: "redirect_links",
    query: sql`select s.id, s.user_id as "userId", s.original_url as "originalUrl",
      s.expires_at as "expiresAt", s.rules, s.click_limit as "clickLimit", s.limit_used as "limitUsed",
      s.expired_url as "expiredUrl", s.password_hash as "passwordHash",
      s.open_in_app as "openInApp", s.domain_id as "domainId", s.short_code as "shortCode"
      from unnest(${sql.param(wanted.map((key) => key.domainId))}::int[],
                  ${sql.param(wanted.map((key) => key.code))}::text[]) as k(domain_id, short_code)
      join shortened_urls as s on s.domain_id = k.domain_id and s.short_code = k.short_code`,
  });
}
