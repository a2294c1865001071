import type { AuditAction, AuditLogPage } from "@common/contract/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminKeys } from "./admin-keys";

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
      api<AuditLogPage>(`/api/admin/audit-log?${auditLogSearch(filters, page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
