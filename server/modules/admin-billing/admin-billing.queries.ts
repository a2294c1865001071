import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type {
  AdminStats,
  AdminTransaction,
  adminTransactionsQuerySchema,
  PaymentDetails,
  TransactionPeriod,
} from "../../../common/contract/billing";
import { dayOf, startOfDayInZone, startOfMonthInZone } from "../../../common/time";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { appTotals, subscriptionPlans, transactions, userSubscriptions, users } from "../../../db/schema";
import { likePattern } from "../../lib/like-pattern";
import { paging } from "../../lib/paging";

export type AdminTransactionsQuery = z.output<typeof adminTransactionsQuerySchema>;
/** The filters and sort of the list, without its paging (the CSV export uses the same). */
export type AdminTransactionsFilter = Omit<AdminTransactionsQuery, "page" | "limit">;

/** The first instant of the current day or month in São Paulo, computed by the database. */
// NOTE: computed here and sent as a parameter: the same expression in SQL is evaluated again for
// every row it filters (~185 ms of the stats over 100k users), and a parameter keeps the indexes.
const startOfCurrent = (unit: "day" | "month") =>
  sql`${unit === "day" ? startOfDayInZone(dayOf(Date.now())) : startOfMonthInZone()}`;

/** Where a period starts; null for all time. Today and this month are calendar ones in São Paulo. */
function periodStart(period: TransactionPeriod): SQL | null {
  switch (period) {
    case "today":
      return startOfCurrent("day");
    case "week":
      return sql`(now() - interval '7 days')`;
    case "month":
      return startOfCurrent("month");
    case "quarter":
      return sql`(now() - interval '90 days')`;
    default:
      return null;
  }
}

