// The SQL of billing's rules (checkout.ts, checkout-closing.ts, payment-state.ts,
// subscription-changes.ts): payments
// (transactions), subscriptions and the billing event log. Each takes `db`, a transaction inside them.
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne } from "drizzle-orm";
import type { PaymentHistoryItem } from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { billingEvents, transactions, userSubscriptions, users } from "../../../db/schema";
import type { SubscriptionRow } from "./entitlements";
import type { PaidPeriod } from "./periods";

export type TransactionRow = typeof transactions.$inferSelect;
/** A payment of an account that still exists (a deleted account's payments keep a null user). */
export type OwnedTransaction = TransactionRow & { userId: number };
export const isOwned = (row: TransactionRow): row is OwnedTransaction => row.userId !== null;

/** How many payments the user's history shows (the newest). */
export const PAYMENT_HISTORY_LIMIT = 100;

export type BillingEvent = {
  userId: number | null;
  kind: string;
  cause: string;
  transactionId?: number | null;
  subscriptionId?: number | null;
  detail?: Record<string, unknown>;
};

export async function recordEvents(db: Db, events: BillingEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(billingEvents).values(
    events.map((event) => ({
      userId: event.userId,
      kind: event.kind,
      cause: event.cause,
      transactionId: event.transactionId ?? null,
      subscriptionId: event.subscriptionId ?? null,
      detail: event.detail ?? {},
    })),
  );
}

export const recordEvent = (db: Db, event: BillingEvent) => recordEvents(db, [event]);

/** Locks the user's row: every billing change of one user happens one at a time. */
export async function lockUser(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

// Payments (transactions).

export async function insertTransaction(
  db: Db,
  values: typeof transactions.$inferInsert,
): Promise<TransactionRow> {
  const [row] = await db.insert(transactions).values(values).returning();
  return row!;
}

export async function updateTransaction(db: Db, id: number, values: Partial<TransactionRow>): Promise<void> {
  await db.update(transactions).set(values).where(eq(transactions.id, id));
}

export async function deleteTransaction(db: Db, id: number): Promise<void> {
  await db.delete(transactions).where(eq(transactions.id, id));
}

/** Whose payment it is: undefined for an unknown id, a null user for a deleted account's. */
export async function findTransactionOwner(
  db: Db,
  id: number,
): Promise<{ userId: number | null } | undefined> {
  const [row] = await db
    .select({ userId: transactions.userId })
    .from(transactions)
    .where(eq(transactions.id, id));
  return row;
}

/** The payment, locked until the transaction ends. */
export async function findTransactionForUpdate(db: Db, id: number): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for("update");
  return row;
}

export async function findTransactionStatus(db: Db, id: number) {
  const [row] = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, id));
  return row;
}

export async function isUsersTransaction(db: Db, userId: number, id: number): Promise<boolean> {
  return (await db.$count(transactions, and(eq(transactions.id, id), eq(transactions.userId, userId)))) > 0;
}

/** The late payment's refund, on the payment still approved; whose it was, or undefined. */
export async function markRefundedIfApproved(
  db: Db,
  id: number,
  values: Pick<TransactionRow, "refundId" | "refundedCents" | "refundReason" | "updatedAt">,
): Promise<{ userId: number | null } | undefined> {
  const [row] = await db
    .update(transactions)
    .set({ status: "refunded", ...values })
    .where(and(eq(transactions.id, id), eq(transactions.status, "approved")))
    .returning({ userId: transactions.userId });
  return row;
}

/**
 * The periods paid for the current subscription's plan that are not over yet (the current one and
 * any renewal paid ahead), for an upgrade's credit.
 */
export async function findPaidPeriods(
  db: Db,
  subscription: SubscriptionRow,
  now: Date,
): Promise<PaidPeriod[]> {
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
 * Payments of `provider` still pending a while after the provider last told us anything (10 minutes),
 * started in the last 30 days: up to 50, least recently read first.
 */
export async function selectStalePendingPayments(db: Db, provider: TransactionRow["provider"], now: Date) {
  return db
    .select({ id: transactions.providerPaymentId })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, "pending"),
        isNotNull(transactions.providerPaymentId),
        eq(transactions.provider, provider),
        lt(transactions.updatedAt, new Date(now.getTime() - 10 * 60_000)),
        gt(transactions.createdAt, new Date(now.getTime() - 30 * 86_400_000)),
      ),
    )
    .limit(50);
}

