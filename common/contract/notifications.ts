import { z } from "../zod";
import { LEAD_MAIL_MODES } from "./leads";
import { timestampSchema, wholeNumberSchema } from "./wire";

// Notifications (issue 37): Web Push on the owner's devices, and e-mail about new leads. Managed on
// /profile ("Notificações") with a session.

export const NOTIFICATION_MESSAGES = {
  saved: "Preferências de notificação salvas.",
  saveFailed: "Erro ao salvar as notificações",
  subscribed: "Notificações ativadas neste aparelho.",
  unsubscribed: "Notificações desativadas neste aparelho.",
  denied: "O navegador bloqueou as notificações. Permita nas configurações do site e tente de novo.",
  unsupported: "Este navegador não recebe notificações.",
  subscriptionInvalid: "Inscrição de notificação inválida.",
  devicesMax: "No máximo 10 aparelhos por conta. Desative um para ativar este.",
  leadMailInvalid: "Escolha como receber os contatos por e-mail.",
} as const;

/** Devices a user may have notifications on at once. */
export const PUSH_DEVICES_MAX = 10;

/** GET /api/notifications/push-key: the server's VAPID public key (base64url), for subscribe(). */
export const pushKeySchema = z.object({ public_key: z.string() });

/** POST /api/notifications/devices: a browser's PushSubscription (its toJSON()), and a label. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
    .max(2000, NOTIFICATION_MESSAGES.subscriptionInvalid)
    .url(NOTIFICATION_MESSAGES.subscriptionInvalid)
    .refine(
      (url) => url.startsWith("https://") || url.startsWith("http://127.0.0.1"),
      NOTIFICATION_MESSAGES.subscriptionInvalid,
    ),
  keys: z.object(
    {
      p256dh: z.string().min(1).max(200),
      auth: z.string().min(1).max(100),
    },
    { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
  ),
  label: z.string().trim().max(100).optional().default(""),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

/** DELETE /api/notifications/devices: this browser's subscription, by its endpoint. */
export const pushUnsubscribeBodySchema = z.object({
  endpoint: z.string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid }).max(2000),
});

export const notificationDeviceSchema = z.object({
  id: wholeNumberSchema,
  label: z.string(),
  created_at: timestampSchema,
});

/** GET /api/notifications: the e-mail choice and the devices with push on. */
export const notificationSettingsSchema = z.object({
  lead_mail: z.enum(LEAD_MAIL_MODES),
  devices: z.array(notificationDeviceSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications: the e-mail choice for new leads. */
export const notificationSettingsBodySchema = z.object({
  lead_mail: z.enum(LEAD_MAIL_MODES, NOTIFICATION_MESSAGES.leadMailInvalid),
});

/** What a push carries (the service worker shows it; a tap opens `url`, one of our paths). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith("/"),
  /** Replaces an earlier notification of the same tag instead of piling up. */
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
