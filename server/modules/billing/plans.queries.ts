import { and, asc, desc, eq } from "drizzle-orm";
import type { SubscriptionPlan } from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { subscriptionPlans } from "../../../db/schema";

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** The active plans, cheapest first: the pricing page and the plan-change modal. */
export function listActivePlans(db: Db): Promise<PlanRow[]> {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.priceCents), asc(subscriptionPlans.id));
}

export async function findPlan(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row ?? null;
}

export async function findActivePlan(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.isActive, true)));
  return row ?? null;
}

/**
 * The plan of everyone without a current subscription: the cheapest free plan (the seeded
 * 'Gratuito'), active or not, so that deactivating it on the pricing page strands nobody.
 */
export async function findFreePlan(db: Db): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.priceCents, 0))
    .orderBy(desc(subscriptionPlans.isActive), asc(subscriptionPlans.id))
    .limit(1);
  if (!row) throw new Error("no free plan: migration 0004 seeds 'Gratuito'");
  return row;
}

export function toSubscriptionPlan(row: PlanRow): SubscriptionPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    yearly_price_cents: row.yearlyPriceCents,
    interval_type: row.intervalType,
    max_link_pages: unlimitedAsNull(row.maxLinkPages),
    max_shortened_urls: unlimitedAsNull(row.maxShortenedUrls),
    max_clicks_per_month: unlimitedAsNull(row.maxClicksPerMonth),
    max_leads_per_month: unlimitedAsNull(row.maxLeadsPerMonth),
    custom_domains: row.customDomains,
    premium_domains: row.premiumDomains,
    priority_support: row.prioritySupport,
    analytics_retention_days: row.analyticsRetentionDays,
    is_active: row.isActive,
  };
}

/** -1 (the admin form's "unlimited") and null mean the same; the wire says null. */
export const unlimitedAsNull = (limit: number | null): number | null =>
  limit === null || limit < 0 ? null : limit;
