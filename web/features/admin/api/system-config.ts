import type { SystemConfig } from "@common/contract/admin";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminKeys } from "./admin-keys";

/** GET /api/admin/system-config: the stored settings (the form shows these, never client defaults). */
export const systemConfigQuery = queryOptions({
  queryKey: adminKeys.systemConfig,
  queryFn: ({ signal }) => api<SystemConfig>("/api/admin/system-config", { signal }),
});
