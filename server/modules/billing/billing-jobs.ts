import { MINUTE, type ScheduledJob } from "../../lib/job-scheduler";
import type { BillingApp } from "./billing-app";
import { expireCheckouts } from "./checkout-expiry";
import { purgeExpiredPayments } from "./payment-retention";
import { resyncPendingPayments } from "./payment-state";
import { userPlanChanged } from "./plan-cache";
import { runExpiry } from "./subscription-changes";

/**
 * Billing's scheduled jobs (server/lib/job-scheduler.ts runs them): subscription expiry every minute,
 * pending payments read again every five, abandoned checkouts every fifteen, and every hour the
 * deleted accounts' payments past the 5 years of tax law.
 */
export function billingJobs(app: BillingApp): ScheduledJob[] {
  return [
    {
      name: "subscription-expiry",
      everyMs: MINUTE,
      run: () => runExpiry(app.db, new Date(), (userId) => userPlanChanged(app.bus, userId)),
    },
    { name: "pending-payments", everyMs: 5 * MINUTE, run: () => resyncPendingPayments(app) },
    { name: "checkout-expiry", everyMs: 15 * MINUTE, run: () => expireCheckouts(app) },
    { name: "payments-purge", everyMs: 60 * MINUTE, run: () => purgeExpiredPayments(app.db) },
  ];
}
