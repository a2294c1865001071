import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  BILLING_MESSAGES,
  type CreateSubscriptionResponse,
  type IntervalType,
  planPrice,
  type RefundResponse,
  type TransactionStatus,
  type TransactionType,
} from "../../../common/contract/billing";
import { formatBRL } from "../../../common/money";
import type { Db } from "../../../db/client";
import { billingEvents, transactions, userSubscriptions, users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { type Actor, recordAudit } from "../admin/audit";
import type { UserRow } from "../auth/session";
import { findCurrentSubscription, type SubscriptionRow } from "./entitlements";
import { type PaymentProvider, type ProviderPayment, ProviderUnavailableError } from "./payment-provider";
import { MIN_CHARGE_CENTS, type PaidPeriod, paidPeriodEnd, unusedValue } from "./periods";
import { userPlanChanged } from "./plan-cache";
import { findActivePlan, findPlan, type PlanRow } from "./plans.queries";

export type TransactionRow = typeof transactions.$inferSelect;
/** A payment of an account that still exists (a deleted account's payments keep a null user). */
type OwnedTransaction = TransactionRow & { userId: number };
const isOwned = (row: TransactionRow): row is OwnedTransaction => row.userId !== null;

/** What the billing rules need of the app (a FastifyInstance has all of it). */
export type BillingApp = {
  db: Db;
  /** Tells every process's PlanCache that a user's subscription changed. */
  bus: InvalidationBus;
  payments: PaymentProvider | null;
  config: { publicUrl: string };
  log: FastifyBaseLogger;
};

type Tx = Db;

async function recordEvent(
  tx: Tx,
  event: {
    userId: number | null;
    kind: string;
    cause: string;
    transactionId?: number | null;
    subscriptionId?: number | null;
    detail?: Record<string, unknown>;
  },
) {
  await tx.insert(billingEvents).values({
    userId: event.userId,
    kind: event.kind,
    cause: event.cause,
    transactionId: event.transactionId ?? null,
    subscriptionId: event.subscriptionId ?? null,
    detail: event.detail ?? {},
  });
}

/** Locks the user's row: every billing change of one user happens one at a time. */
async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** upgrade or downgrade by monthly price against the current plan; the same plan is a renewal. */
export function transactionTypeFor(current: PlanRow | null, next: PlanRow): TransactionType {
  if (!current || current.priceCents === 0 || current.id === next.id) return "subscription";
  return next.priceCents < current.priceCents ? "downgrade" : "upgrade";
}

/**
 * The periods paid for the current subscription's plan that are not over yet (the current one and
 * any renewal paid ahead), for an upgrade's credit.
 */
async function paidPeriodsOf(db: Db, subscription: SubscriptionRow, now: Date): Promise<PaidPeriod[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, subscription.userId),
        eq(transactions.planId, subscription.planId),
        eq(transactions.status, "approved"),
        gte(transactions.subscriptionStart, new Date(subscription.startsAt.getTime() - 1000)),
        gt(transactions.subscriptionEnd, now),
      ),
    );
  return rows.map((row) => ({
    valueCents: row.amountCents + row.creditCents,
    start: row.subscriptionStart!,
    end: row.subscriptionEnd!,
  }));
}

/**
 * POST /api/subscriptions/create: a pending transaction for one period of the plan and the
 * provider's checkout for it. If the provider cannot be reached, the transaction is removed again:
 * nothing half-written is left.
 */