/** A deleted account's payments stay (anonymised): they show under this name, with no e-mail. */
export const DELETED_ACCOUNT_LABEL = "Conta excluída";
const userName = sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), ${DELETED_ACCOUNT_LABEL})`;

function transactionsWhere(filter: AdminTransactionsFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (filter.status) filters.push(eq(transactions.status, filter.status));
  if (filter.type) filters.push(eq(transactions.transactionType, filter.type));
  if (filter.payment_method) filters.push(eq(transactions.paymentMethod, filter.payment_method));
  const since = periodStart(filter.period);
  if (since) filters.push(gte(transactions.createdAt, since));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(userName, pattern),
        ilike(transactions.planName, pattern),
        ilike(transactions.providerPaymentId, pattern),
      )!,
    );
  }
  return filters.length ? and(...filters) : undefined;
}

function transactionsOrder(filter: AdminTransactionsFilter): SQL[] {
  const direction = filter.order === "asc" ? asc : desc;
  const column = filter.sort === "amount_cents" ? transactions.amountCents : transactions.createdAt;
  // Ties keep one order (by id), so a row never shows on two pages.
  return [direction(column), direction(transactions.id)];
}

const adminTransactionColumns = {
  transaction: transactions,
  userEmail: sql<string>`coalesce(${users.email}, '')`,
  userName,
};

type AdminTransactionRow = {
  transaction: typeof transactions.$inferSelect;
  userEmail: string;
  userName: string;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAdminTransaction({
  transaction: t,
  userEmail,
  userName,
}: AdminTransactionRow): AdminTransaction {
  return {
    id: t.id,
    plan_name: t.planName,
    transaction_type: t.transactionType,
    interval_type: t.intervalType,
    status: t.status,
    amount_cents: t.amountCents,
    created_at: t.createdAt.toISOString(),
    payment_method: t.paymentMethod,
    subscription_start: iso(t.subscriptionStart),
    subscription_end: iso(t.subscriptionEnd),
    mercadopago_payment_id: t.providerPaymentId,
    provider: t.provider,
    user_id: t.userId,
    user_email: userEmail,
    user_name: userName,
    payment_details: JSON.stringify(t.paymentDetails ?? {}),
    refund_id: t.refundId,
    refunded_cents: t.refundedCents,
  };
}

/** Rows of every customer's transactions, filtered and sorted, from offset. */
export async function selectAdminTransactions(
  db: Db,
  filter: AdminTransactionsFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<AdminTransaction[]> {
  const rows = await db
    .select(adminTransactionColumns)
    .from(transactions)
    .leftJoin(users, eq(users.id, transactions.userId))
    .where(transactionsWhere(filter))
    .orderBy(...transactionsOrder(filter))
    .limit(limit)
    .offset(offset);
  return rows.map(toAdminTransaction);
}

/** One page of the administrator's transaction list, and how many match in all. */
export async function listAdminTransactions(
  db: Db,
  query: AdminTransactionsQuery,
): Promise<{ transactions: AdminTransaction[]; total: number }> {
  const where = transactionsWhere(query);
  const [rows, [counted]] = await Promise.all([
    selectAdminTransactions(db, query, paging(query.page, query.limit)),
    db
      .select({ total: count() })
      .from(transactions)
      .leftJoin(users, eq(users.id, transactions.userId))
      .where(where),
  ]);
  return { transactions: rows, total: counted?.total ?? 0 };
}

/** What the provider told us about a payment, by the provider's payment id; null when unknown. */
export async function findPaymentDetails(db: Db, providerPaymentId: string): Promise<PaymentDetails | null> {
  const [row] = await db
    .select({ details: transactions.paymentDetails })
    .from(transactions)
    .where(eq(transactions.providerPaymentId, providerPaymentId))
    .orderBy(desc(transactions.id))
    .limit(1);
  return row ? (row.details ?? {}) : null;
}

/** The admin overview's and the subscriptions dashboard's figures, in one statement. */
export async function selectAdminStats(db: Db): Promise<AdminStats> {
  const monthStart = startOfCurrent("month");
  // NOTE: subqueries built with the query builder, so that their columns are named with their
  // table (a raw subquery's "id" would be ambiguous in a join).
  const scalar = (query: SQLWrapper) => sql`coalesce((${query}), 0)`.mapWith(Number);
  const revenue = (...where: SQL[]) =>
    scalar(
      db
        .select({ sum: sql`sum(${transactions.amountCents})` })
        .from(transactions)
        .where(and(...where)),
    );
  const [row] = await db
    .select({
      // Whole-table figures from the running totals (migration 0008's triggers), not a scan.
      total_users: sql`${appTotals.usersCount}`.mapWith(Number),
      new_users_this_month: scalar(
        db.select({ n: count() }).from(users).where(gte(users.createdAt, monthStart)),
      ),
      active_subscriptions: scalar(
        db
          .select({ n: count() })
          .from(userSubscriptions)
          .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
          .where(
            and(
              eq(userSubscriptions.status, "active"),
              gt(subscriptionPlans.priceCents, 0),
              or(isNull(userSubscriptions.expiresAt), gt(userSubscriptions.expiresAt, sql`now()`)),
            ),
          ),
      ),
      cancellations_this_month: scalar(
        db
          .select({ n: count() })
          .from(userSubscriptions)
          .where(gte(userSubscriptions.canceledAt, monthStart)),
      ),
      total_revenue: revenue(eq(transactions.status, "approved")),
      total_clicks: sql`${appTotals.clicksTotal}`.mapWith(Number),
      // A checkout nobody started paying (no provider payment yet) is not revenue on its way.
      monthly_revenue_pending: revenue(
        eq(transactions.status, "pending"),
        isNotNull(transactions.providerPaymentId),
        gte(transactions.createdAt, monthStart),
      ),
      // Received this month: approved in it (a Pix or boleto may be paid days after it was created).
      monthly_revenue_paid: revenue(
        eq(transactions.status, "approved"),
        gte(sql`coalesce(${transactions.approvedAt}, ${transactions.createdAt})`, monthStart),
      ),
    })
    .from(appTotals)
    .where(eq(appTotals.id, 1));
  return row!;
}
