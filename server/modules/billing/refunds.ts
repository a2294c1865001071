import { eq, TransactionRollbackError } from "drizzle-orm";
import {
  BILLING_MESSAGES,
  type PeriodPaymentRole,
  type PeriodRefundFailure,
  type PeriodRefundResponse,
  periodRefundDoneMessage,
  periodRefundFailureMessage,
  type RefundedPayment,
  type RefundOption,
  type RefundPreview,
  type RefundPreviewPayment,
  type RefundResponse,
  type RefundScope,
  type RefundSubscriptionEffect,
  TRANSACTION_TYPE_LABELS,
} from "../../../common/contract/billing";
import { formatBRL } from "../../../common/money";
import type { Db } from "../../../db/client";
import { transactions } from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { HttpError } from "../../lib/http-error";
import { isOwned, lockUser, recordEvent } from "./billing.queries";
import type { BillingApp } from "./billing-app";
import { findCurrentSubscription, type SubscriptionRow } from "./entitlements";
import { type PaymentProvider, ProviderUnavailableError } from "./payment-provider";
import { userPlanChanged } from "./plan-cache";
import { findPlan } from "./plans.queries";
import { findPeriodPayments, findPeriodSubscription } from "./refunds.queries";
import { endWhatItBought } from "./subscription-changes";

type TransactionRow = typeof transactions.$inferSelect;
type ProviderRefund = Awaited<ReturnType<PaymentProvider["refund"]>>;

/** The answer of POST /api/admin/payments/{paymentId}/refund, with its status. */
export type RefundOutcome =
  | { statusCode: 200; body: RefundResponse | PeriodRefundResponse }
  | { statusCode: 502 | 503; body: PeriodRefundFailure };

/** The payment by its provider id: 404 when unknown, 400 when it cannot be refunded (not approved). */
async function findRefundable(db: Db, providerPaymentId: string): Promise<TransactionRow> {
  const [tx] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.providerPaymentId, providerPaymentId));
  if (!tx) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
  if (tx.status !== "approved") throw new HttpError(400, BILLING_MESSAGES.refundNotAllowed);
  return tx;
}

/**
 * A full refund through the provider under the transaction's idempotency key, so a retried click
 * refunds once. 503 when the provider cannot be reached (or is not this payment's), 502 when it refuses.
 */
async function refundAtProvider(app: BillingApp, tx: TransactionRow): Promise<ProviderRefund> {
  if (!app.payments || app.payments.name !== tx.provider) {
    throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
  }
  try {
    return await app.payments.refund(tx.providerPaymentId!, `refund-${tx.id}`);
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
    app.log.error({ err: error, transactionId: tx.id }, "refund refused by the payment provider");
    // The provider's own words (English) go to the log; the administrator reads ours.
    throw new HttpError(502, BILLING_MESSAGES.refundRefused);
  }
}

/**
 * Records a refund the provider made, inside the caller's database transaction: the transaction is
 * refunded, what it bought is taken back, and the billing event and the audit line are written.
 */
async function recordRefund(
  db: Db,
  tx: TransactionRow,
  refund: ProviderRefund,
  reason: string,
  admin: Actor,
  scope: RefundScope,
) {
  const cause = `admin:${admin.id}`;
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
    targetId: tx.providerPaymentId,
    targetLabel: `${tx.planName} · ${formatBRL(tx.amountCents)}`,
    before: { status: fresh?.status ?? tx.status },
    after: {
      status: "refunded",
      refund_id: refund.refundId,
      amount_cents: refund.amountCents,
      reason,
      ...(scope === "period" ? { scope } : {}),
    },
  });
}

type PeriodOf = {
  subscription: { row: SubscriptionRow; ended: boolean } | null;
  /** Oldest first; only the payment itself when it paid for no current period. */
  payments: { row: TransactionRow; role: PeriodPaymentRole | null }[];
};