export async function startCheckout(
  app: BillingApp,
  user: UserRow,
  planId: number,
  interval: IntervalType,
): Promise<CreateSubscriptionResponse> {
  if (!app.payments) throw new HttpError(503, BILLING_MESSAGES.paymentsNotConfigured);
  const plan = await findActivePlan(app.db, planId);
  if (!plan) throw new HttpError(404, BILLING_MESSAGES.planNotFound);
  if (plan.priceCents === 0) throw new HttpError(400, BILLING_MESSAGES.freePlan);
  const price = planPrice(
    { price_cents: plan.priceCents, yearly_price_cents: plan.yearlyPriceCents },
    interval,
  );
  if (price == null)
    throw new HttpError(400, BILLING_MESSAGES.noYearly, { interval_type: BILLING_MESSAGES.noYearly });

  const current = await findCurrentSubscription(app.db, user.id);
  const currentPlan = current ? await findPlan(app.db, current.planId) : null;
  const type = transactionTypeFor(currentPlan, plan);
  if (type === "downgrade" && current?.scheduledPlanId) {
    throw new HttpError(409, BILLING_MESSAGES.changeAlreadyScheduled);
  }
  // An upgrade carries over what is left of the paid periods; worth more than the new price, it
  // makes the new period longer (the provider still charges its smallest amount).
  const credit =
    type === "upgrade" && current ? unusedValue(await paidPeriodsOf(app.db, current, new Date())) : 0;
  const amount = Math.max(price - credit, MIN_CHARGE_CENTS);

  const [transaction] = await app.db
    .insert(transactions)
    .values({
      userId: user.id,
      planId: plan.id,
      planName: plan.name,
      transactionType: type,
      intervalType: interval,
      amountCents: amount,
      creditCents: credit,
      creditSubscriptionId: credit > 0 ? current!.id : null,
      listPriceCents: price,
      provider: app.payments.name,
    })
    .returning();
  const tx = transaction!;
  let checkout: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
  try {
    checkout = await app.payments.createCheckout({
      transactionId: tx.id,
      title: `${plan.name} (${interval === "yearly" ? "anual" : "mensal"})`,
      description: plan.description || `Plano ${plan.name}`,
      amountCents: amount,
      intervalType: interval,
      payer: { email: user.email, firstName: user.firstName, lastName: user.lastName },
      returnUrl: `${app.config.publicUrl}/subscription`,
      notificationUrl: `${app.config.publicUrl}/api/webhooks/mercadopago`,
    });
  } catch (error) {
    await app.db.delete(transactions).where(eq(transactions.id, tx.id));
    if (error instanceof ProviderUnavailableError) {
      app.log.warn({ err: error }, "payment provider unavailable at checkout");
      throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
    }
    app.log.error({ err: error }, "checkout refused by the payment provider");
    throw new HttpError(502, BILLING_MESSAGES.subscribeFailed);
  }
  await app.db.transaction(async (db) => {
    await db
      .update(transactions)
      .set({ providerCheckoutId: checkout.checkoutId, updatedAt: new Date() })
      .where(eq(transactions.id, tx.id));
    await recordEvent(db, {
      userId: user.id,
      transactionId: tx.id,
      kind: "transaction.created",
      cause: "user",
      detail: { plan: plan.name, type, interval, amount_cents: amount, credit_cents: credit },
    });
  });
  return {
    init_point: checkout.initPoint,
    transaction_id: tx.id,
    transaction_type: type,
    amount_cents: amount,
  };
}

/** Which of our statuses may follow which: a payment moves forward only. */
function mayMove(from: TransactionStatus, to: TransactionStatus, samePayment: boolean): boolean {
  if (from === to) return false;
  if (from === "approved") return to === "refunded" && samePayment;
  if (from === "refunded") return false;
  // pending, rejected or cancelled: a later answer about this payment, or a new attempt, decides.
  return samePayment ? from === "pending" || to !== "pending" : true;
}

/**
 * Applies what the provider says a payment is now (read from its API, never from a notification
 * body). Idempotent: the same state twice changes nothing; an older state after a newer one is
 * ignored. Approval activates the plan once (the provider payment id is unique); a refund or
 * chargeback cancels the subscription at once. One database transaction, under the user's lock.
 */
