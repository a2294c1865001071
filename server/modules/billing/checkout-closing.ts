// Checkouts we close unpaid: expired by their method's time, or voided when the plan they were for
// is no longer the one to pay (docs/decisions/007-billing.md, "The subscription's states").
import type { Db } from "../../../db/client";
import {
  markCheckoutsClosed,
  recordEvents,
  selectOtherPlansOpenCheckouts,
  type TransactionRow,
} from "./billing.queries";
import type { BillingApp } from "./billing-app";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A checkout nobody started paying: Checkout Pro keeps a preference open; we do not, past a day. */
export const UNPAID_CHECKOUT_MS = DAY;
/** A Pix waiting to be paid: Mercado Pago's Pix codes last a day; two leave room for its clock. */
export const PIX_WAIT_MS = 2 * DAY;
/** A boleto is paid until its due date and compensated within three business days after it. */
export const BOLETO_COMPENSATION_MS = 5 * DAY;
/** A boleto whose due date we never heard of: Mercado Pago's default due date is three days out. */
export const BOLETO_WAIT_MS = 8 * DAY;
/** A card payment in review (in_process): the issuer decides within two days; a week is past doubt. */
export const CARD_REVIEW_MS = 7 * DAY;

/** A closed checkout, for the provider to close too (after the commit). */
export type ClosedCheckout = { checkoutId: string | null; pendingPaymentId: string | null };

type Pending = Pick<TransactionRow, "createdAt" | "providerPaymentId" | "paymentMethod" | "paymentDetails">;

/**
 * When a pending checkout expires, by how it is being paid: not started (no payment yet), a Pix, a
 * boleto (its due date and the compensation days), a card in review. Each is read from the
 * provider once more before it is closed (expireCheckouts, checkout-expiry.ts).
 */
export function checkoutExpiresAt(tx: Pending): Date {
  const created = tx.createdAt.getTime();
  if (!tx.providerPaymentId) return new Date(created + UNPAID_CHECKOUT_MS);
  if (tx.paymentMethod === "pix") return new Date(created + PIX_WAIT_MS);
  if (tx.paymentMethod === "boleto") {
    const due = tx.paymentDetails.boleto_due_date ? Date.parse(tx.paymentDetails.boleto_due_date) : NaN;
    return new Date(Number.isNaN(due) ? created + BOLETO_WAIT_MS : due + BOLETO_COMPENSATION_MS);
  }
  return new Date(created + CARD_REVIEW_MS);
}

/**
 * Marks pending checkouts closed: `expired` (their time ran out) or `cancelled` (voided), with an
 * event each, in the caller's transaction. Answers what the provider must close after the commit.
 */
export async function closeCheckouts(
  db: Db,
  rows: Pick<TransactionRow, "id" | "userId" | "providerCheckoutId" | "providerPaymentId">[],
  how: { status: "expired" | "cancelled"; cause: string; reason: string; now: Date; detail?: object },
): Promise<ClosedCheckout[]> {
  if (rows.length === 0) return [];
  const closed = await markCheckoutsClosed(
    db,
    rows.map((row) => row.id),
    how.status,
    how.now,
  );
  await recordEvents(
    db,
    closed.map((row) => ({
      userId: row.userId,
      transactionId: row.id,
      kind: how.status === "expired" ? "transaction.expired" : "transaction.voided",
      cause: how.cause,
      detail: { reason: how.reason, ...how.detail },
    })),
  );
  return closed.map((row) => ({
    checkoutId: row.providerCheckoutId,
    pendingPaymentId: row.providerPaymentId,
  }));
}

/**
 * A plan change voids the pending checkouts of every other plan: a renewal of the old plan paid
 * later would otherwise be applied against the new one (a "downgrade" nobody asked for).
 */
export async function voidOtherPlansCheckouts(
  db: Db,
  paid: { id: number; userId: number; planId: number },
  cause: string,
  now: Date,
): Promise<ClosedCheckout[]> {
  return closeCheckouts(db, await selectOtherPlansOpenCheckouts(db, paid), {
    status: "cancelled",
    cause,
    reason: "plan_changed",
    now,
    detail: { by_transaction_id: paid.id },
  });
}

/** After the commit: the provider closes them too. Best effort: a late approval is refunded anyway. */
export async function closeAtProvider(app: BillingApp, closed: ClosedCheckout[]): Promise<void> {
  if (!app.payments) return;
  for (const checkout of closed) {
    try {
      await app.payments.closeCheckout(checkout.checkoutId, checkout.pendingPaymentId);
    } catch (error) {
      app.log.warn({ err: error, checkoutId: checkout.checkoutId }, "checkout not closed at the provider");
    }
  }
}
