// The domains the signed-in user may publish on: one read shared by the Link Bio editor and the
// shortener (spec 7: cached 5 minutes, the current host as fallback when the list fails).
import type { AvailableDomain } from "@common/contract/domains";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

export const availableDomainsQuery = queryOptions({
  queryKey: ["user", "available-domains"],
  queryFn: ({ signal }) => api<AvailableDomain[]>("/api/user/available-domains", { signal }),
  // Spec 9: the domain list is cached for 5 minutes.
  staleTime: 5 * 60_000,
});

/** id 0 marks the fallback: the request then carries no custom_domain_id (the server's default). */
export const FALLBACK_DOMAIN_ID = 0;

/**
 * The domains the user may choose, the default first. When the list cannot be loaded the current
 * host stands in as the default domain (spec 7), so shortening still works.
 */
export function useAvailableDomains(): AvailableDomain[] | undefined {
  const { data, isError } = useQuery(availableDomainsQuery);
  if (data && data.length > 0) return data;
  if (isError || data) {
    return [
      {
        id: FALLBACK_DOMAIN_ID,
        domain: window.location.host,
        display_name: window.location.host,
        is_active: true,
        is_default: true,
        is_premium: false,
      },
    ];
  }
  return undefined;
}