export async function applyProviderPayment(app: BillingApp, payment: ProviderPayment, cause: string) {
  if (payment.transactionId === null) {
    app.log.warn({ paymentId: payment.id }, "payment without one of our transactions: ignored");
    return { changed: false };
  }
  const transactionId = payment.transactionId;
  const [owner] = await app.db
    .select({ userId: transactions.userId })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  if (!owner) {
    app.log.warn({ paymentId: payment.id, transactionId }, "payment for an unknown transaction: ignored");
    return { changed: false };
  }
  const ownerId = owner.userId;
  if (ownerId === null) return recordPaymentOfDeletedAccount(app, transactionId, payment, cause);
  const result = await app.db.transaction(async (db) => {
    await lockUser(db, ownerId);
    const [row] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (!row || !isOwned(row)) return { changed: false };
    const tx = row;
    const samePayment = tx.providerPaymentId === null || tx.providerPaymentId === payment.id;

    if (
      !samePayment &&
      payment.status === "approved" &&
      (tx.status === "approved" || tx.status === "refunded")
    ) {
      // A second payment for an order already paid (two tabs, say): never activated twice; the
      // administrator sees it in the audit log and refunds it from the provider.
      await recordEvent(db, {
        userId: tx.userId,
        transactionId: tx.id,
        kind: "payment.duplicate",
        cause,
        detail: { payment_id: payment.id, provider_status: payment.providerStatus },
      });
      return { changed: false };
    }
    const next = payment.status;
    // Checkout Pro fixes the amount; a payment for less than the order never activates it.
    const underpaid = next === "approved" && payment.amountCents < tx.amountCents;
    if (underpaid) {
      await recordEvent(db, {
        userId: tx.userId,
        transactionId: tx.id,
        kind: "payment.amount_mismatch",
        cause,
        detail: { payment_id: payment.id, paid_cents: payment.amountCents, expected_cents: tx.amountCents },
      });
    }
    const moves = next !== null && !underpaid && mayMove(tx.status, next, samePayment);
    const sameFacts =
      tx.providerPaymentId === payment.id &&
      tx.providerStatus === payment.providerStatus &&
      tx.providerStatusDetail === payment.providerStatusDetail;
    if (!moves && sameFacts) return { changed: false };
    if (!moves && !samePayment) return { changed: false };
    // An older answer (a slow read) must not overwrite newer facts: without a move, only facts
    // about the same state (or a dispute, which has none of ours) are kept.
    if (!moves && next !== null && next !== tx.status) return { changed: false };

    const now = new Date();
    const update: Partial<TransactionRow> = {
      providerPaymentId: payment.id,
      providerStatus: payment.providerStatus,
      providerStatusDetail: payment.providerStatusDetail,
      paymentMethod: payment.paymentMethod ?? tx.paymentMethod,
      paymentDetails: { ...tx.paymentDetails, ...payment.details },
      updatedAt: now,
    };
    if (moves) update.status = next!;
    if (moves && next === "approved") {
      const period = await activate(db, tx, cause, now);
      update.approvedAt = now;
      update.subscriptionStart = period.start;
      update.subscriptionEnd = period.end;
      update.transactionType = period.type;
    }
    if (moves && next === "refunded") {
      update.refundedCents = tx.refundedCents ?? tx.amountCents;
      if (tx.status === "approved") await endWhatItBought(db, tx, cause, payment.providerStatus);
    }
    await db.update(transactions).set(update).where(eq(transactions.id, tx.id));
    await recordEvent(db, {
      userId: tx.userId,
      transactionId: tx.id,
      kind: moves ? `transaction.${next}` : "transaction.updated",
      cause,
      detail: {
        payment_id: payment.id,
        from: tx.status,
        provider_status: payment.providerStatus,
        provider_status_detail: payment.providerStatusDetail,
      },
    });
    return { changed: true };
  });
  // An approval or a refund may have changed the plan; published once it is committed.
  if (result.changed) userPlanChanged(app.bus, ownerId);
  return result;
}

