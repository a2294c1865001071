import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { PaymentHistoryItem } from "../../../common/contract/billing";
import type { Db } from "../../../db/client";
import { transactions } from "../../../db/schema";
import type { TransactionRow } from "./billing.service";

/** How many payments the user's history shows (the newest). */
export const PAYMENT_HISTORY_LIMIT = 100;

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
