import { and, eq, gte, sql } from "drizzle-orm";
import { startOfMonthInZone } from "../../../common/time";
import type { Db } from "../../../db/client";
import { leads } from "../../../db/schema";
import { userLimitsOf } from "../billing/entitlements";

/**
 * The plan's contacts per month (issue 37): counted on the server like the other limits, by the
 * calendar month in São Paulo. Past the limit a contact is still kept (the visitor is thanked and
 * the owner told), but hidden: it shows once the owner's plan allows it (an upgrade) or the month
 * is over. "Past the limit" is by arrival: the contacts of this month after the first `limit`.
 */

/**
 * The user's contacts per month (limitsOf: the administrator's limit for them when set, else their
 * plan's); null: unlimited. With `lock`, in a transaction, the user's row is locked as
 * createWithinLimit locks it (userLimitsOf): two contacts arriving together at the limit are then
 * counted one after the other, and the one past it is told so (its owner's notice hides it, as
 * the list does).
 */
export async function leadLimitOf(db: Db, userId: number, lock = false): Promise<number | null> {
  return (await userLimitsOf(db, userId, lock))?.limits.leads_this_month ?? null;
}

/** New contacts (not merged repeats) the user received this month so far. */
export async function leadsThisMonth(db: Db, userId: number, now = new Date()): Promise<number> {
  return db.$count(leads, and(eq(leads.userId, userId), gte(leads.createdAt, startOfMonthInZone(now))));
}

/**
 * The condition of the contacts the owner sees: every contact of an earlier month, and this month's
 * first `limit` by arrival (all of them when unlimited). For a query on `leads` of one user.
 */
export function visibleLeads(userId: number, limit: number | null, now = new Date()) {
  if (limit === null) return sql`true`;
  const monthStart = startOfMonthInZone(now);
  // The id of this month's limit-th contact (ids grow with arrival); none yet: all are shown.
  return sql`(${leads.createdAt} < ${monthStart} or ${leads.id} <= coalesce((
    select l.id from ${leads} as l
    where l.user_id = ${userId} and l.created_at >= ${monthStart}
    order by l.id offset ${Math.max(limit - 1, 0)} limit 1), 2147483647) and ${limit} > 0)`;
}