/**
 * A notification about a payment whose customer deleted their account: the record keeps the
 * provider's facts and status (a refund or chargeback still shows in the books), but nothing is
 * activated or ended, for there is no one to give it to. A payment approved after the deletion (a
 * Pix or boleto paid late) is recorded as approved and flagged for the administrator to refund.
 */
async function recordPaymentOfDeletedAccount(
  app: BillingApp,
  transactionId: number,
  payment: ProviderPayment,
  cause: string,
) {
  const result = await app.db.transaction(async (db) => {
    const [tx] = await db.select().from(transactions).where(eq(transactions.id, transactionId)).for("update");
    if (!tx) return { changed: false, approved: false };
    const samePayment = tx.providerPaymentId === null || tx.providerPaymentId === payment.id;
    const next = payment.status;
    // Only an approval may come from another attempt at the same order: money was taken.
    const moves =
      next !== null && (samePayment || next === "approved") && mayMove(tx.status, next, samePayment);
    if (!moves) return { changed: false, approved: false };
    const now = new Date();
    await db
      .update(transactions)
      .set({
        status: next,
        providerPaymentId: payment.id,
        providerStatus: payment.providerStatus,
        providerStatusDetail: payment.providerStatusDetail,
        paymentMethod: payment.paymentMethod ?? tx.paymentMethod,
        paymentDetails: { ...tx.paymentDetails, ...payment.details },
        refundedCents: next === "refunded" ? (tx.refundedCents ?? tx.amountCents) : tx.refundedCents,
        ...(next === "approved" ? { approvedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(transactions.id, tx.id));
    await recordEvent(db, {
      userId: null,
      transactionId: tx.id,
      kind: `transaction.${next}`,
      cause,
      detail: { payment_id: payment.id, from: tx.status, account_deleted: true },
    });
    if (next === "approved") {
      await recordEvent(db, {
        userId: null,
        transactionId: tx.id,
        kind: "payment.after_account_deletion",
        cause,
        detail: {
          payment_id: payment.id,
          paid_cents: payment.amountCents,
          provider_status: payment.providerStatus,
          needs_refund: true,
        },
      });
    }
    return { changed: true, approved: next === "approved" };
  });
  if (result.approved) {
    app.log.warn(
      { paymentId: payment.id, transactionId },
      "payment approved after the account was deleted: refund it from the admin transactions list",
    );
  }
  return { changed: result.changed };
}

/**
 * An approved payment's effect on the subscription, decided now (not at checkout: the user may have
 * paid something else since): the same plan extends the current period; a cheaper plan waits for the
 * end of the current period; anything else (new, upgrade) starts now and replaces the current one.
 * What the payment bought is its value (amount, plus the credit if the subscription it came from is
 * still the current one) against the plan's list price: one period, or pro rata more or less.
 */
async function activate(
  db: Tx,
  tx: OwnedTransaction,
  cause: string,
  now: Date,
): Promise<{ start: Date; end: Date; type: TransactionType }> {
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
    await db
      .update(userSubscriptions)
      .set({
        status: "active",
        expiresAt: end,
        canceledAt: null,
        intervalType: interval,
        scheduledUntil: current.scheduledUntil && new Date(current.scheduledUntil.getTime() + shift),
        updatedAt: now,
      })
      .where(eq(userSubscriptions.id, current.id));
    await event("subscription.renewed", current.id, { until: end.toISOString() });
    return { start, end, type: "subscription" };
  }

  // Upgrade or downgrade against the plan the user has now (a Pix paid days later may meet a plan
  // bought since): a cheaper plan never cuts short a better one already paid for.
  const [currentPlan, planBought] = current
    ? await Promise.all([findPlan(db, current.planId), findPlan(db, tx.planId)])
    : [null, null];
  const type = currentPlan && planBought ? transactionTypeFor(currentPlan, planBought) : "subscription";

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
    await db
      .update(userSubscriptions)
      .set({
        scheduledPlanId: tx.planId,
        scheduledIntervalType: interval,
        scheduledUntil: end,
        updatedAt: now,
      })
      .where(eq(userSubscriptions.id, current.id));
    await event("subscription.downgrade_scheduled", current.id, {
      plan_id: tx.planId,
      from: start.toISOString(),
      until: end.toISOString(),
    });
    return { start, end, type };
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
    await db
      .update(userSubscriptions)
      .set({ status: "expired", expiresAt: now, updatedAt: now })
      .where(eq(userSubscriptions.id, current.id));
    await event("subscription.replaced", current.id, { by_plan_id: tx.planId });
  }
  const [created] = await db
    .insert(userSubscriptions)
    .values({
      userId: tx.userId,
      planId: tx.planId,
      status: "active",
      intervalType: interval,
      startsAt: now,
      expiresAt: end,
      ...carried,
    })
    .returning();
  await event("subscription.activated", created!.id, { plan_id: tx.planId, until: end.toISOString() });
  return { start: now, end, type: current ? type : "subscription" };
}

/**
 * Subscriptions past their end that the job has not reached yet are over: marked so at once, so the
 * one-current-subscription index leaves room for the new one.
 */
async function expireEnded(db: Tx, userId: number, now: Date) {
  const ended = await db
    .update(userSubscriptions)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, ["active", "canceled"]),
        lte(userSubscriptions.expiresAt, now),
      ),
    )
    .returning({ id: userSubscriptions.id });
  for (const { id } of ended) {
    await recordEvent(db, { userId, subscriptionId: id, kind: "subscription.expired", cause: "payment" });
  }
}

