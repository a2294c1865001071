// The checkout-expiry job (billing-jobs.ts): it reads a payment again before closing its checkout,
// so it sits apart from checkout-closing.ts, which payment-state.ts itself uses.

import { selectOpenCheckouts } from "./billing.queries";
import type { BillingApp } from "./billing-app";
import { checkoutExpiresAt, closeAtProvider, closeCheckouts } from "./checkout-closing";
import { syncPayment } from "./payment-state";

/**
 * The job: pending checkouts past their time are read from the provider once more (a payment made
 * at the last minute is applied, not expired), then closed as expired, here and at the provider.
 */
export async function expireCheckouts(app: BillingApp, now: Date = new Date()): Promise<{ expired: number }> {
  const pending = await selectOpenCheckouts(app.db);
  const due = pending.filter((tx) => checkoutExpiresAt(tx) <= now);
  let expired = 0;
  for (const tx of due) {
    if (tx.providerPaymentId && app.payments?.name === tx.provider) {
      try {
        await syncPayment(app, tx.providerPaymentId, "job");
      } catch (error) {
        // Not read: not closed either; the next run tries again.
        app.log.warn({ err: error, transactionId: tx.id }, "pending payment not read before its expiry");
        continue;
      }
    }
    const closed = await app.db.transaction((db) =>
      closeCheckouts(db, [tx], { status: "expired", cause: "job", reason: "expired", now }),
    );
    if (app.payments?.name === tx.provider) await closeAtProvider(app, closed);
    expired += closed.length;
  }
  return { expired };
}
