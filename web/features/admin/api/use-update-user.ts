import type { AdminUser, AdminUserUpdate } from "@common/contract/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** PUT /api/admin/users/{id}: email, flags, plan and custom limits. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdate }) =>
      api<{ message: string; user: AdminUser }>(`/api/admin/users/${id}`, { method: "PUT", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
