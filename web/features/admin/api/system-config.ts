import { systemConfigSchema } from "@common/contract/admin";
import { queryOptions } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** GET /api/admin/system-config: the stored settings (the form shows these, never client defaults). */
export const systemConfigQuery = queryOptions({
  queryKey: adminKeys.systemConfig,
  queryFn: ({ signal }) => api("/api/admin/system-config", { schema: systemConfigSchema, signal }),
});