/**
 * A refund or chargeback takes back what that payment bought: nothing when its period is over; the
 * waiting downgrade when it paid for one; otherwise the subscription ends now (spec 4).
 */
async function endWhatItBought(db: Tx, tx: OwnedTransaction, cause: string, reason: string) {
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
    await db
      .update(userSubscriptions)
      .set({ scheduledPlanId: null, scheduledIntervalType: null, scheduledUntil: null, updatedAt: now })
      .where(eq(userSubscriptions.id, current.id));
    await recordEvent(db, {
      userId: tx.userId,
      transactionId: tx.id,
      subscriptionId: current.id,
      kind: "subscription.schedule_canceled",
      cause,
      detail: { reason },
    });
    return;
  }
  await cancelAtOnce(db, tx, cause, reason);
}

/** The subscription ends now, and a downgrade waiting for it goes too. */
async function cancelAtOnce(db: Tx, tx: OwnedTransaction, cause: string, reason: string) {
  const current = await findCurrentSubscription(db, tx.userId);
  if (!current) return;
  const now = new Date();
  await db
    .update(userSubscriptions)
    .set({
      status: "canceled",
      canceledAt: now,
      expiresAt: now,
      scheduledPlanId: null,
      scheduledIntervalType: null,
      scheduledUntil: null,
      updatedAt: now,
    })
    .where(eq(userSubscriptions.id, current.id));
  await recordEvent(db, {
    userId: tx.userId,
    transactionId: tx.id,
    subscriptionId: current.id,
    kind: "subscription.canceled",
    cause,
    detail: { reason },
  });
}

/** Reads a payment from the provider and applies it: the webhook's and the dev checkout's one path. */
export async function syncPayment(app: BillingApp, paymentId: string, cause: string) {
  if (!app.payments) throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
  const payment = await app.payments.getPayment(paymentId);
  return applyProviderPayment(app, payment, cause);
}

/**
 * POST /api/user/payments/{paymentId}/sync: the browser is back from the checkout with a payment id
 * (Mercado Pago's back_urls); the payment is read from the provider and applied at once, so the
 * user does not wait for the webhook. Only a payment of one of the user's own transactions.
 */
