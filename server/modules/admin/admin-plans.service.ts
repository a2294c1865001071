import { and, asc, count, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { ADMIN_MESSAGES, type AdminPlan, type planBodySchema } from "../../../common/contract/admin";
import { DOMAIN_MESSAGES } from "../../../common/contract/domains";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import {
  domains,
  planDomains,
  subscriptionPlans,
  systemConfig,
  transactions,
  userSubscriptions,
} from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { HttpError } from "../../lib/http-error";
import { countFreeUsers } from "../auth/registration-policy";
import { findFreePlan, type PlanRow, toSubscriptionPlan, unlimitedAsNull } from "../billing/plans.queries";

// The administrator's plans (spec 2, 3, 5, 7): the rules that keep the product working while plans
// change. The free plan is the plan of everyone without a subscription; the default plan is what new
// users get; payments and subscriptions keep the plan they were for.

export type PlanValues = z.output<typeof planBodySchema>;

/** Subscriptions that give their plan now: active or canceled, not past their end (planOf's rule). */
const isCurrent = () =>
  and(
    inArray(userSubscriptions.status, ["active", "canceled"]),
    or(isNull(userSubscriptions.expiresAt), gt(userSubscriptions.expiresAt, new Date())),
  );

/** Spec 7's fields always; the later ones only when sent (absent: the column's default, or unchanged). */
function toColumns(values: PlanValues) {
  return {
    name: values.name,
    description: values.description,
    priceCents: values.price_cents,
    intervalType: values.interval_type,
    // -1 and null both mean unlimited: stored as null, one way.
    maxLinkPages: unlimitedAsNull(values.max_link_pages),
    maxShortenedUrls: unlimitedAsNull(values.max_shortened_urls),
    maxClicksPerMonth: unlimitedAsNull(values.max_clicks_per_month),
    customDomains: values.custom_domains,
    prioritySupport: values.priority_support,
    analyticsRetentionDays: values.analytics_retention_days,
    ...(values.yearly_price_cents === undefined ? {} : { yearlyPriceCents: values.yearly_price_cents }),
    ...(values.creations_per_hour === undefined
      ? {}
      : { creationsPerHour: unlimitedAsNull(values.creations_per_hour) }),
    ...(values.max_leads_per_month === undefined
      ? {}
      : { maxLeadsPerMonth: unlimitedAsNull(values.max_leads_per_month) }),
    ...(values.premium_domains === undefined ? {} : { premiumDomains: values.premium_domains }),
    ...(values.is_active === undefined ? {} : { isActive: values.is_active }),
  };
}

async function domainIdsOf(db: Db, planId: number): Promise<number[]> {
  const rows = await db
    .select({ domainId: planDomains.domainId })
    .from(planDomains)
    .where(eq(planDomains.planId, planId))
    .orderBy(asc(planDomains.domainId));
  return rows.map((row) => row.domainId);
}

async function subscribersOf(db: Db, planId: number): Promise<number> {
  return db.$count(userSubscriptions, and(eq(userSubscriptions.planId, planId), isCurrent()));
}

async function toAdminPlan(db: Db, row: PlanRow): Promise<AdminPlan> {
  const [subscribers, domain_ids] = await Promise.all([subscribersOf(db, row.id), domainIdsOf(db, row.id)]);
  return {
    ...toSubscriptionPlan(row),
    subscribers,
    domain_ids,
    creations_per_hour: unlimitedAsNull(row.creationsPerHour),
  };
}

/** The plan row, locked until the transaction ends (no subscribe or second edit slips in); 404 if none. */
async function lockPlan(tx: Db, id: number): Promise<PlanRow> {
  const [row] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for("update");
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.planNotFound);
  return row;
}

async function defaultPlanId(tx: Db): Promise<number | null> {
  const [row] = await tx
    .select({ id: systemConfig.defaultPlanId })
    .from(systemConfig)
    .where(eq(systemConfig.id, 1));
  return row?.id ?? null;
}

/** Every plan, active and inactive, cheapest first, with its subscribers and custom domains. */
export async function listAdminPlans(db: Db): Promise<AdminPlan[]> {
  const [plans, counts, links] = await Promise.all([
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.priceCents), asc(subscriptionPlans.id)),
    db
      .select({ planId: userSubscriptions.planId, subscribers: count() })
      .from(userSubscriptions)
      .where(isCurrent())
      .groupBy(userSubscriptions.planId),
    db.select().from(planDomains).orderBy(asc(planDomains.domainId)),
  ]);
  const subscribers = new Map(counts.map((row) => [row.planId, Number(row.subscribers)]));
  // The free plan's people are everyone on no paid plan (most have no subscription row at all).
  const free = await findFreePlan(db);
  subscribers.set(free.id, await countFreeUsers(db));
  const domainIds = new Map<number, number[]>();
  for (const { planId, domainId } of links)
    domainIds.set(planId, [...(domainIds.get(planId) ?? []), domainId]);
  return plans.map((row) => ({
    ...toSubscriptionPlan(row),
    subscribers: subscribers.get(row.id) ?? 0,
    domain_ids: domainIds.get(row.id) ?? [],
    creations_per_hour: unlimitedAsNull(row.creationsPerHour),
  }));
}

