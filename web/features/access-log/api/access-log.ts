import { type AccessLogEvent, accessLogPageSchema } from "@common/contract/access-log";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

export const ACCESS_LOG_CSV_PATH = "/api/admin/access-log/export.csv";

/**
 * The access log's filters; "" means any. `from`/`to`: days (YYYY-MM-DD) in Brasília's time, both
 * inclusive; `userId`: one account's lines across its e-mail changes (set from a row).
 */
export type AccessLogFilters = {
  email: string;
  event: AccessLogEvent | "";
  ip: string;
  from: string;
  to: string;
  userId: number | null;
};

export const NO_ACCESS_FILTERS: AccessLogFilters = {
  email: "",
  event: "",
  ip: "",
  from: "",
  to: "",
  userId: null,
};

/** The query string of the list and of the CSV export (the export has no page). */
export function accessLogSearch(filters: AccessLogFilters, page?: number): string {
  const params = new URLSearchParams();
  if (filters.email.trim()) params.set("email", filters.email.trim());
  if (filters.userId !== null) params.set("user_id", String(filters.userId));
  if (filters.event) params.set("event", filters.event);
  if (filters.ip.trim()) params.set("ip", filters.ip.trim());
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page !== undefined) params.set("page", String(page));
  return params.toString();
}

/** GET /api/admin/access-log: newest first, one page, filtered by the server. */
export const accessLogQuery = (filters: AccessLogFilters, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, "access-log", filters, page] as const,
    queryFn: ({ signal }) =>
      api(`/api/admin/access-log?${accessLogSearch(filters, page)}`, { schema: accessLogPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