/** The payments of the period the payment belongs to (see findPeriodPayments). */
async function periodOf(db: Db, tx: TransactionRow): Promise<PeriodOf> {
  const alone = [{ row: tx, role: null }];
  if (!isOwned(tx)) return { subscription: null, payments: alone };
  const found = await findPeriodSubscription(db, tx.userId);
  if (!found) return { subscription: null, payments: alone };
  const subscription = { row: found.subscription, ended: found.ended };
  const payments = await findPeriodPayments(db, found.subscription);
  return payments.some((payment) => payment.row.id === tx.id)
    ? { subscription, payments }
    : { subscription, payments: alone };
}

/**
 * A refund of the period refunds the payment asked about last: if the provider stops part-way, that
 * payment is still approved and its period still found, so the same request again refunds the rest.
 */
const refundOrder = (period: PeriodOf, tx: TransactionRow) => [
  ...period.payments.map((payment) => payment.row).filter((row) => row.id !== tx.id),
  tx,
];

const refundedPayment = (tx: TransactionRow, refund: ProviderRefund): RefundedPayment => ({
  id: tx.id,
  mercadopago_payment_id: tx.providerPaymentId!,
  plan_name: tx.planName,
  amount_cents: refund.amountCents,
  refund_id: refund.refundId,
});

/**
 * POST /api/admin/payments/{paymentId}/refund. scope "payment": this payment alone, then what it
 * bought is taken back (the subscription ends at once when it paid for the current period). scope
 * "period": every approved payment of the customer's current period (the preview's list), one
 * provider refund each, each recorded as soon as the provider confirms it; a provider failure stops
 * there and answers what was refunded and what was not.
 */
export async function refundPayment(
  app: BillingApp,
  providerPaymentId: string,
  { reason, scope }: { reason: string; scope: RefundScope },
  admin: Actor,
): Promise<RefundOutcome> {
  const tx = await findRefundable(app.db, providerPaymentId);
  if (scope === "payment") {
    const refund = await refundAtProvider(app, tx);
    await app.db.transaction((db) => recordRefund(db, tx, refund, reason, admin, scope));
    if (tx.userId !== null) userPlanChanged(app.bus, tx.userId);
    return {
      statusCode: 200,
      body: {
        amount_refunded: refund.amountCents,
        refund_id: refund.refundId,
        message: `Estorno de ${formatBRL(refund.amountCents)} realizado com sucesso (ID ${refund.refundId}).`,
      },
    };
  }

  const rows = refundOrder(await periodOf(app.db, tx), tx);
  if (!app.payments || rows.some((row) => row.provider !== app.payments!.name)) {
    throw new HttpError(503, BILLING_MESSAGES.providerUnavailable);
  }
  const refunds: RefundedPayment[] = [];
  try {
    for (const [index, row] of rows.entries()) {
      let refund: ProviderRefund;
      try {
        refund = await refundAtProvider(app, row);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const notRefunded = rows
          .slice(index)
          .map(({ id, providerPaymentId: paymentId, planName, amountCents }) => ({
            id,
            mercadopago_payment_id: paymentId!,
            plan_name: planName,
            amount_cents: amountCents,
          }));
        const cause = error.statusCode === 503 ? "unavailable" : "refused";
        return {
          statusCode: cause === "unavailable" ? 503 : 502,
          body: {
            error: periodRefundFailureMessage({
              refunded: refunds,
              notRefunded,
              stoppedAt: row.providerPaymentId!,
              cause,
            }),
            amount_refunded: refunds.reduce((sum, r) => sum + r.amount_cents, 0),
            refunds,
            not_refunded: notRefunded,
          },
        };
      }
      await app.db.transaction((db) => recordRefund(db, row, refund, reason, admin, scope));
      refunds.push(refundedPayment(row, refund));
    }
  } finally {
    if (refunds.length && tx.userId !== null) userPlanChanged(app.bus, tx.userId);
  }
  return {
    statusCode: 200,
    body: {
      scope: "period",
      amount_refunded: refunds.reduce((sum, r) => sum + r.amount_cents, 0),
      refund_id: refunds.at(-1)!.refund_id,
      message: periodRefundDoneMessage(refunds),
      refunds,
    },
  };
}

