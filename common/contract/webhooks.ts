import { z } from "../zod";
import { INVALID_PAGE, pageFields, pageNumberSchema } from "./paging";
import { timestampSchema, wholeNumberSchema } from "./wire";

// Outgoing webhooks: the user's HTTPS endpoints that receive `link.created`, in batches
// `link.clicked`, and `lead.created` (a page's form received a new contact), signed with
// HMAC-SHA256. Managed on /profile with a session only.

export const WEBHOOK_EVENTS = ["link.created", "link.clicked", "lead.created"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery can carry: the events above, and the test sent from the profile. */
export type WebhookDeliveryEvent = WebhookEvent | "ping";

export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryEvent, string> = {
  "link.created": "Link curto criado",
  "link.clicked": "Cliques em links curtos (em lotes)",
  "lead.created": "Novos contatos dos formulários",
  ping: "Teste",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pendente",
  delivered: "Entregue",
  failed: "Falhou",
};

/** Webhooks a user may have at once. */
export const WEBHOOKS_MAX = 5;
export const WEBHOOK_URL_MAX = 2048;
/** Every signing secret starts with this (and is shown once, at creation). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Deliveries per page of the log. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 10;
/** Delivered and failed deliveries are kept this many days. */
export const WEBHOOK_DELIVERIES_KEPT_DAYS = 30;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Informe a URL do webhook",
  urlInvalid: "Informe uma URL válida, começando com https://",
  urlNotHttps: "A URL do webhook deve usar https://",
  urlTooLong: `A URL deve ter no máximo ${WEBHOOK_URL_MAX} caracteres`,
  urlInternal: "A URL do webhook não pode apontar para uma rede interna",
  urlOwn: "A URL do webhook não pode apontar para o próprio Atalho",
  eventsRequired: "Escolha pelo menos um evento",
  eventInvalid: "Evento inválido",
  nothingToChange: "Nada para alterar",
  tooMany: `Você pode ter no máximo ${WEBHOOKS_MAX} webhooks. Exclua um para criar outro.`,
  notFound: "Webhook não encontrado",
  verifyFirst:
    "Confirme seu email antes de criar webhooks. Use o link que enviamos para a sua caixa de entrada ou peça um novo no seu perfil.",
  invalidId: "Id inválido",
  invalidPage: INVALID_PAGE,
  created: "Webhook criado. Copie o segredo agora: ele não será mostrado de novo.",
  deleted: "Webhook excluído",
  enabled: "Webhook ativado",
  disabled: "Webhook desativado",
  testQueued: "Teste enviado. Acompanhe no registro de entregas.",
  testInactive: "Ative o webhook para enviar um teste",
  confirmDelete: "Excluir este webhook? As entregas pendentes e o registro dele também serão apagados.",
} as const;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * An https URL. Plain http passes here only for a loopback host, which the server then refuses
 * unless its loopback allowance is on (tests and development, never production).
 */
const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine(isWebhookUrl, { error: WEBHOOK_MESSAGES.urlInvalid, abort: true })
  .refine((url) => url.startsWith("https://") || LOOPBACK.test(new URL(url).hostname), {
    error: WEBHOOK_MESSAGES.urlNotHttps,
  });

/** http(s), a host with a dot (or loopback), no user:password@. */
function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return false;
    if (url.username || url.password) return false;
    return url.hostname.includes(".") || LOOPBACK.test(url.hostname);
  } catch {
    return false;
  }
}

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.eventInvalid), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length * 2, WEBHOOK_MESSAGES.eventInvalid)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/webhooks */
export const webhookCreateSchema = z.object({ url: webhookUrlSchema, events: eventsSchema });
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** PATCH /api/webhooks/{id}: any of the three. */
export const webhookUpdateSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    is_active: z.boolean({ error: WEBHOOK_MESSAGES.nothingToChange }).optional(),
  })
  .refine((body) => body.url !== undefined || body.events !== undefined || body.is_active !== undefined, {
    error: WEBHOOK_MESSAGES.nothingToChange,
  });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: WEBHOOK_MESSAGES.invalidId })
    .int(WEBHOOK_MESSAGES.invalidId)
    .positive(WEBHOOK_MESSAGES.invalidId)
    .max(2147483647, WEBHOOK_MESSAGES.invalidId),
});

/** GET /api/webhooks/{id}/deliveries?page= */
export const webhookDeliveriesQuerySchema = z.object({
  page: pageNumberSchema(),
});

/** GET /api/webhooks: never the secret, only its first characters. */
export const webhookSchema = z.object({
  id: wholeNumberSchema,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  is_active: z.boolean(),
  /** `whsec_AbCd…`: to tell secrets apart. */
  secret_prefix: z.string(),
  created_at: timestampSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

/** POST /api/webhooks answer: the only time the whole secret is sent. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: wholeNumberSchema,
  event: z.enum([...WEBHOOK_EVENTS, "ping"]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: wholeNumberSchema,
  last_status_code: wholeNumberSchema.nullable(),
  last_error: z.string().nullable(),
  /** When the next attempt is due (pending only). */
  next_attempt_at: timestampSchema.nullable(),
  delivered_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  ...pageFields,
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;
