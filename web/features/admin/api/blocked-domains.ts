import type { BlockedDomainBody, BlockedDomainCreated, BlockedDomainsPage } from "@common/contract/abuse";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminKeys } from "./admin-keys";

const blockedDomainsKey = [...adminKeys.all, "blocked-domains"] as const;

/** GET /api/admin/blocked-domains: newest first, one page, `q` in the domain or the reason. */
export const blockedDomainsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...blockedDomainsKey, q, page] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set("q", q);
      return api<BlockedDomainsPage>(`/api/admin/blocked-domains?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/blocked-domains; the list and the audit log refresh (both under ["admin"]). */
export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockedDomainBody) =>
      api<BlockedDomainCreated>("/api/admin/blocked-domains", { method: "POST", body }),
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
