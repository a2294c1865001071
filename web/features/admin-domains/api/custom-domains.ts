// The administrator's custom domains (spec 7): one read and one hook per change. Every change
// refreshes all of ["admin"], since plans carry their domain ids too.
import {
  type CustomDomainBody,
  customDomainListSchema,
  customDomainSavedSchema,
  domainTestResultSchema,
} from "@common/contract/domains";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

export const customDomainKeys = {
  list: [...adminKeys.all, "custom-domains"] as const,
};

/** GET /api/admin/custom-domains-with-plans: every domain with its plans and usage. */
export const customDomainsQuery = queryOptions({
  queryKey: customDomainKeys.list,
  queryFn: ({ signal }) =>
    api("/api/admin/custom-domains-with-plans", { schema: customDomainListSchema, signal }),
});

function useAdminMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/custom-domains without an id (201), PUT /api/admin/custom-domains/{id} with one. */
export function useSaveCustomDomain() {
  return useAdminMutation(({ id, body }: { id: number | null; body: CustomDomainBody }) =>
    api(id === null ? "/api/admin/custom-domains" : `/api/admin/custom-domains/${id}`, {
      schema: customDomainSavedSchema,
      method: id === null ? "POST" : "PUT",
      body,
    }),
  );
}

/** DELETE /api/admin/custom-domains/{id}: refused (409) while pages or links use it, or if default. */
export function useDeleteCustomDomain() {
  return useAdminMutation((id: number) =>
    api<{ message?: string }>(`/api/admin/custom-domains/${id}`, { method: "DELETE" }),
  );
}

/** POST /api/admin/custom-domains/{id}/set-default */
export function useSetDefaultDomain() {
  return useAdminMutation((id: number) =>
    api<{ message?: string }>(`/api/admin/custom-domains/${id}/set-default`, { method: "POST" }),
  );
}

/** POST /api/admin/domains/{id}/activate: answers {message}. */
export function useActivateDomain() {
  return useAdminMutation((id: number) =>
    api<{ message: string }>(`/api/admin/domains/${id}/activate`, { method: "POST" }),
  );
}

/** POST /api/admin/plans/{planId}/domains to offer a domain, DELETE .../{domainId} to withdraw it. */
export function useSetPlanDomain() {
  return useAdminMutation(
    ({ planId, domainId, available }: { planId: number; domainId: number; available: boolean }) =>
      available
        ? api<unknown>(`/api/admin/plans/${planId}/domains`, {
            method: "POST",
            body: { custom_domain_id: domainId },
          })
        : api<unknown>(`/api/admin/plans/${planId}/domains/${domainId}`, { method: "DELETE" }),
  );
}

/** GET /api/admin/test-domain/{id}: DNS, TLS and usage checked now (never cached). */
export const testDomain = (id: number, signal?: AbortSignal) =>
  api(`/api/admin/test-domain/${id}`, { schema: domainTestResultSchema, signal });
