import { sql } from "drizzle-orm";
import { ADMIN_MESSAGES, type SystemConfig } from "../../../common/contract/admin";
import type { Db } from "../../../db/client";
import { billingEvents, userSubscriptions } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import { findActivePlan, findFreePlan } from "../billing/plans.queries";

/** Accounts on no paid plan now (the free plan's users), for max_free_users. */
export async function countFreeUsers(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from users u
    where not exists (
      select 1 from user_subscriptions s join subscription_plans p on p.id = s.plan_id
      where s.user_id = u.id and s.status in ('active', 'canceled') and p.price_cents > 0
        and (s.expires_at is null or s.expires_at > now())
    )`);
  const rows = (result as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Whether a new account may be created now (the administrator's own address always may):
 * registrations open, and room under max_free_users when new users start on a free plan.
 * NOTE: two registrations at the same instant may both pass the cap by one; it is a soft cap.
 */
export async function assertRegistrationAllowed(db: Db, settings: SystemConfig, isAdmin: boolean) {
  if (isAdmin) return;
  if (!settings.registration_enabled) throw new HttpError(403, ADMIN_MESSAGES.registrationClosed);
  if (settings.max_free_users == null) return;
  const defaultPlan = settings.default_plan_id ? await findActivePlan(db, settings.default_plan_id) : null;
  if (defaultPlan && defaultPlan.priceCents > 0) return;
  if ((await countFreeUsers(db)) >= settings.max_free_users) {
    throw new HttpError(403, ADMIN_MESSAGES.freeUsersFull);
  }
}

/** A new user gets the administrator's default plan: a grant with no end, unless it is the free plan. */
export async function applyDefaultPlan(db: Db, userId: number, settings: SystemConfig) {
  if (!settings.default_plan_id) return;
  const [plan, free] = await Promise.all([findActivePlan(db, settings.default_plan_id), findFreePlan(db)]);
  if (!plan || plan.id === free.id) return;
  const [subscription] = await db
    .insert(userSubscriptions)
    .values({ userId, planId: plan.id, status: "active", expiresAt: null })
    .returning();
  await db.insert(billingEvents).values({
    userId,
    subscriptionId: subscription!.id,
    kind: "subscription.activated",
    cause: "registration",
    detail: { plan_id: plan.id, default_plan: true },
  });
}
