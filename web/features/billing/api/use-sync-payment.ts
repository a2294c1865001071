import { paymentSyncResponseSchema } from "@common/contract/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";

/**
 * POST /api/user/payments/{id}/sync: back from the checkout, the server reads the payment from the
 * provider and applies it without waiting for the webhook. Whatever the outcome, the billing data
 * reloads (a failure is left to the webhook and the server's job).
 */
export function useSyncPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api(`/api/user/payments/${encodeURIComponent(paymentId)}/sync`, {
        schema: paymentSyncResponseSchema,
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
