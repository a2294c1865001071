import { and, eq, gt, gte, inArray, isNotNull, lt, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  BILLING_MESSAGES,
  type CreateSubscriptionResponse,
  type IntervalType,
  planPrice,
  type TransactionStatus,
  type TransactionType,
} from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { billingEvents, transactions, userSubscriptions, users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import type { UserRow } from "../auth/session";
import { type ClosedCheckout, closeAtProvider, voidOtherPlansCheckouts } from "./checkout-closing";
import { findCurrentSubscription, type SubscriptionRow } from "./entitlements";
import { type PaymentProvider, type ProviderPayment, ProviderUnavailableError } from "./payment-provider";
import { MIN_CHARGE_CENTS, type PaidPeriod, paidPeriodEnd, unusedValue } from "./periods";
import { userPlanChanged } from "./plan-cache";
import { findActivePlan, findPlan, type PlanRow } from "./plans.queries";

export type TransactionRow = typeof transactions.$inferSelect;
/** A payment of an account that still exists (a deleted account's payments keep a null user). */
export type OwnedTransaction = TransactionRow & { userId: number };
export const isOwned = (row: TransactionRow): row is OwnedTransaction => row.userId !== null;

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

export async function recordEvent(
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
export async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/**
 * What buying `next` for `interval` is against what the user has: upgrade or downgrade by monthly
 * price; the plan and interval they already have, a renewal; anything else (no paid plan, or the
 * same plan for another interval), a subscription.
 */
export function transactionTypeFor(
  current: { plan: PlanRow; interval: IntervalType } | null,
  next: PlanRow,
  interval: IntervalType,
): TransactionType {
  if (!current || current.plan.priceCents === 0) return "subscription";
  if (current.plan.id === next.id) return current.interval === interval ? "renewal" : "subscription";
  return next.priceCents < current.plan.priceCents ? "downgrade" : "upgrade";
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

/** A checkout priced: what it charges, the credit it carries, the period it would buy now. */
type Quote = {
  plan: PlanRow;
  type: TransactionType;
  listPrice: number;
  credit: number;
  amount: number;
  current: SubscriptionRow | null;
  start: Date;
  end: Date;
};

/**
 * Prices one period of the plan for the user now, as the checkout charges it and as an approval
 * now would apply it (GET /api/subscriptions/quote shows it before the checkout; the checkout
 * charges it).
 */
export async function quoteCheckout(
  db: Db,
  userId: number,
  planId: number,
  interval: IntervalType,
  now: Date = new Date(),
): Promise<Quote> {
  const plan = await findActivePlan(db, planId);
  if (!plan) throw new HttpError(404, BILLING_MESSAGES.planNotFound);
  if (plan.priceCents === 0) throw new HttpError(400, BILLING_MESSAGES.freePlan);
  const listPrice = planPrice(
    { price_cents: plan.priceCents, yearly_price_cents: plan.yearlyPriceCents },
    interval,
  );
  if (listPrice == null)
    throw new HttpError(400, BILLING_MESSAGES.noYearly, { interval_type: BILLING_MESSAGES.noYearly });

  const current = await findCurrentSubscription(db, userId);
  const currentPlan = current ? await findPlan(db, current.planId) : null;
  const type = transactionTypeFor(
    current && currentPlan ? { plan: currentPlan, interval: current.intervalType } : null,
    plan,
    interval,
  );
  if (type === "downgrade" && current?.scheduledPlanId) {
    throw new HttpError(409, BILLING_MESSAGES.changeAlreadyScheduled);
  }
  // An upgrade carries over what is left of the paid periods; worth more than the new price, it
  // makes the new period longer (the provider still charges its smallest amount).
  const credit = type === "upgrade" && current ? unusedValue(await paidPeriodsOf(db, current, now), now) : 0;
  const amount = Math.max(listPrice - credit, MIN_CHARGE_CENTS);
  // Where an approval now would put the period (activate() decides again when it comes).
  const currentEnd = current?.expiresAt && current.expiresAt > now ? current.expiresAt : now;
  const start = current && current.planId === plan.id ? currentEnd : type === "downgrade" ? currentEnd : now;
  const end = paidPeriodEnd(start, interval, amount + credit, listPrice);
  return { plan, type, listPrice, credit, amount, current, start, end };
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
  const {
    plan,
    type,
    listPrice: price,
    credit,
    amount,
    current,
  } = await quoteCheckout(app.db, user.id, planId, interval);

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
  const result = await app.db.transaction(async (db): Promise<Applied> => {
    await lockUser(db, ownerId);
    const [row] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (!row || !isOwned(row)) return { changed: false };
    const tx = row;
    if (tx.closedAt) return applyToClosedCheckout(db, tx, payment, cause);
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
    let closed: ClosedCheckout[] = [];
    if (moves && next === "approved") {
      const period = await activate(db, tx, cause, now);
      update.approvedAt = now;
      update.subscriptionStart = period.start;
      update.subscriptionEnd = period.end;
      update.transactionType = period.type;
      closed = period.closed;
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
    return { changed: true, closed };
  });
  // An approval or a refund may have changed the plan; published once it is committed.
  if (result.changed) userPlanChanged(app.bus, ownerId);
  if (result.closed?.length) await closeAtProvider(app, result.closed);
  if (result.refundLate) await refundLatePayment(app, transactionId, payment.id);
  return { changed: result.changed };
}

type Applied = { changed: boolean; closed?: ClosedCheckout[]; refundLate?: boolean };

/**
 * What the provider says of a checkout we closed (expired, or voided by a plan change): nothing of
 * it is applied. An approval means money was taken anyway (a Pix paid at the last second): it is
 * recorded, buys nothing, and is refunded after the commit (refundLatePayment); a refund of it is
 * recorded. Anything else changes nothing.
 */
async function applyToClosedCheckout(
  db: Tx,
  tx: OwnedTransaction,
  payment: ProviderPayment,
  cause: string,
): Promise<Applied> {
  const now = new Date();
  const facts = {
    providerPaymentId: payment.id,
    providerStatus: payment.providerStatus,
    providerStatusDetail: payment.providerStatusDetail,
    paymentMethod: payment.paymentMethod ?? tx.paymentMethod,
    updatedAt: now,
  };
  if (payment.status === "approved" && tx.status !== "approved" && tx.status !== "refunded") {
    await db
      .update(transactions)
      .set({ ...facts, status: "approved", approvedAt: now })
      .where(eq(transactions.id, tx.id));
    await recordEvent(db, {
      userId: tx.userId,
      transactionId: tx.id,
      kind: "payment.after_close",
      cause,
      detail: {
        payment_id: payment.id,
        from: tx.status,
        paid_cents: payment.amountCents,
        needs_refund: true,
      },
    });
    return { changed: true, refundLate: true };
  }
  if (payment.status === "refunded" && tx.status === "approved") {
    await db
      .update(transactions)
      .set({ ...facts, status: "refunded", refundedCents: tx.refundedCents ?? tx.amountCents })
      .where(eq(transactions.id, tx.id));
    await recordEvent(db, {
      userId: tx.userId,
      transactionId: tx.id,
      kind: "transaction.refunded",
      cause,
      detail: { payment_id: payment.id, closed_checkout: true },
    });
    return { changed: true };
  }
  return { changed: false };
}

/**
 * A payment approved on a closed checkout goes back to the payer (the idempotency key is the
 * transaction's, as an administrator's refund would use). Refused or unreachable: it stays approved
 * with its `payment.after_close` event, and the warning tells the administrator to refund it.
 */
async function refundLatePayment(app: BillingApp, transactionId: number, paymentId: string) {
  if (!app.payments) return;
  try {
    const refund = await app.payments.refund(paymentId, `refund-${transactionId}`);
    await app.db.transaction(async (db) => {
      const [row] = await db
        .update(transactions)
        .set({
          status: "refunded",
          refundId: refund.refundId,
          refundedCents: refund.amountCents,
          refundReason: BILLING_MESSAGES.lateRefundReason,
          updatedAt: new Date(),
        })
        .where(and(eq(transactions.id, transactionId), eq(transactions.status, "approved")))
        .returning({ userId: transactions.userId });
      if (row) {
        await recordEvent(db, {
          userId: row.userId,
          transactionId,
          kind: "transaction.refunded",
          cause: "auto",
          detail: { refund_id: refund.refundId, amount_cents: refund.amountCents, reason: "closed_checkout" },
        });
      }
    });
  } catch (error) {
    app.log.warn(
      { err: error, transactionId, paymentId },
      "payment approved on a closed checkout not refunded: refund it from the admin transactions list",
    );
  }
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
  // The plan changed: what was waiting to be paid for another plan is void.
  const closed = await voidOtherPlansCheckouts(db, tx, cause, now);
  return { start: now, end, type: current ? type : "subscription", closed };
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
export async function endWhatItBought(db: Tx, tx: OwnedTransaction, cause: string, reason: string) {
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
 * The scheduled job: subscriptions past their end move to a scheduled downgrade or expire (their
 * users are then on the free plan). `planChanged` hears of each user whose subscription moved, once
 * committed (the job tells the PlanCaches). Pending checkouts expire in expireCheckouts.
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
  return { expired: due.length };
}
