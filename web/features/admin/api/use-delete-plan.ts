import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** DELETE /api/admin/subscription-plans/{id}; refused (409) while anyone subscribes to it. */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message?: string }>(`/api/admin/subscription-plans/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
