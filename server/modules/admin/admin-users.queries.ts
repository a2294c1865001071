import type { AnyColumn } from "drizzle-orm";
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { adminUsersQuerySchema } from "../../../common/contract/admin";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import {
  accessLog,
  appTotals,
  billingEvents,
  subscriptionPlans,
  USER_SEARCH_TEXT,
  userSubscriptions,
  users,
  userUsage,
} from "../../../db/schema";
import { likePattern } from "../../lib/like-pattern";

export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
/** The search and sort of the list, without its paging (the CSV export uses the same). */
export type AdminUsersFilter = Pick<AdminUsersQuery, "q" | "sort" | "order">;
export type UserRow = typeof users.$inferSelect;

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Email or full name contains q: one trigram-indexed text (USER_SEARCH_TEXT, fast among 100k
 * users). Its columns are unqualified: the queries below join no other table that has them.
 */
function adminUsersWhere(q: string): SQL | undefined {
  if (!q) return undefined;
  return sql`${sql.raw(USER_SEARCH_TEXT)} ilike ${likePattern(q)}`;
}

/**
 * The ids of one page of the list (search, sort, ties by id so no row shows on two pages), in
 * order. By signup date, email or name only `users` is read; by a usage count, `user_usage` (kept
 * by triggers, one row per user, indexed by each count), so a sort by clicks among 100k users is a
 * top-N over two tables, never a count of their links (counting them took ~0.5 s to sort by clicks).
 * The page's own figures are then read for these ids only (selectAdminUsersByIds).
 */
export async function selectAdminUserIds(
  db: Db,
  filter: AdminUsersFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> {
  const direction = filter.order === "asc" ? asc : desc;
  const where = adminUsersWhere(filter.q);
  const page = async <T extends PgSelect>(query: T, key: SQL | AnyColumn, id: AnyColumn = users.id) => {
    const rows = (await query
      .where(where)
      .orderBy(direction(key), direction(id))
      .limit(limit)
      .offset(offset)) as { id: number }[];
    return rows.map((row) => row.id);
  };
  const ids = db.select({ id: users.id }).from(users);
  const byUsage = (count: AnyColumn) =>
    page(
      db
        .select({ id: userUsage.userId })
        .from(userUsage)
        .innerJoin(users, eq(users.id, userUsage.userId))
        .$dynamic(),
      count,
      userUsage.userId,
    );
  switch (filter.sort) {
    case "email":
      return page(ids.$dynamic(), sql`lower(${users.email})`);
    case "name":
      return page(ids.$dynamic(), sql`lower(trim(${fullName}))`);
    case "link_pages":
      return byUsage(userUsage.linkPages);
    case "shortened_urls":
      return byUsage(userUsage.shortLinks);
    case "clicks":
      return byUsage(userUsage.clicks);
    default:
      return page(ids.$dynamic(), users.createdAt);
  }
}

/**
 * How many users the list holds: all of them exactly, a search's matches up to `countUpTo` (null
 * past it: the scan stops at the first match beyond).
 */
export async function countAdminUsers(db: Db, q: string, countUpTo: number): Promise<number | null> {
  if (!q) {
    // Kept by triggers on users (app_totals): counting 100k rows took ~20 ms of every page on PGlite.
    const [totals] = await db.select({ n: appTotals.usersCount }).from(appTotals).where(eq(appTotals.id, 1));
    return Number(totals?.n ?? 0);
  }
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ id: users.id })
      .from(users)
      .where(adminUsersWhere(q))
      .limit(countUpTo + 1)
      .as("matches"),
  );
  const n = row?.n ?? 0;
  return n > countUpTo ? null : n;
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
 * their counts (user_usage).
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
      linkPagesCount: sql<number>`coalesce(${userUsage.linkPages}, 0)`.mapWith(Number),
      shortenedUrlsCount: sql<number>`coalesce(${userUsage.shortLinks}, 0)`.mapWith(Number),
      totalClicks: sql<number>`coalesce(${userUsage.clicks}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(userUsage, eq(userUsage.userId, users.id))
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
 * How the user signs in, for the admin's details: whether they have a password (never the hash),
 * and their last sign-in (password or Google) in the access log, which keeps 6 months.
 */
export async function selectSignInFacts(
  db: Db,
  userId: number,
): Promise<{ hasPassword: boolean; lastLoginAt: Date | null }> {
  const [[user], [login]] = await Promise.all([
    db
      .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ at: accessLog.createdAt })
      .from(accessLog)
      .where(and(eq(accessLog.userId, userId), inArray(accessLog.event, ["login", "login_google"])))
      .orderBy(desc(accessLog.createdAt))
      .limit(1),
  ]);
  return { hasPassword: user?.hasPassword ?? false, lastLoginAt: login?.at ?? null };
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

export type UserChanges = Partial<
  Pick<
    UserRow,
    | "email"
    | "isAdmin"
    | "isActive"
    | "customMaxLinkPages"
    | "customMaxShortenedUrls"
    | "customMaxClicksPerMonth"
    | "customMaxLeadsPerMonth"
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
