import { BILLING_MESSAGES } from "@common/contract/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";

/** POST /api/user/subscription/cancel (no body); access lasts until the end of the paid period. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>("/api/user/subscription/cancel", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** Spec 8: the server's error, else 'Erro ao cancelar assinatura'. */
export function cancelErrorMessage(error: unknown): string {
  const message = error instanceof ApiError && error.status !== 0 ? error.body?.error : undefined;
  return typeof message === "string" && message ? message : BILLING_MESSAGES.cancelFailed;
}
