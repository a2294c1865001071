import type { WebhookCreate, WebhookUpdate } from "@common/contract/webhooks";
import {
  createdWebhookSchema,
  webhookDeliveriesPageSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from "@common/contract/webhooks";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

const WEBHOOKS_KEY = ["account", "webhooks"] as const;

/** GET /api/webhooks: the user's webhooks (never the secrets). */
export const webhooksQuery = queryOptions({
  queryKey: WEBHOOKS_KEY,
  queryFn: ({ signal }) => api("/api/webhooks", { schema: webhookListSchema, signal }),
});

/** GET /api/webhooks/{id}/deliveries?page=: one page of the log, newest first; polled while shown. */
export const webhookDeliveriesQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, id, "deliveries", page],
    queryFn: ({ signal }) =>
      api(`/api/webhooks/${id}/deliveries?page=${page}`, { schema: webhookDeliveriesPageSchema, signal }),
    placeholderData: keepPreviousData,
    // Every 2 s while a delivery is on its way, else every 15 s. On its way: pending and due within
    // two minutes (a test just sent; or one being sent now, which stays pending, its attempt
    // counted, under a lease of the send's timeout and a minute).
    refetchInterval: (query) =>
      query.state.data?.deliveries.some(
        (d) =>
          d.status === "pending" &&
          d.next_attempt_at !== null &&
          Date.parse(d.next_attempt_at) - Date.now() < 120_000,
      )
        ? 2_000
        : 15_000,
  });

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
}

/** POST /api/webhooks: the answer is the only time the whole secret is seen. */
export function useCreateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: WebhookCreate) =>
      api("/api/webhooks", { schema: createdWebhookSchema, method: "POST", body }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/webhooks/{id}: URL, events, on or off. */
export function useUpdateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookUpdate & { id: number }) =>
      api(`/api/webhooks/${id}`, { schema: webhookSchema, method: "PATCH", body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/webhooks/{id}: with its deliveries. */
export function useDeleteWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/webhooks/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

/** POST /api/webhooks/{id}/test: a signed ping through the same queue. */
export function useTestWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) =>
      api(`/api/webhooks/${id}/test`, { schema: webhookDeliverySchema, method: "POST" }),
    onSuccess: invalidate,
  });
}
