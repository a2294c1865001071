import {
  BILLING_MESSAGES,
  type CreateSubscriptionBody,
  createSubscriptionResponseSchema,
} from "@common/contract/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";

/**
 * POST /api/subscriptions/create: a checkout for a plan and interval. The caller sends the browser to
 * init_point; the subscription and history are refreshed for when the user comes back.
 */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscriptionBody) =>
      api("/api/subscriptions/create", { schema: createSubscriptionResponseSchema, method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** Spec 8: the server's error, else 'Erro ao processar assinatura'; no answer at all is a connection error. */
export function subscribeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return BILLING_MESSAGES.subscribeConnection;
    const message = error.body?.error;
    return typeof message === "string" && message ? message : BILLING_MESSAGES.subscribeFailed;
  }
  return BILLING_MESSAGES.subscribeFailed;
}
