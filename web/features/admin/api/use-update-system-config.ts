import type { SystemConfig, systemConfigUpdateSchema } from "@common/contract/admin";
import type { z } from "@common/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminKeys } from "./admin-keys";
import { systemConfigQuery } from "./system-config";

type SystemConfigPatch = z.output<typeof systemConfigUpdateSchema>;

// NOTE: the public GET /api/system/status (owned by the auth feature, read by the protected layout
// for the maintenance page and banner) changes with these settings; it is refreshed by its key.
const SYSTEM_STATUS_KEY = ["system", "status"];

/** PUT /api/admin/system-config with only the fields that changed; the answer is the stored settings. */
export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SystemConfigPatch) =>
      api<SystemConfig & { message?: string }>("/api/admin/system-config", { method: "PUT", body: patch }),
    // The answer is the stored settings: the form starts again from it, with no second read.
    onSuccess: async ({ message: _message, ...config }) => {
      queryClient.setQueryData(systemConfigQuery.queryKey, config);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
        queryClient.invalidateQueries({ queryKey: SYSTEM_STATUS_KEY }),
      ]);
    },
  });
}
