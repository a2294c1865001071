import type { AvailableDomain } from "@common/contract/domains";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** The fallback of spec 7: when the list cannot be read, the current host is the default domain. */
export function fallbackDomains(): AvailableDomain[] {
  const host = typeof window === "undefined" ? "localhost" : window.location.host;
  return [{ id: 0, domain: host, display_name: host, is_active: true, is_default: true, is_premium: false }];
}

/** Domains the user may publish on (GET /api/user/available-domains), cached 5 minutes (spec 9). */
export const availableDomainsQuery = queryOptions({
  queryKey: ["user", "available-domains"],
  queryFn: async ({ signal }): Promise<AvailableDomain[]> => {
    try {
      const domains = await api<AvailableDomain[]>("/api/user/available-domains", { signal });
      return domains.length > 0 ? domains : fallbackDomains();
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      return fallbackDomains();
    }
  },
  staleTime: 5 * 60_000,
});
