import type { PeriodRefundResponse, RefundResponse, RefundScope } from "@common/contract/billing";
import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";
import { adminBillingKeys } from "./admin-billing";

type RefundVariables = { paymentId: string; reason: string; scope: RefundScope };
const refundMutationKey = [...adminBillingKeys.all, "refund"] as const;

/**
 * POST /api/admin/payments/{id}/refund. Afterwards every admin read reloads (the figures, the
 * transactions, the customer's plan in the users list, the audit log, the refund preview), a
 * failure too: a refund of the period may stop part-way, after refunding some payments.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: refundMutationKey,
    mutationFn: ({ paymentId, reason, scope }: RefundVariables) =>
      api<RefundResponse | PeriodRefundResponse>(
        `/api/admin/payments/${encodeURIComponent(paymentId)}/refund`,
        { method: "POST", body: { reason, scope } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
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
