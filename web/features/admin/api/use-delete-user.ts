import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** DELETE /api/admin/users/{id}: the user and all their data. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message?: string }>(`/api/admin/users/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
