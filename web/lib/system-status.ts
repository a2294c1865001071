import type { SystemStatus } from "@common/contract/admin";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** GET /api/system/status (public): maintenance, new accounts, Google sign-in, payments. */
export const systemStatusQuery = queryOptions({
  // NOTE: the admin settings refresh this key by name when they change it, and the server fills it
  // when it renders a public screen (web/entry-server.tsx).
  queryKey: ["system", "status"],
  queryFn: ({ signal }) => api<SystemStatus>("/api/system/status", { signal }),
  staleTime: 30_000,
});
