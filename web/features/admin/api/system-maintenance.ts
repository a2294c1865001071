import { systemInfoSchema } from "@common/contract/admin";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** 'Backup manual': a download (GET, an attachment) of the embedded database. */
export const BACKUP_PATH = "/api/admin/system/backup";

/** GET /api/admin/system/info: the database kind (backup or pg_dump) and whether Redis is shared. */
export const systemInfoQuery = queryOptions({
  queryKey: [...adminKeys.all, "system-info"] as const,
  queryFn: ({ signal }) => api("/api/admin/system/info", { schema: systemInfoSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /api/admin/system/cache/clear: every process drops its caches; the admin's reads refresh too. */
export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>("/api/admin/system/cache/clear", { method: "POST", body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
  });
}
