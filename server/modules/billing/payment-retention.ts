import { and, isNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { transactions } from "../../../db/schema";

/** Years a deleted account's (anonymised) payments are kept for tax law. */
export const PAYMENT_RETENTION_YEARS = 5;

/**
 * The first day a deleted account's payment must still be kept: CTN art. 173 counts the five years
 * from the first day of the year after the payment, so on 1 January 2032 the payments of 2026 and
 * before may go. Payments of accounts that still exist are never touched.
 */
export function paymentRetentionFloor(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - PAYMENT_RETENTION_YEARS, 0, 1));
}

/** Deletes the anonymised payments past retention (their billing events go with them). */
export async function purgeExpiredPayments(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(transactions)
    .where(and(isNull(transactions.userId), lt(transactions.createdAt, paymentRetentionFloor(now))))
    .returning({ id: transactions.id });
  return deleted.length;
}
