import type { AvailableDomain } from "@common/contract/domains";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

// NOTE: the shortener has the same read under the same key (features do not import each other);
// both throw on failure and derive the fallback, so either may fill the shared cache entry.
export const availableDomainsQuery = queryOptions({
  queryKey: ["user", "available-domains"],
  queryFn: ({ signal }) => api<AvailableDomain[]>("/api/user/available-domains", { signal }),
  // Spec 9: the domain list is cached for 5 minutes.
  staleTime: 5 * 60_000,
});

/** Id 0 marks the fallback: the page is then saved without custom_domain_id (the server's default). */
export const FALLBACK_DOMAIN_ID = 0;

/**
 * The domains the user may publish on, or, when the list cannot be read, the current host as the
 * default domain (spec 7). Undefined while loading.
 */
export function useAvailableDomains(): AvailableDomain[] | undefined {
  const { data, isError } = useQuery(availableDomainsQuery);
  if (data && data.length > 0) return data;
  if (!isError && !data) return undefined;
  const host = window.location.host;
  return [
    {
      id: FALLBACK_DOMAIN_ID,
      domain: host,
      display_name: host,
      is_active: true,
      is_default: true,
      is_premium: false,
    },
  ];
}
