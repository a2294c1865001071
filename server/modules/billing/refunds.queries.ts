import { and, desc, eq, gt, gte, inArray, isNotNull, lte, ne } from "drizzle-orm";
import type { PeriodPaymentRole } from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { transactions, userSubscriptions } from "../../../db/schema";
import { isOwned, type OwnedTransaction } from "./billing.queries";
import { findCurrentSubscription, type SubscriptionRow } from "./entitlements";

/**
 * Two timestamps written from one `now` (an upgrade ends the old subscription when the new one
 * starts), or a payment's period and the subscription it started, compared with this slack.
 */
const SAME_MOMENT_MS = 1000;
const before = (date: Date) => new Date(date.getTime() - SAME_MOMENT_MS);
const after = (date: Date) => new Date(date.getTime() + SAME_MOMENT_MS);

/** A refund or chargeback ends a subscription at once: canceled, and its end moved to that moment. */
const endedAtOnce = (row: SubscriptionRow) =>
  !!row.canceledAt && !!row.expiresAt && row.expiresAt.getTime() <= row.canceledAt.getTime() + SAME_MOMENT_MS;

/**
 * The subscription whose period a refund speaks of: the customer's current one; else their last one
 * when a refund or chargeback ended it at once (its other payments are then paid days the customer
 * lost, still refundable); else none.
 */
export async function findPeriodSubscription(
  db: Db,
  userId: number,
): Promise<{ subscription: SubscriptionRow; ended: boolean } | null> {
  const current = await findCurrentSubscription(db, userId);
  if (current) return { subscription: current, ended: false };
  const [last] = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.startsAt), desc(userSubscriptions.id))
    .limit(1);
  return last && endedAtOnce(last) ? { subscription: last, ended: true } : null;
}

export type PeriodPayment = { row: OwnedTransaction; role: PeriodPaymentRole };

/** Paid for the subscription: its plan, a period from its start on, approved while it was in force. */
function paidFor(subscription: SubscriptionRow) {
  return and(
    eq(transactions.userId, subscription.userId),
    eq(transactions.planId, subscription.planId),
    gte(transactions.subscriptionStart, before(subscription.startsAt)),
    subscription.expiresAt ? lte(transactions.approvedAt, after(subscription.expiresAt)) : undefined,
  );
}

/** Approved, refundable and not over: what a refund of the period can still give back. */
const refundableAt = (now: Date) =>
  and(
    eq(transactions.status, "approved"),
    isNotNull(transactions.providerPaymentId),
    gt(transactions.subscriptionEnd, now),
  );

/**
 * Every approved payment that paid for the subscription's period and whose period is not over: the
 * subscription's own (its first period, renewals paid ahead), the payments whose unused days became
 * the credit of the upgrade that started it (and so on back, upgrade after upgrade), and a downgrade
 * waiting for its end. Oldest first.
 *
 * NOTE: a transaction does not name the subscription it paid for; the links are the ones the billing
 * rules write: the plan and the period (as the upgrade's credit counts paid periods), the credit's
 * subscription (which the upgrade ended the moment the new one started), a downgrade's later start.
 */
export async function findPeriodPayments(
  db: Db,
  subscription: SubscriptionRow,
  now: Date = new Date(),
): Promise<PeriodPayment[]> {
  const found = new Map<number, PeriodPayment>();
  const add = (rows: (typeof transactions.$inferSelect)[], role: PeriodPaymentRole) => {
    for (const row of rows) if (isOwned(row) && !found.has(row.id)) found.set(row.id, { row, role });
  };

  add(
    await db
      .select()
      .from(transactions)
      .where(and(paidFor(subscription), refundableAt(now))),
    "current",
  );

  // Upgrade after upgrade: the subscriptions whose credit started this one, and theirs.
  const seen = new Set([subscription.id]);
  let credited: SubscriptionRow[] = [subscription];
  while (credited.length) {
    const next: SubscriptionRow[] = [];
    for (const to of credited) {
      // The payments for it that carried a credit, refunded ones too: the credit stays spent.
      const carriers = await db
        .select({ from: transactions.creditSubscriptionId })
        .from(transactions)
        .where(
          and(
            paidFor(to),
            inArray(transactions.status, ["approved", "refunded"]),
            gt(transactions.creditCents, 0),
            isNotNull(transactions.creditSubscriptionId),
          ),
        );
      const ids = [...new Set(carriers.map((c) => c.from!))].filter((id) => !seen.has(id));
      if (!ids.length) continue;
      const sources = await db
        .select()
        .from(userSubscriptions)
        .where(and(inArray(userSubscriptions.id, ids), eq(userSubscriptions.userId, to.userId)));
      for (const source of sources) {
        seen.add(source.id);
        // Its credit counted only if the upgrade ended it the moment this one started.
        const replacedByIt =
          !!source.expiresAt &&
          Math.abs(source.expiresAt.getTime() - to.startsAt.getTime()) <= SAME_MOMENT_MS;
        if (!replacedByIt) continue;
        add(
          await db
            .select()
            .from(transactions)
            .where(and(paidFor(source), refundableAt(now))),
          "credit",
        );
        next.push(source);
      }
    }
    credited = next;
  }

  // A downgrade paid during the period, waiting for it to end (an upgrade carries it over).
  add(
    await db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, subscription.userId),
          eq(transactions.transactionType, "downgrade"),
          ne(transactions.planId, subscription.planId),
          gte(transactions.subscriptionStart, before(subscription.startsAt)),
          subscription.expiresAt ? lte(transactions.approvedAt, after(subscription.expiresAt)) : undefined,
          refundableAt(now),
        ),
      ),
    "scheduled",
  );

  return [...found.values()].sort(
    (a, b) => (a.row.approvedAt?.getTime() ?? 0) - (b.row.approvedAt?.getTime() ?? 0) || a.row.id - b.row.id,
  );
}
