// What the payment provider says of a payment, applied: read from its API (the webhook, the return
// from the checkout, the job that reads pending payments again), never from a notification body.
import type { TransactionStatus } from "../../../common/contract/billing";
import { BILLING_MESSAGES } from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { HttpError } from "../../lib/http-error";
import { notifyPayment } from "../notifications/notices";
import {
  findTransactionForUpdate,
  findTransactionOwner,
  findTransactionStatus,
  isOwned,
  isUsersTransaction,
  lockUser,
  markRefundedIfApproved,
  type OwnedTransaction,
  recordEvent,
  selectStalePendingPayments,
  type TransactionRow,
  touchPendingPayment,
  updateTransaction,
} from "./billing.queries";
import type { BillingApp } from "./billing-app";
import { type ClosedCheckout, closeAtProvider } from "./checkout-closing";
import { type ProviderPayment, ProviderUnavailableError } from "./payment-provider";
import { userPlanChanged } from "./plan-cache";
import { activate, endWhatItBought } from "./subscription-changes";

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
  const owner = await findTransactionOwner(app.db, transactionId);
  if (!owner) {
    app.log.warn({ paymentId: payment.id, transactionId }, "payment for an unknown transaction: ignored");
    return { changed: false };
  }
  const ownerId = owner.userId;
  if (ownerId === null) return recordPaymentOfDeletedAccount(app, transactionId, payment, cause);
  const result = await app.db.transaction(async (db): Promise<Applied> => {
    await lockUser(db, ownerId);
    const row = await findTransactionForUpdate(db, transactionId);
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
    await updateTransaction(db, tx.id, update);
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
    return { changed: true, closed, moved: moves };
  });
  // An approval or a refund may have changed the plan; published once it is committed.
  if (result.changed) userPlanChanged(app.bus, ownerId);
  if (result.moved) notifyPayment(app, ownerId, transactionId);
  if (result.closed?.length) await closeAtProvider(app, result.closed);
  if (result.refundLate) await refundLatePayment(app, transactionId, payment.id);
  return { changed: result.changed };
}

type Applied = { changed: boolean; closed?: ClosedCheckout[]; refundLate?: boolean; moved?: boolean };

/**
 * What the provider says of a checkout we closed (expired, or voided by a plan change): nothing of
 * it is applied. An approval means money was taken anyway (a Pix paid at the last second): it is
 * recorded, buys nothing, and is refunded after the commit (refundLatePayment); a refund of it is
 * recorded. Anything else changes nothing.
 */
async function applyToClosedCheckout(
  db: Db,
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
    await updateTransaction(db, tx.id, { ...facts, status: "approved", approvedAt: now });
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
    await updateTransaction(db, tx.id, {
      ...facts,
      status: "refunded",
      refundedCents: tx.refundedCents ?? tx.amountCents,
    });
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
      const row = await markRefundedIfApproved(db, transactionId, {
        refundId: refund.refundId,
        refundedCents: refund.amountCents,
        refundReason: BILLING_MESSAGES.lateRefundReason,
        updatedAt: new Date(),
      });
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
    const tx = await findTransactionForUpdate(db, transactionId);
    if (!tx) return { changed: false, approved: false };
    const samePayment = tx.providerPaymentId === null || tx.providerPaymentId === payment.id;
    const next = payment.status;
    // Only an approval may come from another attempt at the same order: money was taken.
    const moves =
      next !== null && (samePayment || next === "approved") && mayMove(tx.status, next, samePayment);
    if (!moves) return { changed: false, approved: false };
    const now = new Date();
    await updateTransaction(db, tx.id, {
      status: next,
      providerPaymentId: payment.id,
      providerStatus: payment.providerStatus,
      providerStatusDetail: payment.providerStatusDetail,
      paymentMethod: payment.paymentMethod ?? tx.paymentMethod,
      paymentDetails: { ...tx.paymentDetails, ...payment.details },
      refundedCents: next === "refunded" ? (tx.refundedCents ?? tx.amountCents) : tx.refundedCents,
      ...(next === "approved" ? { approvedAt: now } : {}),
      updatedAt: now,
    });
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
    payment.transactionId !== null && (await isUsersTransaction(app.db, userId, payment.transactionId));
  if (!owned) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
  await applyProviderPayment(app, payment, "return");
  const row = await findTransactionStatus(app.db, payment.transactionId!);
  return { status: row!.status };
}

/**
 * The job's safety net for lost notifications: payments still pending a while after the provider
 * last told us anything are read again (Pix and boleto are paid later; a webhook can be lost).
 */
export async function resyncPendingPayments(app: BillingApp, now: Date = new Date()) {
  const stale = await selectStalePendingPayments(app.db, app.payments?.name ?? "mercadopago", now);
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
    await touchPendingPayment(app.db, id, now);
  }
  return { synced };
}
