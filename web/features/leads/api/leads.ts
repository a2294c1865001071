import { leadListSchema } from "@common/contract/leads";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/**
 * What the contacts list is filtered by, as the server takes it; "" means any. `from`/`to`: days
 * (YYYY-MM-DD) in São Paulo's time, both included.
 */
export type LeadFilters = { q: string; linkPageId: string; from: string; to: string };

export const NO_LEAD_FILTERS: LeadFilters = { q: "", linkPageId: "", from: "", to: "" };

/** The query string of the list and of the CSV export (the export has no page). */
export function leadSearch(filters: LeadFilters, page?: number): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.linkPageId) params.set("link_page_id", filters.linkPageId);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page !== undefined) params.set("page", String(page));
  return params.toString();
}

export const leadKeys = { all: ["leads"] as const };

/** GET /api/leads: newest first, 20 a page, filtered by the server. */
export const leadsQuery = (filters: LeadFilters, page: number) =>
  queryOptions({
    queryKey: [...leadKeys.all, "list", filters, page] as const,
    queryFn: ({ signal }) =>
      api(`/api/leads?${leadSearch(filters, page)}`, { schema: leadListSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/leads/export.csv: every contact the filters match (a download, not a read of the SPA). */
export function leadsCsvPath(filters: LeadFilters): string {
  const search = leadSearch(filters);
  return `/api/leads/export.csv${search ? `?${search}` : ""}`;
}

function useInvalidateLeads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

/** DELETE /api/leads/{id}: the contact and its proof of consent. */
export function useDeleteLead() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/leads/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/leads: every contact of the account (hidden ones over the plan's limit too). */
export function useDeleteAllLeads() {
  const invalidate = useInvalidateLeads();
  return useMutation({
    mutationFn: () => api<{ message: string; deleted: number }>("/api/leads", { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
