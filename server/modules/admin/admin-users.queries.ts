import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { adminUsersQuerySchema } from "../../../common/contract/admin";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import {
  billingEvents,
  linkPages,
  links,
  shortenedUrls,
  subscriptionPlans,
  transactions,
  userSubscriptions,
  users,
} from "../../../db/schema";

export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
/** The search and sort of the list, without its paging (the CSV export uses the same). */
export type AdminUsersFilter = Pick<AdminUsersQuery, "q" | "sort" | "order">;
export type UserRow = typeof users.$inferSelect;

/** `%`, `_` and `\` typed in a search box are searched for, not used as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

function adminUsersWhere(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(users.email, pattern), ilike(fullName, pattern));
}

// NOTE: each aggregate has a name of its own: Drizzle names a subquery's aliased field without its
// subquery in the outer query, so two "clicks" would be ambiguous.

/** Per owner: how many Link Bio pages. */
const pageCounts = (db: Db) =>
  db
    .select({ userId: linkPages.userId, n: sql<number>`count(*)`.as("page_n") })
    .from(linkPages)
    .groupBy(linkPages.userId)
    .as("page_counts");

/** Per owner: how many short links, and their clicks. */
const urlCounts = (db: Db) =>
  db
    .select({
      userId: shortenedUrls.userId,
      n: sql<number>`count(*)`.as("url_n"),
      clicks: sql<number>`sum(${shortenedUrls.clickCount})`.as("url_clicks"),
    })
    .from(shortenedUrls)
    .groupBy(shortenedUrls.userId)
    .as("url_counts");

/** Per owner: the clicks of the buttons of their Link Bio pages. */
const linkClicks = (db: Db) =>
  db
    .select({ userId: linkPages.userId, clicks: sql<number>`sum(${links.clickCount})`.as("button_clicks") })
    .from(links)
    .innerJoin(linkPages, eq(linkPages.id, links.linkPageId))
    .groupBy(linkPages.userId)
    .as("link_clicks");

/**
 * The ids of one page of the list (search, sort, ties by id so no row shows on two pages), in
 * order. Two shapes, for 100k users:
 * - by signup date, email or name, only `users` is read: a top-N sort that never touches the
 *   content tables;
 * - by a usage count, the counts of every matching user are needed to sort. They come from grouped
 *   aggregates (one hash aggregate per content table, hash-joined to users), which at this size
 *   beats a correlated count per user (one index probe per user per table). Only the tables the
 *   chosen count needs are read.
 * The page's own figures are then read for these ids only (selectAdminUsersByIds).
 * NOTE: measured on Postgres with 100k users, 300k short links and 200k buttons: ~30-120 ms by
 * date/email/name, ~0.5 s by clicks. Past that, per-user counters kept by the click batch would
 * make the count sorts an index scan.
 */
export async function selectAdminUserIds(
  db: Db,
  filter: AdminUsersFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> {
  const direction = filter.order === "asc" ? asc : desc;
  const where = adminUsersWhere(filter.q);
  const page = async <T extends PgSelect>(query: T, key: SQL) => {
    const rows = (await query
      .where(where)
      .orderBy(direction(key), direction(users.id))
      .limit(limit)
      .offset(offset)) as { id: number }[];
    return rows.map((row) => row.id);
  };
  const ids = db.select({ id: users.id }).from(users);
  switch (filter.sort) {
    case "email":
      return page(ids.$dynamic(), sql`lower(${users.email})`);
    case "name":
      return page(ids.$dynamic(), sql`lower(trim(${fullName}))`);
    case "link_pages": {
      const pages = pageCounts(db);
      return page(ids.leftJoin(pages, eq(pages.userId, users.id)).$dynamic(), sql`coalesce(${pages.n}, 0)`);
    }
    case "shortened_urls": {
      const urls = urlCounts(db);
      return page(ids.leftJoin(urls, eq(urls.userId, users.id)).$dynamic(), sql`coalesce(${urls.n}, 0)`);
    }
    case "clicks": {
      const urls = urlCounts(db);
      const buttons = linkClicks(db);
      return page(
        ids
          .leftJoin(urls, eq(urls.userId, users.id))
          .leftJoin(buttons, eq(buttons.userId, users.id))
          .$dynamic(),
        sql`(coalesce(${urls.clicks}, 0) + coalesce(${buttons.clicks}, 0))`,
      );
    }
    default:
      return page(ids.$dynamic(), sql`${users.createdAt}`);
  }
}

export function countAdminUsers(db: Db, q: string): Promise<number> {
  return db.$count(users, adminUsersWhere(q));
}

export type AdminUserRow = {
  user: Omit<UserRow, "passwordHash">;
  subscription: { planId: number; planName: string; status: string; expiresAt: Date | null } | null;
  linkPagesCount: number;
  shortenedUrlsCount: number;
  totalClicks: number;
};

const { passwordHash: _hash, ...userColumns } = getTableColumns(users);

/** The current subscription's condition: active or canceled, and not past its end. */
const isCurrentSubscription = and(
  inArray(userSubscriptions.status, ["active", "canceled"]),
  or(isNull(userSubscriptions.expiresAt), gt(userSubscriptions.expiresAt, sql`now()`)),
);

/**
 * Everything the admin table shows of these users (in no particular order): their row (never the
 * password hash), their current subscription and plan (the unique index holds one at most), and
 * their counts, read per user through the owner indexes.
 */
export async function selectAdminUsersByIds(db: Db, ids: number[]): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      user: userColumns,
      planId: userSubscriptions.planId,
      planName: subscriptionPlans.name,
      status: userSubscriptions.status,
      expiresAt: userSubscriptions.expiresAt,
      linkPagesCount:
        sql<number>`(select count(*) from link_pages lp where lp.user_id = ${users.id})`.mapWith(Number),
      shortenedUrlsCount:
        sql<number>`(select count(*) from shortened_urls s where s.user_id = ${users.id})`.mapWith(Number),
      totalClicks: sql<number>`(
        coalesce((select sum(s.click_count) from shortened_urls s where s.user_id = ${users.id}), 0)
        + coalesce((select sum(l.click_count) from links l join link_pages lp on lp.id = l.link_page_id
                    where lp.user_id = ${users.id}), 0))`.mapWith(Number),
    })
    .from(users)
    .leftJoin(userSubscriptions, and(eq(userSubscriptions.userId, users.id), isCurrentSubscription))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(sql`${users.id} = any(${sql.param(ids)}::int[])`);
  return rows.map((row) => ({
    user: row.user,
    subscription:
      row.planId !== null && row.planName !== null && row.status !== null
        ? { planId: row.planId, planName: row.planName, status: row.status, expiresAt: row.expiresAt }
        : null,
    linkPagesCount: row.linkPagesCount,
    shortenedUrlsCount: row.shortenedUrlsCount,
    totalClicks: row.totalClicks,
  }));
}

