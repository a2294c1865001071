import { type AuditAction, auditLogPageSchema } from "@common/contract/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** The audit log's filters; "" means any action / anyone. */
export type AuditFilters = { action: AuditAction | ""; user: string };

export function auditLogSearch({ action, user }: AuditFilters, page: number): string {
  const params = new URLSearchParams();
  if (action) params.set("action", action);
  if (user.trim()) params.set("user", user.trim());
  params.set("page", String(page));
  return params.toString();
}

/** GET /api/admin/audit-log: newest first, one page, filtered by the server. */
export const auditLogQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.auditLog, filters, page] as const,
    queryFn: ({ signal }) =>
      api(`/api/admin/audit-log?${auditLogSearch(filters, page)}`, { schema: auditLogPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