/** What a refund would do to the subscription, from its current subscription before and after. */
function effectBetween(
  before: SubscriptionRow | null,
  after: SubscriptionRow | null,
): { effect: RefundSubscriptionEffect; expiresAt: string | null } {
  if (!before) return { effect: "unchanged", expiresAt: null };
  if (!after || after.id !== before.id) return { effect: "ends", expiresAt: null };
  const expiresAt = after.expiresAt?.toISOString() ?? null;
  if (before.scheduledPlanId && !after.scheduledPlanId) return { effect: "schedule_canceled", expiresAt };
  if (after.expiresAt && (!before.expiresAt || after.expiresAt < before.expiresAt)) {
    return { effect: "shortened", expiresAt };
  }
  return { effect: "unchanged", expiresAt };
}

/**
 * What refunding these payments, in this order, does to the customer's subscription, found by doing
 * it: each is recorded as a real refund is, in a database transaction that is then rolled back.
 * NOTE: the billing rules decide what a refund takes back (endWhatItBought); asking them rather than
 * restating them here keeps the preview true to what the refund will do.
 */
async function dryRunEffect(db: Db, userId: number | null, rows: TransactionRow[], admin: Actor) {
  let outcome: ReturnType<typeof effectBetween> = { effect: "unchanged", expiresAt: null };
  if (userId === null) return outcome;
  try {
    await db.transaction(async (dry) => {
      await lockUser(dry, userId);
      const before = await findCurrentSubscription(dry, userId);
      for (const row of rows) {
        const refund = { refundId: "preview", amountCents: row.amountCents };
        await recordRefund(dry, row, refund, "", admin, "payment");
      }
      outcome = effectBetween(before, await findCurrentSubscription(dry, userId));
      dry.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return outcome;
}

const previewPayment = (row: TransactionRow, role: PeriodPaymentRole | null): RefundPreviewPayment => ({
  id: row.id,
  mercadopago_payment_id: row.providerPaymentId!,
  plan_name: row.planName,
  transaction_type: row.transactionType,
  type_label: TRANSACTION_TYPE_LABELS[row.transactionType] ?? row.transactionType,
  role,
  amount_cents: row.amountCents,
  approved_at: row.approvedAt?.toISOString() ?? null,
  period_start: row.subscriptionStart?.toISOString() ?? null,
  period_end: row.subscriptionEnd?.toISOString() ?? null,
});

/**
 * GET /api/admin/payments/{paymentId}/refund-preview: the payment, every approved payment of the
 * customer's current period it belongs to, and what refunding it alone or all of them would do.
 */
export async function previewRefund(
  app: BillingApp,
  providerPaymentId: string,
  admin: Actor,
): Promise<RefundPreview> {
  const tx = await findRefundable(app.db, providerPaymentId);
  const period = await periodOf(app.db, tx);
  const total = period.payments.reduce((sum, payment) => sum + payment.row.amountCents, 0);
  const option = async (scope: RefundScope, rows: TransactionRow[]): Promise<RefundOption> => {
    const amount = rows.reduce((sum, row) => sum + row.amountCents, 0);
    const { effect, expiresAt } = await dryRunEffect(app.db, tx.userId, rows, admin);
    return {
      scope,
      transaction_ids: rows.map((row) => row.id),
      amount_cents: amount,
      unrefunded_cents: total - amount,
      subscription_effect: effect,
      expires_at: expiresAt,
    };
  };
  const subscription = period.subscription;
  const [plan, scheduledPlan] = subscription
    ? await Promise.all([
        findPlan(app.db, subscription.row.planId),
        subscription.row.scheduledPlanId ? findPlan(app.db, subscription.row.scheduledPlanId) : null,
      ])
    : [null, null];
  const role = period.payments.find((payment) => payment.row.id === tx.id)?.role ?? null;
  return {
    payment: previewPayment(tx, role),
    period_payments: period.payments.map((payment) => previewPayment(payment.row, payment.role)),
    subscription:
      subscription && plan
        ? {
            plan_name: plan.name,
            ended: subscription.ended,
            expires_at: subscription.ended ? null : (subscription.row.expiresAt?.toISOString() ?? null),
            scheduled_plan_name: scheduledPlan?.name ?? null,
          }
        : null,
    options: {
      payment: await option("payment", [tx]),
      period: await option("period", refundOrder(period, tx)),
    },
  };
}