/**
 * Locks the user's row and every active administrator's, in id order in one statement (two admin
 * actions at once cannot deadlock, nor both remove "the other" administrator). Answers the user
 * (null when missing) and how many other active administrators remain.
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
  const user = rows.find((row) => row.id === id) ?? null;
  const otherActiveAdmins = rows.filter((row) => row.id !== id && row.isAdmin && row.isActive).length;
  return { user, otherActiveAdmins };
}

/** Whether another account already has this email (emails are unique case-insensitively). */
export async function emailTakenByAnother(tx: Db, email: string, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, id)))
    .limit(1);
  return !!row;
}

/**
 * What a user owns, for their deletion (the before snapshot, and what to invalidate after it),
 * locked in the order a click batch locks them (short links, links, pages; by id): a batch for
 * these targets finishes before the delete, and one that comes after finds them gone.
 */
export async function lockUserHoldings(tx: Db, userId: number) {
  // One after the other: a transaction is one connection.
  const shortLinks = await tx
    .select({ id: shortenedUrls.id, domainId: shortenedUrls.domainId, code: shortenedUrls.shortCode })
    .from(shortenedUrls)
    .where(eq(shortenedUrls.userId, userId))
    .orderBy(asc(shortenedUrls.id))
    .for("update");
  const buttons = await tx
    .select({ id: links.id })
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
    })
    .from(linkPages)
    .where(eq(linkPages.userId, userId))
    .orderBy(asc(linkPages.id))
    .for("update");
  const [payments] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return { shortLinks, pages, links: buttons.length, transactions: payments?.n ?? 0 };
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | "email"
    | "isAdmin"
    | "isActive"
    | "customMaxLinkPages"
    | "customMaxShortenedUrls"
    | "customMaxClicksPerMonth"
  >
>;

export async function updateUserRow(tx: Db, id: number, changes: UserChanges): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Ends the user's subscriptions now: the current one (and a downgrade waiting for it), and any
 * whose end passed before the expiry job reached it (the one-current index needs the room).
 * Answers the ids of those ended.
 */
export async function endSubscriptionsNow(tx: Db, userId: number, now: Date): Promise<number[]> {
  const ended = await tx
    .update(userSubscriptions)
    .set({
      status: "expired",
      expiresAt: sql`case when ${userSubscriptions.expiresAt} < ${now.toISOString()}::timestamptz
        then ${userSubscriptions.expiresAt} else ${now.toISOString()}::timestamptz end`,
      scheduledPlanId: null,
      scheduledIntervalType: null,
      scheduledUntil: null,
      updatedAt: now,
    })
    .where(
      and(eq(userSubscriptions.userId, userId), inArray(userSubscriptions.status, ["active", "canceled"])),
    )
    .returning({ id: userSubscriptions.id });
  return ended.map((row) => row.id);
}

/** A plan granted by the administrator: active from now, with no end. */
export async function insertGrantedSubscription(
  tx: Db,
  userId: number,
  planId: number,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(userSubscriptions)
    .values({ userId, planId, status: "active", intervalType: "monthly", startsAt: now, expiresAt: null })
    .returning({ id: userSubscriptions.id });
  return row!.id;
}

export async function insertBillingEvent(
  tx: Db,
  event: {
    userId: number;
    subscriptionId: number;
    kind: string;
    cause: string;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(billingEvents).values(event);
}