export async function createPlan(db: Db, actor: Actor, values: PlanValues): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(subscriptionPlans).values(toColumns(values)).returning();
    const plan = await toAdminPlan(tx, row!);
    await recordAudit(tx, actor, {
      action: "plan.create",
      targetType: "plan",
      targetId: plan.id,
      targetLabel: plan.name,
      after: toSubscriptionPlan(row!),
    });
    return plan;
  });
}

/**
 * Replaces a plan's fields with the form's (those past spec 7 only when sent). Its subscribers get the new limits on their next request
 * (entitlements read the plan per request). The free plan keeps price zero and stays active; the
 * default plan of new users stays active.
 */
export async function updatePlan(db: Db, actor: Actor, id: number, values: PlanValues): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, id);
    // Absent fields keep their stored values.
    const yearlyPrice =
      values.yearly_price_cents === undefined ? before.yearlyPriceCents : values.yearly_price_cents;
    const deactivating = values.is_active === false;
    if ((await findFreePlan(tx)).id === id) {
      if (values.price_cents > 0 || (yearlyPrice ?? 0) > 0) {
        throw new HttpError(400, ADMIN_MESSAGES.freePlanPrice, { price_cents: ADMIN_MESSAGES.freePlanPrice });
      }
      if (deactivating) {
        throw new HttpError(400, ADMIN_MESSAGES.freePlanRequired, {
          is_active: ADMIN_MESSAGES.freePlanRequired,
        });
      }
    }
    if (deactivating && (await defaultPlanId(tx)) === id) {
      throw new HttpError(400, ADMIN_MESSAGES.planIsDefaultDeactivate, {
        is_active: ADMIN_MESSAGES.planIsDefaultDeactivate,
      });
    }
    const [after] = await tx
      .update(subscriptionPlans)
      .set({ ...toColumns(values), updatedAt: new Date() })
      .where(eq(subscriptionPlans.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "plan.update",
      targetType: "plan",
      targetId: id,
      targetLabel: after!.name,
      before: toSubscriptionPlan(before),
      after: toSubscriptionPlan(after!),
    });
    return toAdminPlan(tx, after!);
  });
}

/** A foreign key still pointing at the row (a payment or subscription written meanwhile). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23503") return true;
  }
  return false;
}

/**
 * Deletes a plan nobody has and nothing remembers. Refused (409) for the free plan, the default
 * plan, a plan with current subscribers, and one that payments or past subscriptions point to (they
 * keep their plan): deactivating hides it from the pricing page instead.
 */
export async function deletePlan(db: Db, actor: Actor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, id);
      if ((await findFreePlan(tx)).id === id) throw new HttpError(409, ADMIN_MESSAGES.freePlanRequired);
      if ((await defaultPlanId(tx)) === id) throw new HttpError(409, ADMIN_MESSAGES.planIsDefault);
      const subscribers = await subscribersOf(tx, id);
      if (subscribers > 0) throw new HttpError(409, ADMIN_MESSAGES.planInUse(subscribers));
      const [payments, subscriptions] = await Promise.all([
        tx.$count(transactions, eq(transactions.planId, id)),
        tx.$count(
          userSubscriptions,
          or(eq(userSubscriptions.planId, id), eq(userSubscriptions.scheduledPlanId, id)),
        ),
      ]);
      if (payments + subscriptions > 0) throw new HttpError(409, ADMIN_MESSAGES.planHasHistory);
      const before = await toAdminPlan(tx, plan);
      // plan_domains rows go with it (on delete cascade).
      await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
      await recordAudit(tx, actor, {
        action: "plan.delete",
        targetType: "plan",
        targetId: id,
        targetLabel: plan.name,
        before,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new HttpError(409, ADMIN_MESSAGES.planHasHistory);
    throw error;
  }
}

/**
 * Makes a custom domain available to a plan, or not (spec 7). Idempotent: asking for what already
 * is changes nothing and writes no audit line. Returns the plan's domains and whether they changed
 * (the caller then tells every process's DomainRegistry).
 */
export async function setPlanDomain(
  db: Db,
  actor: Actor,
  planId: number,
  domainId: number,
  available: boolean,
): Promise<{ domainIds: number[]; changed: boolean }> {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    const [domain] = await tx
      .select({ id: domains.id, isDefault: domains.isDefault })
      .from(domains)
      .where(eq(domains.id, domainId));
    if (!domain) throw new HttpError(404, ADMIN_MESSAGES.domainNotFound);
    // Spec 4: the default domain is in every plan.
    if (!available && domain.isDefault) throw new HttpError(409, DOMAIN_MESSAGES.defaultInEveryPlan);
    const before = await domainIdsOf(tx, planId);
    const changed = available
      ? (await tx.insert(planDomains).values({ planId, domainId }).onConflictDoNothing().returning()).length >
        0
      : (
          await tx
            .delete(planDomains)
            .where(and(eq(planDomains.planId, planId), eq(planDomains.domainId, domainId)))
            .returning()
        ).length > 0;
    if (!changed) return { domainIds: before, changed };
    const after = await domainIdsOf(tx, planId);
    await recordAudit(tx, actor, {
      action: "plan.update",
      targetType: "plan",
      targetId: planId,
      targetLabel: plan.name,
      before: { domain_ids: before },
      after: { domain_ids: after },
    });
    return { domainIds: after, changed };
  });
}
