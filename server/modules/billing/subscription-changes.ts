// What a subscription becomes: an approved payment activates, renews or schedules a plan; a refund
// takes back what it bought; the user cancels the renewal; the job expires what has ended.
import type { TransactionType } from "../../../common/contract/billing";
import { BILLING_MESSAGES } from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { HttpError } from "../../lib/http-error";
import {
  expireEndedSubscriptions,
  findSubscriptionForUpdate,
  insertSubscription,
  lockUser,
  type OwnedTransaction,
  recordEvent,
  selectEndedSubscriptions,
  updateSubscription,
} from "./billing.queries";
import type { BillingApp } from "./billing-app";
import { transactionTypeFor } from "./checkout";
import { type ClosedCheckout, voidOtherPlansCheckouts } from "./checkout-closing";
import { findCurrentSubscription, type SubscriptionRow } from "./entitlements";
import { paidPeriodEnd } from "./periods";
import { userPlanChanged } from "./plan-cache";
import { findPlan } from "./plans.queries";

/**
 * An approved payment's effect on the subscription, decided now (not at checkout: the user may have
 * paid something else since): the same plan extends the current period; a cheaper plan waits for the
 * end of the current period; anything else (new, upgrade) starts now and replaces the current one.
 * What the payment bought is its value (amount, plus the credit if the subscription it came from is
 * still the current one) against the plan's list price: one period, or pro rata more or less.
 */
export async function activate(
  db: Db,
  tx: OwnedTransaction,
  cause: string,
  now: Date,
): Promise<{ start: Date; end: Date; type: TransactionType; closed: ClosedCheckout[] }> {
  await expireEnded(db, tx.userId, now);
  const current = await findCurrentSubscription(db, tx.userId);
  const interval = tx.intervalType;
  const creditValid = tx.creditCents > 0 && current?.id === tx.creditSubscriptionId;
  const value = tx.amountCents + (creditValid ? tx.creditCents : 0);
  const listPrice = tx.listPriceCents ?? tx.amountCents + tx.creditCents;
  const periodFrom = (start: Date) => paidPeriodEnd(start, interval, value, listPrice);
  const event = (kind: string, subscriptionId: number, detail: Record<string, unknown>) =>
    recordEvent(db, { userId: tx.userId, transactionId: tx.id, subscriptionId, kind, cause, detail });

  if (current && current.planId === tx.planId) {
    const start = current.expiresAt && current.expiresAt > now ? current.expiresAt : now;
    const end = periodFrom(start);
    // A downgrade waiting for the end of the period waits for the new end instead.
    const shift = end.getTime() - start.getTime();
    await updateSubscription(db, current.id, {
      status: "active",
      expiresAt: end,
      canceledAt: null,
      intervalType: interval,
      scheduledUntil: current.scheduledUntil && new Date(current.scheduledUntil.getTime() + shift),
      updatedAt: now,
    });
    await event("subscription.renewed", current.id, { until: end.toISOString() });
    return { start, end, type: current.intervalType === interval ? "renewal" : "subscription", closed: [] };
  }

  // Upgrade or downgrade against the plan the user has now (a Pix paid days later may meet a plan
  // bought since): a cheaper plan never cuts short a better one already paid for.
  const [currentPlan, planBought] = current
    ? await Promise.all([findPlan(db, current.planId), findPlan(db, tx.planId)])
    : [null, null];
  const type =
    current && currentPlan && planBought
      ? transactionTypeFor({ plan: currentPlan, interval: current.intervalType }, planBought, interval)
      : "subscription";

  if (current && type === "downgrade" && current.expiresAt) {
    // After a downgrade already waiting for the same plan, this one follows it; another plan takes
    // the waiting one's place (the checkout refuses that; a late payment may still do it).
    const followsWaiting = current.scheduledPlanId === tx.planId && current.scheduledUntil;
    const start = followsWaiting ? current.scheduledUntil! : current.expiresAt;
    const end = periodFrom(start);
    if (current.scheduledPlanId && !followsWaiting) {
      await event("subscription.schedule_replaced", current.id, {
        replaced_plan_id: current.scheduledPlanId,
        replaced_until: current.scheduledUntil?.toISOString(),
      });
    }
    await updateSubscription(db, current.id, {
      scheduledPlanId: tx.planId,
      scheduledIntervalType: interval,
      scheduledUntil: end,
      updatedAt: now,
    });
    await event("subscription.downgrade_scheduled", current.id, {
      plan_id: tx.planId,
      from: start.toISOString(),
      until: end.toISOString(),
    });
    return { start, end, type, closed: [] };
  }

  const end = periodFrom(now);
  // A downgrade already paid for keeps its length, after the new period.
  const carried =
    current?.scheduledPlanId && current.scheduledUntil && current.expiresAt
      ? {
          scheduledPlanId: current.scheduledPlanId,
          scheduledIntervalType: current.scheduledIntervalType,
          scheduledUntil: new Date(
            end.getTime() + current.scheduledUntil.getTime() - current.expiresAt.getTime(),
          ),
        }
      : {};
  if (current) {
    await updateSubscription(db, current.id, { status: "expired", expiresAt: now, updatedAt: now });
    await event("subscription.replaced", current.id, { by_plan_id: tx.planId });
  }
  const created = await insertSubscription(db, {
    userId: tx.userId,
    planId: tx.planId,
    status: "active",
    intervalType: interval,
    startsAt: now,
    expiresAt: end,
    ...carried,
  });
  await event("subscription.activated", created.id, { plan_id: tx.planId, until: end.toISOString() });
  // The plan changed: what was waiting to be paid for another plan is void.
  const closed = await voidOtherPlansCheckouts(db, tx, cause, now);
  return { start: now, end, type: current ? type : "subscription", closed };
}

