import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** POST /api/admin/users/{id}/activate or /deactivate (deactivating ends the user's sessions). */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api<{ message?: string }>(`/api/admin/users/${id}/${active ? "activate" : "deactivate"}`, {
        method: "POST",
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