export async function syncReturnedPayment(app: BillingApp, userId: number, paymentId: string) {
  if (!app.payments) throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
  let payment: ProviderPayment;
  try {
    payment = await app.payments.getPayment(paymentId);
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
    throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
  }
  const owned =
    payment.transactionId !== null &&
    (await app.db.$count(
      transactions,
      and(eq(transactions.id, payment.transactionId), eq(transactions.userId, userId)),
    )) > 0;
  if (!owned) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
  await applyProviderPayment(app, payment, "return");
  const [row] = await app.db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, payment.transactionId!));
  return { status: row!.status };
}

/**
 * The job's safety net for lost notifications: payments still pending a while after the provider
 * last told us anything are read again (Pix and boleto are paid later; a webhook can be lost).
 */
export async function resyncPendingPayments(app: BillingApp, now: Date = new Date()) {
  const stale = await app.db
    .select({ id: transactions.providerPaymentId })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, "pending"),
        isNotNull(transactions.providerPaymentId),
        eq(transactions.provider, app.payments?.name ?? "mercadopago"),
        lt(transactions.updatedAt, new Date(now.getTime() - 10 * 60_000)),
        gt(transactions.createdAt, new Date(now.getTime() - 30 * 86_400_000)),
      ),
    )
    .limit(50);
  let synced = 0;
  for (const { id } of stale) {
    if (!id || !app.payments) continue;
    try {
      await syncPayment(app, id, "job");
      synced++;
    } catch (error) {
      app.log.warn({ err: error, paymentId: id }, "pending payment not read again");
    }
    // Read now: the next run takes the next ones first.
    await app.db
      .update(transactions)
      .set({ updatedAt: now })
      .where(and(eq(transactions.providerPaymentId, id), eq(transactions.status, "pending")));
  }
  return { synced };
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
    await db
      .update(userSubscriptions)
      .set({ status: "canceled", canceledAt: now, updatedAt: now })
      .where(eq(userSubscriptions.id, current.id));
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
 * POST /api/admin/payments/{paymentId}/refund: a full refund through the provider (the idempotency
 * key is the transaction's, so a retried click refunds once), then the transaction is refunded and
 * the customer's subscription ends at once.
 */
export async function refundPayment(
  app: BillingApp,
  providerPaymentId: string,
  reason: string,
  admin: Actor,
): Promise<RefundResponse> {
  const [tx] = await app.db
    .select()
    .from(transactions)
    .where(eq(transactions.providerPaymentId, providerPaymentId));
  if (!tx) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
  if (tx.status !== "approved") throw new HttpError(400, BILLING_MESSAGES.refundNotAllowed);
  if (!app.payments || app.payments.name !== tx.provider) {
    throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
  }
  let refund: Awaited<ReturnType<PaymentProvider["refund"]>>;
  try {
    refund = await app.payments.refund(providerPaymentId, `refund-${tx.id}`);
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
    app.log.error({ err: error, transactionId: tx.id }, "refund refused by the payment provider");
    // The provider's own words (English) go to the log; the administrator reads ours.
    throw new HttpError(502, BILLING_MESSAGES.refundRefused);
  }
  const cause = `admin:${admin.id}`;
  await app.db.transaction(async (db) => {
    if (tx.userId !== null) await lockUser(db, tx.userId);
    const [fresh] = await db.select().from(transactions).where(eq(transactions.id, tx.id)).for("update");
    const now = new Date();
    await db
      .update(transactions)
      .set({
        status: "refunded",
        refundId: refund.refundId,
        refundedCents: refund.amountCents,
        refundReason: reason || null,
        providerStatus: "refunded",
        updatedAt: now,
      })
      .where(eq(transactions.id, tx.id));
    // A notification may have marked it refunded already: the subscription was ended then.
    if (fresh?.status === "approved" && isOwned(fresh)) await endWhatItBought(db, fresh, cause, "refund");
    await recordEvent(db, {
      userId: tx.userId,
      transactionId: tx.id,
      kind: "transaction.refunded",
      cause,
      detail: { refund_id: refund.refundId, amount_cents: refund.amountCents, reason },
    });
    await recordAudit(db, admin, {
      action: "payment.refund",
      targetType: "payment",
      targetId: providerPaymentId,
      targetLabel: `${tx.planName} · ${formatBRL(tx.amountCents)}`,
      before: { status: fresh?.status ?? tx.status },
      after: { status: "refunded", refund_id: refund.refundId, amount_cents: refund.amountCents, reason },
    });
  });
  if (tx.userId !== null) userPlanChanged(app.bus, tx.userId);
  return {
    amount_refunded: refund.amountCents,
    refund_id: refund.refundId,
    message: `Estorno de ${formatBRL(refund.amountCents)} realizado com sucesso (ID ${refund.refundId}).`,
  };
}

/** How long an unpaid checkout stays pending before it is cancelled as abandoned. */
export const ABANDONED_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled job: subscriptions past their end move to a scheduled downgrade or expire (their
 * users are then on the free plan); checkouts nobody paid in a day are cancelled. `planChanged` hears
 * of each user whose subscription moved, once committed (the job tells the PlanCaches).
 */
export async function runExpiry(
  db: Db,
  now: Date = new Date(),
  planChanged: (userId: number) => void = () => {},
) {
  const due = await db
    .select()
    .from(userSubscriptions)
    .where(
      and(inArray(userSubscriptions.status, ["active", "canceled"]), lt(userSubscriptions.expiresAt, now)),
    )
    .limit(1000);
  for (const subscription of due) {
    const expired = await db.transaction(async (tx) => {
      await lockUser(tx, subscription.userId);
      const [fresh] = await tx
        .select()
        .from(userSubscriptions)
        .where(eq(userSubscriptions.id, subscription.id))
        .for("update");
      if (
        !fresh ||
        !["active", "canceled"].includes(fresh.status) ||
        !fresh.expiresAt ||
        fresh.expiresAt >= now
      )
        return false;
      await tx
        .update(userSubscriptions)
        .set({ status: "expired", updatedAt: now })
        .where(eq(userSubscriptions.id, fresh.id));
      await recordEvent(tx, {
        userId: fresh.userId,
        subscriptionId: fresh.id,
        kind: "subscription.expired",
        cause: "job",
      });
      if (fresh.scheduledPlanId && fresh.scheduledUntil && fresh.scheduledUntil > now) {
        const [next] = await tx
          .insert(userSubscriptions)
          .values({
            userId: fresh.userId,
            planId: fresh.scheduledPlanId,
            status: "active",
            intervalType: fresh.scheduledIntervalType ?? "monthly",
            startsAt: fresh.expiresAt,
            expiresAt: fresh.scheduledUntil,
          })
          .returning();
        await recordEvent(tx, {
          userId: fresh.userId,
          subscriptionId: next!.id,
          kind: "subscription.activated",
          cause: "job",
          detail: { plan_id: fresh.scheduledPlanId, scheduled: true },
        });
      }
      return true;
    });
    if (expired) planChanged(subscription.userId);
  }
  const abandoned = await db
    .update(transactions)
    .set({ status: "cancelled", updatedAt: now })
    .where(
      and(
        eq(transactions.status, "pending"),
        isNull(transactions.providerPaymentId),
        lt(transactions.createdAt, new Date(now.getTime() - ABANDONED_CHECKOUT_MS)),
      ),
    )
    .returning({ id: transactions.id, userId: transactions.userId });
  if (abandoned.length) {
    await db.insert(billingEvents).values(
      abandoned.map((row) => ({
        userId: row.userId,
        transactionId: row.id,
        kind: "transaction.cancelled",
        cause: "job",
        detail: { reason: "checkout abandoned" },
      })),
    );
  }
  return { expired: due.length, abandoned: abandoned.length };
}