/** Pending checkouts not closed yet, oldest first, up to 500 (the checkout-expiry job's). */
export function selectOpenCheckouts(db: Db): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, "pending"), isNull(transactions.closedAt)))
    .orderBy(transactions.createdAt)
    .limit(500);
}

/** The user's open checkouts for any plan but `paid`'s, except `paid` itself. */
export function selectOtherPlansOpenCheckouts(
  db: Db,
  paid: { id: number; userId: number; planId: number },
): Promise<Pick<TransactionRow, "id" | "userId" | "providerCheckoutId" | "providerPaymentId">[]> {
  return db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      providerCheckoutId: transactions.providerCheckoutId,
      providerPaymentId: transactions.providerPaymentId,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, paid.userId),
        eq(transactions.status, "pending"),
        isNull(transactions.closedAt),
        ne(transactions.planId, paid.planId),
        ne(transactions.id, paid.id),
      ),
    );
}

/** The checkouts among `ids` still pending and open, closed now with `status`; what was closed. */
export function markCheckoutsClosed(
  db: Db,
  ids: number[],
  status: "expired" | "cancelled",
  now: Date,
): Promise<Pick<TransactionRow, "id" | "userId" | "providerCheckoutId" | "providerPaymentId">[]> {
  return db
    .update(transactions)
    .set({ status, closedAt: now, updatedAt: now })
    .where(
      and(inArray(transactions.id, ids), eq(transactions.status, "pending"), isNull(transactions.closedAt)),
    )
    .returning({
      id: transactions.id,
      userId: transactions.userId,
      providerCheckoutId: transactions.providerCheckoutId,
      providerPaymentId: transactions.providerPaymentId,
    });
}

/** A pending payment was read again now: the next run takes the others first. */
export async function touchPendingPayment(db: Db, providerPaymentId: string, now: Date): Promise<void> {
  await db
    .update(transactions)
    .set({ updatedAt: now })
    .where(and(eq(transactions.providerPaymentId, providerPaymentId), eq(transactions.status, "pending")));
}

export function listPaymentHistory(db: Db, userId: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(PAYMENT_HISTORY_LIMIT);
}

/** The user's newest payment that waits for confirmation (a Pix or boleto not paid yet). */
export async function findPendingPayment(db: Db, userId: number): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.status, "pending"),
        isNotNull(transactions.providerPaymentId),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  return row ?? null;
}

export function toPaymentHistoryItem(row: TransactionRow): PaymentHistoryItem {
  return {
    id: row.id,
    plan_name: row.planName,
    transaction_type: row.transactionType,
    interval_type: row.intervalType,
    status: row.status,
    amount_cents: row.amountCents,
    credit_cents: row.creditCents,
    created_at: row.createdAt.toISOString(),
    payment_method: row.paymentMethod,
    subscription_start: row.subscriptionStart?.toISOString() ?? null,
    subscription_end: row.subscriptionEnd?.toISOString() ?? null,
    payment_details: row.paymentDetails,
  };
}

// Subscriptions.

export async function insertSubscription(
  db: Db,
  values: typeof userSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(userSubscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  db: Db,
  id: number,
  values: Partial<SubscriptionRow>,
): Promise<void> {
  await db.update(userSubscriptions).set(values).where(eq(userSubscriptions.id, id));
}

/** The subscription, locked until the transaction ends. */
export async function findSubscriptionForUpdate(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)).for("update");
  return row;
}

/** Active or canceled subscriptions past their end (the expiry job's), up to 1000. */
export function selectEndedSubscriptions(db: Db, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(userSubscriptions)
    .where(
      and(inArray(userSubscriptions.status, ["active", "canceled"]), lt(userSubscriptions.expiresAt, now)),
    )
    .limit(1000);
}

/** The user's active or canceled subscriptions ended by `now`, marked expired; their ids. */
export function expireEndedSubscriptions(db: Db, userId: number, now: Date): Promise<{ id: number }[]> {
  return db
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
}
