import type { RefundResponse } from "@common/contract/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminBillingKeys } from "./admin-billing";

/** POST /api/admin/payments/{id}/refund; afterwards the list, the figures and the details reload. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      api<RefundResponse>(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBillingKeys.all }),
  });
}
