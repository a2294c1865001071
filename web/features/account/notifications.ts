import type { LeadMailMode } from "@common/contract/leads";
import {
  notificationSettingsSchema,
  type PushSubscriptionBody,
  pushKeySchema,
} from "@common/contract/notifications";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

const NOTIFICATIONS_KEY = ["account", "notifications"] as const;

/** GET /api/notifications: the e-mail choice for new contacts, and the devices with push on. */
export const notificationSettingsQuery = queryOptions({
  queryKey: NOTIFICATIONS_KEY,
  queryFn: ({ signal }) => api("/api/notifications", { schema: notificationSettingsSchema, signal }),
});

/** GET /api/notifications/push-key: the server's VAPID public key (it changes only with its keys). */
export const pushKeyQuery = queryOptions({
  queryKey: [...NOTIFICATIONS_KEY, "push-key"],
  queryFn: ({ signal }) => api("/api/notifications/push-key", { schema: pushKeySchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
}

/** PUT /api/notifications: how new contacts come by e-mail (none, each, a daily digest). */
export function useSaveLeadMail() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (lead_mail: LeadMailMode) =>
      api<unknown>("/api/notifications", { method: "PUT", body: { lead_mail } }),
    onSuccess: invalidate,
  });
}

/** POST /api/notifications/devices: this browser's push subscription, named for the list. */
export function useAddPushDevice() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (body: PushSubscriptionBody) =>
      api<unknown>("/api/notifications/devices", { method: "POST", body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/notifications/devices: this browser's subscription, by its endpoint. */
export function useRemovePushDevice() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (endpoint: string) =>
      api<unknown>("/api/notifications/devices", { method: "DELETE", body: { endpoint } }),
    onSuccess: invalidate,
  });
}
