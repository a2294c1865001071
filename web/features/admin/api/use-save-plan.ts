import type { planBodySchema } from "@common/contract/admin";
import type { SubscriptionPlan } from "@common/contract/billing";
import type { z } from "@common/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

export type PlanBodyOutput = z.output<typeof planBodySchema>;

/** POST /api/admin/subscription-plans without an id, PUT /api/admin/subscription-plans/{id} with one. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanBodyOutput }) =>
      api<{ message: string; plan: SubscriptionPlan }>(
        id === null ? "/api/admin/subscription-plans" : `/api/admin/subscription-plans/${id}`,
        { method: id === null ? "POST" : "PUT", body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
