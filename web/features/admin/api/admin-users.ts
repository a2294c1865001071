import { type ADMIN_USER_SORTS, adminUserDetailsSchema, adminUsersPageSchema } from "@common/contract/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
/** What the users table asks the server for: the search, the sort and the page. */
export type AdminUsersParams = { q: string; sort: AdminUserSort; order: "asc" | "desc" };

export const USERS_CSV_PATH = "/api/admin/users/export.csv";

/** The query string of the list and of the CSV export (the export has no page). */
export function usersSearch({ q, sort, order }: AdminUsersParams, page?: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  params.set("sort", sort);
  params.set("order", order);
  if (page !== undefined) params.set("page", String(page));
  return params.toString();
}

/** GET /api/admin/users: one page, searched and sorted by the server; the last page stays while the next loads. */
export const adminUsersQuery = (params: AdminUsersParams, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.users, params, page] as const,
    queryFn: ({ signal }) =>
      api(`/api/admin/users?${usersSearch(params, page)}`, { schema: adminUsersPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users/{id}: 'Detalhes' of one user (the list's row and how they sign in). */
export const adminUserDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKeys.users, "details", id] as const,
    queryFn: ({ signal }) => api(`/api/admin/users/${id}`, { schema: adminUserDetailsSchema, signal }),
  });
