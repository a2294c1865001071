import {
  type BlockedDomainBody,
  blockedDomainCreatedSchema,
  blockedDomainsPageSchema,
} from "@common/contract/abuse";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

const blockedDomainsKey = [...adminKeys.all, "blocked-domains"] as const;

/** GET /api/admin/blocked-domains: newest first, one page, `q` in the domain or the reason. */
export const blockedDomainsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...blockedDomainsKey, q, page] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set("q", q);
      return api(`/api/admin/blocked-domains?${params}`, { schema: blockedDomainsPageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/blocked-domains; the list and the audit log refresh (both under ["admin"]). */
export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockedDomainBody) =>
      api("/api/admin/blocked-domains", { schema: blockedDomainCreatedSchema, method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE /api/admin/blocked-domains/{id}. */
export function useUnblockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`/api/admin/blocked-domains/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
