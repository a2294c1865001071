import { and, eq, gt, gte, inArray, isNull, or, sql } from "drizzle-orm";
import {
  isUnlimited,
  type LimitKind,
  limitReachedMessage,
  type UsageLimits,
} from "../../../common/contract/billing";
import { dayOf, startOfMonthInZone } from "../../../common/time";
import type { Db } from "../../../db/client";
import { clickDailyUser, leads, userSubscriptions, users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import { userUsageOf } from "../usage/user-usage";
import { findFreePlan, findPlan, type PlanRow, unlimitedAsNull } from "./plans.queries";

export type SubscriptionRow = typeof userSubscriptions.$inferSelect;
type UserLimits = Pick<
  typeof users.$inferSelect,
  | "id"
  | "customMaxLinkPages"
  | "customMaxShortenedUrls"
  | "customMaxClicksPerMonth"
  | "customMaxLeadsPerMonth"
>;

/**
 * The subscription that gives a user their plan now: active or canceled, and not past its end. One
 * the expiry job has not reached yet already counts as over.
 */
export async function findCurrentSubscription(db: Db, userId: number): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, ["active", "canceled"]),
        or(isNull(userSubscriptions.expiresAt), gt(userSubscriptions.expiresAt, new Date())),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The plan a user is on now: their current subscription's, else the free plan. */
export async function planOf(
  db: Db,
  userId: number,
): Promise<{ plan: PlanRow; subscription: SubscriptionRow | null }> {
  const subscription = await findCurrentSubscription(db, userId);
  const plan = subscription ? await findPlan(db, subscription.planId) : null;
  return { plan: plan ?? (await findFreePlan(db)), subscription: plan ? subscription : null };
}

/** A custom limit (set by the administrator) wins over the plan's: null follows the plan, -1 is unlimited. */
function effective(custom: number | null, planLimit: number | null): number | null {
  if (custom !== null) return unlimitedAsNull(custom);
  return unlimitedAsNull(planLimit);
}

export function limitsOf(user: UserLimits, plan: PlanRow) {
  return {
    link_pages: effective(user.customMaxLinkPages, plan.maxLinkPages),
    shortened_urls: effective(user.customMaxShortenedUrls, plan.maxShortenedUrls),
    clicks_this_month: effective(user.customMaxClicksPerMonth, plan.maxClicksPerMonth),
    leads_this_month: effective(user.customMaxLeadsPerMonth, plan.maxLeadsPerMonth),
  };
}

/** The first day (YYYY-MM-DD) of the current calendar month in the product's time zone. */
export const monthStartDay = (now: Date | number = Date.now()) => `${dayOf(now).slice(0, 7)}-01`;

/**
 * GET /api/user/limits: what the user has and may have. Clicks are human clicks this calendar month;
 * leads, the new contacts of the forms this calendar month (past the limit they are kept, hidden).
 */
export async function usageLimitsOf(db: Db, user: UserLimits): Promise<UsageLimits> {
  const { plan } = await planOf(db, user.id);
  const limits = limitsOf(user, plan);
  const [usage, [clicks], leadsThisMonth] = await Promise.all([
    userUsageOf(db, user.id),
    db
      .select({ clicks: sql<number>`coalesce(sum(${clickDailyUser.clicks}), 0)`.mapWith(Number) })
      .from(clickDailyUser)
      .where(
        and(
          eq(clickDailyUser.userId, user.id),
          eq(clickDailyUser.dimension, "total"),
          gte(clickDailyUser.day, monthStartDay()),
        ),
      ),
    db.$count(leads, and(eq(leads.userId, user.id), gte(leads.createdAt, startOfMonthInZone()))),
  ]);
  return {
    link_pages: { used: usage.linkPages, limit: limits.link_pages },
    shortened_urls: { used: usage.shortLinks, limit: limits.shortened_urls },
    clicks_this_month: { used: clicks?.clicks ?? 0, limit: limits.clicks_this_month },
    leads_this_month: { used: leadsThisMonth, limit: limits.leads_this_month },
  };
}

/**
 * The user's limits (limitsOf) and plan; null when there is no such user. With `lock`, in a
 * transaction, the user's row is locked "for no key update" until it ends, so that a count and the
 * insert it allows are not raced by another (createWithinLimit; a contact at the plan's limit).
 */
export async function userLimitsOf(
  db: Db,
  userId: number,
  lock = false,
): Promise<{ plan: PlanRow; limits: ReturnType<typeof limitsOf> } | null> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [user] = await (lock ? query.for("no key update") : query);
  if (!user) return null;
  const { plan } = await planOf(db, userId);
  return { plan, limits: limitsOf(user, plan) };
}

const USED = { link_pages: "linkPages", shortened_urls: "shortLinks" } as const;

/**
 * Runs `create` only while the user is under the plan's limit of `kind`, and refuses with a 403
 * naming the limit otherwise. The user's row is locked for the count and the insert, in one
 * transaction: two concurrent creates at the limit cannot both pass. The count is the user's
 * counter (user_usage, kept by triggers in the same transaction as each insert and delete).
 * NOTE: "no key update", not "update": a click batch holds user_usage while its click_events wait
 * for a key-share lock on the user, which "for update" would refuse: a deadlock (Postgres).
 */
export async function createWithinLimit<T>(
  db: Db,
  userId: number,
  kind: LimitKind,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const found = await userLimitsOf(tx, userId, true);
    if (!found) throw new HttpError(401, "Faça login para continuar.");
    const { plan, limits } = found;
    const limit = limits[kind];
    if (!isUnlimited(limit)) {
      const used = (await userUsageOf(tx, userId))[USED[kind]];
      if (used >= limit) {
        throw new HttpError(403, limitReachedMessage(kind, limit, plan.name), { limit: kind });
      }
    }
    return create(tx);
  });
}
