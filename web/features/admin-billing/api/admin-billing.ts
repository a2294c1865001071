import {
  adminStatsSchema,
  adminTransactionsPageSchema,
  paymentDetailsSchema,
  refundPreviewSchema,
  type TransactionPeriod,
} from "@common/contract/billing";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** What the subscriptions dashboard asks the server for; "" means no filter. */
export type TransactionFilters = {
  status: string;
  type: string;
  payment_method: string;
  period: TransactionPeriod;
  q: string;
  sort: "created_at" | "amount_cents";
  order: "asc" | "desc";
};

export const DEFAULT_TRANSACTION_FILTERS: TransactionFilters = {
  status: "",
  type: "",
  payment_method: "",
  period: "all",
  q: "",
  sort: "created_at",
  order: "desc",
};

export const TRANSACTIONS_CSV_PATH = "/api/admin/transactions/export.csv";

/** The query string of the list and of the CSV export: only what differs from "everything". */
export function transactionsSearch(filters: TransactionFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["status", "type", "payment_method", "q"] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.period !== "all") params.set("period", filters.period);
  params.set("sort", filters.sort);
  params.set("order", filters.order);
  if (page !== undefined) params.set("page", String(page));
  return params.toString();
}

export const adminBillingKeys = {
  all: ["admin", "billing"] as const,
  stats: ["admin", "billing", "stats"] as const,
  transactions: (filters: TransactionFilters, page: number) =>
    ["admin", "billing", "transactions", filters, page] as const,
  paymentDetails: (paymentId: string) => ["admin", "billing", "payment-details", paymentId] as const,
  refundPreview: (paymentId: string) => ["admin", "billing", "refund-preview", paymentId] as const,
};

/** GET /api/admin/stats: the KPI cards. */
export const adminStatsQuery = queryOptions({
  queryKey: adminBillingKeys.stats,
  queryFn: ({ signal }) => api("/api/admin/stats", { schema: adminStatsSchema, signal }),
});

/** GET /api/admin/transactions: one page, filtered and sorted by the server; the last page stays while the next loads. */
export const adminTransactionsQuery = (filters: TransactionFilters, page: number) =>
  queryOptions({
    queryKey: adminBillingKeys.transactions(filters, page),
    queryFn: ({ signal }) =>
      api(`/api/admin/transactions?${transactionsSearch(filters, page)}`, {
        schema: adminTransactionsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/payment/{id}/details: what the provider told us about one payment. */
export const paymentDetailsQuery = (paymentId: string) =>
  queryOptions({
    queryKey: adminBillingKeys.paymentDetails(paymentId),
    queryFn: ({ signal }) =>
      api(`/api/admin/payment/${encodeURIComponent(paymentId)}/details`, {
        schema: paymentDetailsSchema,
        signal,
      }),
  });

/** GET /api/admin/payments/{id}/refund-preview: the payments a refund would take back, and each choice's effect. */
export const refundPreviewQuery = (paymentId: string) =>
  queryOptions({
    queryKey: adminBillingKeys.refundPreview(paymentId),
    queryFn: ({ signal }) =>
      api(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund-preview`, {
        schema: refundPreviewSchema,
        signal,
      }),
  });
