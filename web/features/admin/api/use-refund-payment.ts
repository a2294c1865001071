import type { RefundResponse } from "@common/contract/billing";
import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminBillingKeys } from "./admin-billing";

type RefundVariables = { paymentId: string; reason: string };
const refundMutationKey = [...adminBillingKeys.all, "refund"] as const;

/** POST /api/admin/payments/{id}/refund; afterwards the list, the figures and the details reload. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: refundMutationKey,
    mutationFn: ({ paymentId, reason }: RefundVariables) =>
      api<RefundResponse>(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBillingKeys.all }),
  });
}

/** Whether a refund of this payment is on its way (its modal must not close and lose the outcome). */
export function useRefundRunning(paymentId: string | null) {
  return (
    useIsMutating({
      mutationKey: refundMutationKey,
      predicate: (mutation) =>
        (mutation.state.variables as RefundVariables | undefined)?.paymentId === paymentId,
    }) > 0
  );
}