/**
 * Subscriptions past their end that the job has not reached yet are over: marked so at once, so the
 * one-current-subscription index leaves room for the new one.
 */
async function expireEnded(db: Db, userId: number, now: Date) {
  const ended = await expireEndedSubscriptions(db, userId, now);
  for (const { id } of ended) {
    await recordEvent(db, { userId, subscriptionId: id, kind: "subscription.expired", cause: "payment" });
  }
}

/**
 * A refund or chargeback takes back what that payment bought: nothing when its period is over; the
 * waiting downgrade when it paid for one; otherwise the subscription ends now (spec 4).
 */
export async function endWhatItBought(db: Db, tx: OwnedTransaction, cause: string, reason: string) {
  const now = new Date();
  if (tx.subscriptionEnd && tx.subscriptionEnd <= now) return;
  const current = await findCurrentSubscription(db, tx.userId);
  if (!current) return;
  const paidTheWaitingDowngrade =
    current.scheduledPlanId === tx.planId &&
    current.planId !== tx.planId &&
    !!tx.subscriptionStart &&
    !!current.expiresAt &&
    tx.subscriptionStart >= current.expiresAt;
  if (paidTheWaitingDowngrade) {
    await takeBack(
      db,
      tx,
      current,
      { kind: "subscription.schedule_canceled", cause, reason },
      { updatedAt: now },
    );
    return;
  }
  await cancelAtOnce(db, tx, cause, reason);
}

/** The subscription ends now, and a downgrade waiting for it goes too. */
async function cancelAtOnce(db: Db, tx: OwnedTransaction, cause: string, reason: string) {
  const current = await findCurrentSubscription(db, tx.userId);
  if (!current) return;
  const now = new Date();
  await takeBack(
    db,
    tx,
    current,
    { kind: "subscription.canceled", cause, reason },
    { status: "canceled", canceledAt: now, expiresAt: now, updatedAt: now },
  );
}

/**
 * What `tx` bought is taken back from `current`: `changes`, and no change waits for its end any
 * more (a scheduled downgrade goes), with the event that says why.
 */
async function takeBack(
  db: Db,
  tx: OwnedTransaction,
  current: SubscriptionRow,
  event: { kind: string; cause: string; reason: string },
  changes: Partial<SubscriptionRow>,
) {
  await updateSubscription(db, current.id, {
    ...changes,
    scheduledPlanId: null,
    scheduledIntervalType: null,
    scheduledUntil: null,
  });
  await recordEvent(db, {
    userId: tx.userId,
    transactionId: tx.id,
    subscriptionId: current.id,
    kind: event.kind,
    cause: event.cause,
    detail: { reason: event.reason },
  });
}

/** POST /api/user/subscription/cancel: no renewal; the plan stays until expires_at. */
export async function cancelSubscription(app: BillingApp, userId: number) {
  await app.db.transaction(async (db) => {
    await lockUser(db, userId);
    const current = await findCurrentSubscription(db, userId);
    if (current?.status !== "active" || !current.expiresAt) {
      throw new HttpError(400, BILLING_MESSAGES.nothingToCancel);
    }
    const now = new Date();
    await updateSubscription(db, current.id, { status: "canceled", canceledAt: now, updatedAt: now });
    await recordEvent(db, {
      userId,
      subscriptionId: current.id,
      kind: "subscription.canceled",
      cause: "user",
    });
  });
  userPlanChanged(app.bus, userId);
}

/**
 * The scheduled job: subscriptions past their end move to a scheduled downgrade or expire (their
 * users are then on the free plan). `planChanged` hears of each user whose subscription moved, once
 * committed (the job tells the PlanCaches). Pending checkouts expire in expireCheckouts.
 */
export async function runExpiry(
  db: Db,
  now: Date = new Date(),
  planChanged: (userId: number) => void = () => {},
) {
  const due = await selectEndedSubscriptions(db, now);
  for (const subscription of due) {
    const expired = await db.transaction(async (tx) => {
      await lockUser(tx, subscription.userId);
      const fresh = await findSubscriptionForUpdate(tx, subscription.id);
      if (
        !fresh ||
        !["active", "canceled"].includes(fresh.status) ||
        !fresh.expiresAt ||
        fresh.expiresAt >= now
      )
        return false;
      await updateSubscription(tx, fresh.id, { status: "expired", updatedAt: now });
      await recordEvent(tx, {
        userId: fresh.userId,
        subscriptionId: fresh.id,
        kind: "subscription.expired",
        cause: "job",
      });
      if (fresh.scheduledPlanId && fresh.scheduledUntil && fresh.scheduledUntil > now) {
        const next = await insertSubscription(tx, {
          userId: fresh.userId,
          planId: fresh.scheduledPlanId,
          status: "active",
          intervalType: fresh.scheduledIntervalType ?? "monthly",
          startsAt: fresh.expiresAt,
          expiresAt: fresh.scheduledUntil,
        });
        await recordEvent(tx, {
          userId: fresh.userId,
          subscriptionId: next.id,
          kind: "subscription.activated",
          cause: "job",
          detail: { plan_id: fresh.scheduledPlanId, scheduled: true },
        });
      }
      return true;
    });
    if (expired) planChanged(subscription.userId);
  }
  return { expired: due.length };
}
