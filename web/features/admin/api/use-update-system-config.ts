import type { SystemConfig, systemConfigUpdateSchema } from "@common/contract/admin";
import type { z } from "@common/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";
import { systemStatusQuery } from "@web/lib/system-status";
import { systemConfigQuery } from "./system-config";

type SystemConfigPatch = z.output<typeof systemConfigUpdateSchema>;

/** PUT /api/admin/system-config with only the fields that changed; the answer is the stored settings. */
export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SystemConfigPatch) =>
      api<SystemConfig & { message?: string }>("/api/admin/system-config", { method: "PUT", body: patch }),
    // The answer is the stored settings: the form starts again from it, with no second read. The
    // public status (the maintenance page and banner, sign-up, Google) changes with them too.
    onSuccess: async ({ message: _message, ...config }) => {
      queryClient.setQueryData(systemConfigQuery.queryKey, config);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
        queryClient.invalidateQueries({ queryKey: systemStatusQuery.queryKey }),
      ]);
    },
  });
}
