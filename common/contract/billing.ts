// Plans, subscriptions, usage limits and payments (spec sections 2-5, 7-9).
import { formatBRL } from "../money";
import { paths } from "../paths";
import { formatDateBR } from "../time";
import { z } from "../zod";
import { apiErrorSchema } from "./api-error";
import { pageFields, pageNumberSchema } from "./paging";
import { timestampSchema, wholeNumberSchema } from "./wire";

export const INTERVAL_TYPES = ["monthly", "yearly"] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ["active", "canceled", "expired", "pending"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** expired: a checkout we closed unpaid after its method's time (card, Pix, boleto: see checkout-closing.ts). */
export const TRANSACTION_STATUSES = [
  "approved",
  "pending",
  "rejected",
  "cancelled",
  "refunded",
  "expired",
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** renewal: another period of the plan and interval the user already has. */
export const TRANSACTION_TYPES = ["subscription", "renewal", "upgrade", "downgrade"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** Our payment method codes (the provider's are mapped onto these). */
export const PAYMENT_METHODS = [
  "pix",
  "credit_card",
  "debit_card",
  "prepaid_card",
  "boleto",
  "account_money",
  "other",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const UNLIMITED_LABEL = "Ilimitado";
/** Usage bars warn above this share of a finite limit. */
export const USAGE_WARNING_RATIO = 0.8;
/** The yearly price of the seeded plans is 12 months less this discount. */
export const YEARLY_DISCOUNT_PERCENT = 20;

/** null or -1 (or any negative number) is unlimited. */
export const isUnlimited = (limit: number | null | undefined): limit is null | undefined =>
  limit == null || limit < 0;

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Ativo",
  canceled: "Cancelado",
  expired: "Expirado",
  pending: "Pendente",
};
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  approved: "Aprovado",
  pending: "Pendente",
  rejected: "Rejeitado",
  cancelled: "Cancelado",
  refunded: "Estornado",
  expired: "Expirado",
};
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  subscription: "Nova Assinatura",
  renewal: "Renovação",
  upgrade: "Upgrade",
  downgrade: "Downgrade",
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: "Pix",
  credit_card: "Cartão de Crédito",
  debit_card: "Cartão de Débito",
  prepaid_card: "Cartão Pré-pago",
  boleto: "Boleto",
  account_money: "Saldo Mercado Pago",
  other: "Outro",
};
export const INTERVAL_LABELS: Record<IntervalType, string> = { monthly: "Mensal", yearly: "Anual" };

export const paymentMethodLabel = (code: string | null | undefined): string =>
  code ? (PAYMENT_METHOD_LABELS[code as PaymentMethod] ?? PAYMENT_METHOD_LABELS.other) : "—";

export const BILLING_MESSAGES = {
  subscribeFailed: "Erro ao processar assinatura",
  subscribeConnection: "Erro ao processar assinatura. Tente novamente.",
  cancelFailed: "Erro ao cancelar assinatura",
  canceled: "Assinatura cancelada com sucesso. Você terá acesso aos recursos até o final do período pago.",
  confirmCancel:
    "Tem certeza que deseja cancelar sua assinatura? Você continuará com acesso aos recursos do plano até o final do período pago e depois voltará ao plano Gratuito.",
  planNotFound: "Plano não encontrado.",
  freePlan: "O plano Gratuito não precisa de pagamento. Para voltar a ele, cancele sua assinatura.",
  samePlanPending: "Já existe um pagamento pendente para este plano. Conclua-o ou aguarde a confirmação.",
  noYearly: "Este plano não tem opção anual.",
  nothingToCancel: "Você não tem uma assinatura ativa para cancelar.",
  providerUnavailable:
    "Não foi possível falar com o Mercado Pago agora. Nada foi cobrado; tente novamente em alguns minutos.",
  paymentsNotConfigured:
    "Os pagamentos ainda não estão configurados neste servidor. Fale com o suporte para assinar um plano.",
  checkoutNotFound: "Pagamento não encontrado.",
  checkoutClosed:
    "Este pagamento não pode mais ser feito: ele expirou ou foi anulado por uma troca de plano. Nada foi cobrado.",
  webhookSignature: "Assinatura do webhook inválida.",
  webhookRetry: "Não foi possível registrar a notificação agora; ela será reenviada.",
  paymentNotFound: "Pagamento não encontrado.",
  refundFailed: "Erro ao processar estorno",
  refundUnknown: "Erro desconhecido",
  refundRefused: "O provedor de pagamento recusou o estorno. Veja o pagamento no painel do Mercado Pago.",
  changeAlreadyScheduled:
    "Já existe uma mudança de plano agendada para o fim do período atual. Ela começa quando o período terminar.",
  refundConnection: "Erro de conexão ao processar estorno. Tente novamente.",
  lateRefundReason:
    "Pago depois que o checkout expirou ou foi anulado por uma troca de plano: devolvido automaticamente.",
  refundNotAllowed: "Só é possível estornar pagamentos aprovados que tenham o id do pagamento no provedor.",
  confirmRefund:
    "Tem certeza que deseja estornar este pagamento? Esta ação é irreversível: o valor será devolvido ao cliente em até 5 dias úteis, a assinatura dele será cancelada imediatamente e o estorno ficará registrado no log de auditoria.",
  returnApproved: "Pagamento aprovado! Sua assinatura foi ativada.",
  returnPending:
    "Pagamento pendente. Assim que o pagamento for confirmado, sua assinatura será ativada automaticamente.",
  returnRejected: "Pagamento recusado. Tente novamente ou escolha outra forma de pagamento.",
  noTransactions: "Nenhuma transação encontrada.",
} as const;

/** What a create beyond the plan answers (403): the limit's name, its number and where to upgrade. */
export const LIMIT_KINDS = ["link_pages", "shortened_urls"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const PRICING_PATH = paths.pricing;
export function limitReachedMessage(kind: LimitKind, limit: number, planName: string): string {
  const what = kind === "link_pages" ? `${limit} Link Bios` : `${limit} URLs encurtadas`;
  return `Você atingiu o limite de ${what} do plano ${planName}. Faça upgrade em ${PRICING_PATH} para criar mais.`;
}

// ---------------------------------------------------------------------------------------------
// Plans

export const subscriptionPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Monthly price. */
  price_cents: z.number(),
  /** Price of a year paid at once; null: no yearly option. */
  yearly_price_cents: z.number().nullable(),
  interval_type: z.enum(INTERVAL_TYPES),
  max_link_pages: z.number().nullable(),
  max_shortened_urls: z.number().nullable(),
  max_clicks_per_month: z.number().nullable(),
  /** Contacts the Link Bio forms may receive per month; null: unlimited. */
  max_leads_per_month: z.number().nullable(),
  custom_domains: z.boolean(),
  premium_domains: z.boolean(),
  priority_support: z.boolean(),
  analytics_retention_days: z.number(),
  is_active: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlanListSchema = z.array(subscriptionPlanSchema);

/** The plan's price for an interval, or null when it has no such option. */
export function planPrice(
  plan: Pick<SubscriptionPlan, "price_cents" | "yearly_price_cents">,
  interval: IntervalType,
) {
  return interval === "monthly" ? plan.price_cents : plan.yearly_price_cents;
}

/** The percent a year paid at once saves against twelve months, rounded; 0 when none. */
export function yearlySavingsPercent(plan: Pick<SubscriptionPlan, "price_cents" | "yearly_price_cents">) {
  if (!plan.yearly_price_cents || plan.price_cents <= 0) return 0;
  return Math.max(0, Math.round(100 - (plan.yearly_price_cents / (plan.price_cents * 12)) * 100));
}

/** The icon key of a plan by its name (spec: gratuito, pro, business, enterprise). */
export function planKey(name: string): "gratuito" | "pro" | "business" | "enterprise" | "other" {
  const key = name.trim().toLowerCase();
  return key === "gratuito" || key === "pro" || key === "business" || key === "enterprise" ? key : "other";
}

// ---------------------------------------------------------------------------------------------
// The signed-in user's subscription and usage

export const usageSchema = z.object({ used: wholeNumberSchema, limit: wholeNumberSchema.nullable() });
export type Usage = z.infer<typeof usageSchema>;
/** GET /api/user/limits. limit null: unlimited. */
export const usageLimitsSchema = z.object({
  link_pages: usageSchema,
  shortened_urls: usageSchema,
  clicks_this_month: usageSchema,
  /** New contacts of the forms this month (those past the limit are kept, hidden). */
  leads_this_month: usageSchema,
});
export type UsageLimits = z.infer<typeof usageLimitsSchema>;

/**
 * GET /api/user/subscription. status "active" with expires_at null and plan.price_cents 0 is the
 * free plan (no payment). scheduled_plan: a paid downgrade that starts at expires_at.
 */
export const userSubscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  starts_at: timestampSchema,
  expires_at: timestampSchema.nullable(),
  interval_type: z.enum(INTERVAL_TYPES),
  canceled_at: timestampSchema.nullable(),
  is_free: z.boolean(),
  plan: subscriptionPlanSchema,
  scheduled_plan: z
    .object({ plan: subscriptionPlanSchema, starts_at: timestampSchema, expires_at: timestampSchema })
    .nullable(),
  /** A payment waiting for confirmation (Pix, boleto), if any. */
  pending_transaction_id: wholeNumberSchema.nullable(),
  /** What happens next, in one statement (subscriptionFuture); null on the free plan. */
  future: z.string().nullable(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/**
 * The subscription's future in one pt-BR statement: the card says this and nothing else about it,
 * so a scheduled change and a cancel can never read as two futures. Checkout Pro does not renew on
 * its own: an active plan lasts until the paid period ends unless another period is paid.
 */
export function subscriptionFuture(
  subscription: Pick<UserSubscription, "status" | "is_free" | "expires_at" | "plan" | "scheduled_plan">,
): string | null {
  const { status, plan, scheduled_plan: scheduled } = subscription;
  if (subscription.is_free) return null;
  if (status === "pending") return `Seu plano ${plan.name} começa assim que o pagamento for confirmado.`;
  if (!subscription.expires_at || status === "expired") return null;
  const until = formatDateBR(subscription.expires_at);
  const next = scheduled
    ? `; depois, o ${scheduled.plan.name} (já pago) até ${formatDateBR(scheduled.expires_at)}`
    : "";
  if (status === "canceled") {
    return `Assinatura cancelada: você mantém o ${plan.name} até ${until}${next}; então sua conta volta ao plano Gratuito.`;
  }
  return scheduled
    ? `O ${plan.name} vale até ${until}${next}. Renove o ${scheduled.plan.name} até lá para continuar nele; sem renovação, sua conta volta ao plano Gratuito.`
    : `O ${plan.name} vale até ${until}. Renove até lá para continuar nele; sem renovação, sua conta volta ao plano Gratuito.`;
}

export const createSubscriptionBodySchema = z.object({
  plan_id: z.coerce
    .number({ error: "Escolha um plano" })
    .int("Escolha um plano")
    .positive("Escolha um plano")
    .max(2147483647, "Escolha um plano"),
  interval_type: z.enum(INTERVAL_TYPES, { error: "Período inválido" }).optional().default("monthly"),
});
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBodySchema>;
/** GET /api/subscriptions/quote?plan_id=&interval_type=: what a checkout for the plan would charge today. */
export const planQuoteQuerySchema = createSubscriptionBodySchema;
export type PlanQuoteQuery = z.input<typeof planQuoteQuerySchema>;
/**
 * The price before the checkout, computed as the checkout computes it: the amount charged today
 * (the list price less the credit of the unused days of the current plan, at least R$ 1,00), and
 * the period it buys as it would be applied if paid now (a downgrade or a renewal starts when the
 * current period ends; an upgrade or a new subscription, now).
 */
export const planQuoteSchema = z.object({
  plan_id: wholeNumberSchema,
  interval_type: z.enum(INTERVAL_TYPES),
  transaction_type: z.enum(TRANSACTION_TYPES),
  list_price_cents: wholeNumberSchema,
  credit_cents: wholeNumberSchema,
  amount_cents: wholeNumberSchema,
  starts_at: timestampSchema,
  ends_at: timestampSchema,
});
export type PlanQuote = z.infer<typeof planQuoteSchema>;

export const createSubscriptionResponseSchema = z.object({
  init_point: z.string(),
  transaction_id: wholeNumberSchema,
  transaction_type: z.enum(TRANSACTION_TYPES),
  amount_cents: wholeNumberSchema,
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const paymentDetailsSchema = z.object({
  pix_copy_paste: z.string().nullish(),
  pix_qr_code: z.string().nullish(),
  boleto_barcode: z.string().nullish(),
  boleto_number: z.string().nullish(),
  boleto_due_date: z.string().nullish(),
  boleto_url: z.string().nullish(),
  refusal_reason: z.string().nullish(),
  processor_response: z.string().nullish(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** What the customer's history and the administrator's list both show of a payment. */
const paymentSchema = z.object({
  id: wholeNumberSchema,
  plan_name: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  interval_type: z.enum(INTERVAL_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amount_cents: wholeNumberSchema,
  created_at: timestampSchema,
  payment_method: z.string().nullable(),
  subscription_start: timestampSchema.nullable(),
  subscription_end: timestampSchema.nullable(),
});

/** GET /api/user/payment-history: the user's own payments, newest first (at most 100). */
export const paymentHistoryItemSchema = paymentSchema.extend({
  credit_cents: wholeNumberSchema,
  payment_details: paymentDetailsSchema,
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const paymentHistorySchema = z.array(paymentHistoryItemSchema);

export const paymentReturnQuerySchema = z.object({
  payment_status: z.enum(["approved", "pending", "rejected"]).optional(),
  payment_id: z.string().max(64).optional(),
});

/** POST /api/user/payments/{id}/sync: the payment's status after reading it from the provider. */
export const paymentSyncResponseSchema = z.object({ status: z.enum(TRANSACTION_STATUSES) });
export type PaymentSyncResponse = z.infer<typeof paymentSyncResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Administrator: transactions and refunds

export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTION_PERIODS = ["all", "today", "week", "month", "quarter"] as const;
export type TransactionPeriod = (typeof TRANSACTION_PERIODS)[number];
export const TRANSACTION_PERIOD_LABELS: Record<TransactionPeriod, string> = {
  all: "Todo o período",
  today: "Hoje",
  week: "Últimos 7 dias",
  month: "Este mês",
  quarter: "Últimos 90 dias",
};

const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (value === "" || value === "all" ? undefined : value),
    z.enum(values, { error: message }).optional(),
  );

export const adminTransactionsQuerySchema = z.object({
  status: optionalFilter(TRANSACTION_STATUSES, "Status inválido"),
  type: optionalFilter(TRANSACTION_TYPES, "Tipo inválido"),
  payment_method: optionalFilter(PAYMENT_METHODS, "Forma de pagamento inválida"),
  period: z.enum(TRANSACTION_PERIODS, { error: "Período inválido" }).optional().default("all"),
  q: z.string().trim().max(200, "Busca muito longa").optional().default(""),
  sort: z
    .enum(["created_at", "amount_cents"], { error: "Ordenação inválida" })
    .optional()
    .default("created_at"),
  order: z.enum(["asc", "desc"], { error: "Ordenação inválida" }).optional().default("desc"),
  page: pageNumberSchema(100_000),
  limit: z.coerce.number().int().min(1).max(10000).optional().default(ADMIN_TRANSACTIONS_PAGE_SIZE),
});
export type AdminTransactionsQuery = z.input<typeof adminTransactionsQuerySchema>;

/** A transaction as the administrator sees it (spec 3); payment_details is JSON text, as the spec has it. */
export const adminTransactionSchema = paymentSchema.extend({
  mercadopago_payment_id: z.string().nullable(),
  provider: z.enum(["mercadopago", "dev"]),
  /** Null when the customer deleted their account (the payment is kept, anonymised). */
  user_id: wholeNumberSchema.nullable(),
  user_email: z.string(),
  user_name: z.string(),
  payment_details: z.string(),
  refund_id: z.string().nullable(),
  refunded_cents: wholeNumberSchema.nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminTransactionsPageSchema = z.object({
  transactions: z.array(adminTransactionSchema),
  ...pageFields,
});
export type AdminTransactionsPage = z.infer<typeof adminTransactionsPageSchema>;

/** The billing figures of GET /api/admin/stats (the subscriptions dashboard's KPI cards). */
export const billingStatsSchema = z.object({
  total_revenue: z.number(),
  active_subscriptions: wholeNumberSchema,
  monthly_revenue_pending: z.number(),
  monthly_revenue_paid: z.number(),
});
export type BillingStats = z.infer<typeof billingStatsSchema>;

/**
 * What a refund takes back: `payment`, the payment asked about alone; `period`, every approved payment
 * of the customer's current period (GET /api/admin/payments/{id}/refund-preview lists them).
 */
export const REFUND_SCOPES = ["payment", "period"] as const;
export type RefundScope = (typeof REFUND_SCOPES)[number];

export const refundBodySchema = z.object({
  reason: z.string().trim().max(500, "Motivo muito longo").optional().default(""),
  scope: z.enum(REFUND_SCOPES, { error: "Escolha o que estornar" }).optional().default("payment"),
});
export const refundResponseSchema = z.object({
  amount_refunded: z.number(),
  refund_id: z.string(),
  message: z.string(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export const paymentIdParamsSchema = z.object({
  paymentId: z
    .string()
    .trim()
    .min(1, "Pagamento inválido")
    .max(64, "Pagamento inválido")
    .regex(/^[A-Za-z0-9_-]+$/, "Pagamento inválido"),
});

/** GET /api/admin/stats: the admin overview's figures (spec 3) and the subscriptions dashboard's. */
export const adminStatsSchema = billingStatsSchema.extend({
  total_users: wholeNumberSchema,
  new_users_this_month: wholeNumberSchema,
  cancellations_this_month: wholeNumberSchema,
  /** Human clicks on every short link and Link Bio link. */
  total_clicks: wholeNumberSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Administrator: what a refund takes back (one payment, or every payment of the period)

/**
 * Why a payment is part of the customer's current period: `current`, it paid for the current
 * subscription (its first period or a renewal paid ahead); `credit`, its unused days became the
 * credit of the upgrade that started the current subscription; `scheduled`, it paid for a downgrade
 * waiting for the current period to end.
 */
export const PERIOD_PAYMENT_ROLES = ["current", "credit", "scheduled"] as const;
export type PeriodPaymentRole = (typeof PERIOD_PAYMENT_ROLES)[number];
export const PERIOD_PAYMENT_ROLE_LABELS: Record<PeriodPaymentRole, string> = {
  current: "Assinatura atual",
  credit: "Crédito do upgrade",
  scheduled: "Downgrade agendado",
};

/** One approved payment as a refund preview lists it. */
export const refundPreviewPaymentSchema = z.object({
  /** Our transaction id. */
  id: wholeNumberSchema,
  mercadopago_payment_id: z.string(),
  plan_name: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  /** TRANSACTION_TYPE_LABELS[transaction_type]. */
  type_label: z.string(),
  /** null: it paid for no current period (its period is over, or it was another subscription's). */
  role: z.enum(PERIOD_PAYMENT_ROLES).nullable(),
  amount_cents: wholeNumberSchema,
  approved_at: timestampSchema.nullable(),
  /** The period it bought. */
  period_start: timestampSchema.nullable(),
  period_end: timestampSchema.nullable(),
});
export type RefundPreviewPayment = z.infer<typeof refundPreviewPaymentSchema>;

/**
 * What a refund does to the customer's subscription: it `ends` now; only the downgrade waiting for
 * the end of the period goes (`schedule_canceled`); it ends earlier (`shortened`); nothing
 * (`unchanged`: the period the payment bought is over, or no subscription is in force).
 */
export const REFUND_SUBSCRIPTION_EFFECTS = ["ends", "schedule_canceled", "shortened", "unchanged"] as const;
export type RefundSubscriptionEffect = (typeof REFUND_SUBSCRIPTION_EFFECTS)[number];

/** One choice of the refund confirmation, and what it does. */
export const refundOptionSchema = z.object({
  scope: z.enum(REFUND_SCOPES),
  /** The transactions it refunds, in the order it refunds them (the payment asked about last). */
  transaction_ids: z.array(wholeNumberSchema),
  amount_cents: wholeNumberSchema,
  /** What the period's other payments add up to: paid, and left unrefunded by this choice. */
  unrefunded_cents: wholeNumberSchema,
  subscription_effect: z.enum(REFUND_SUBSCRIPTION_EFFECTS),
  /** The subscription's end afterwards when it goes on; null when it ends or there is none. */
  expires_at: timestampSchema.nullable(),
});
export type RefundOption = z.infer<typeof refundOptionSchema>;

/**
 * GET /api/admin/payments/{paymentId}/refund-preview: what refunding an approved payment takes back,
 * shown before the administrator confirms. `subscription` is the customer's current one, or their
 * last one when a refund or chargeback ended it at once (its other payments are then paid days the
 * customer lost); null when there is neither.
 */
export const refundPreviewSchema = z.object({
  payment: refundPreviewPaymentSchema,
  /** The period's approved payments, this one included, oldest first; just this one when it paid for no current period. */
  period_payments: z.array(refundPreviewPaymentSchema),
  subscription: z
    .object({
      plan_name: z.string(),
      /** true: a refund or chargeback already ended it. */
      ended: z.boolean(),
      expires_at: timestampSchema.nullable(),
      scheduled_plan_name: z.string().nullable(),
    })
    .nullable(),
  options: z.object({ payment: refundOptionSchema, period: refundOptionSchema }),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

/** A payment a refund of the period refunded. */
export const refundedPaymentSchema = z.object({
  id: wholeNumberSchema,
  mercadopago_payment_id: z.string(),
  plan_name: z.string(),
  amount_cents: wholeNumberSchema,
  refund_id: z.string(),
});
export type RefundedPayment = z.infer<typeof refundedPaymentSchema>;

/**
 * POST /api/admin/payments/{paymentId}/refund with scope "period": amount_refunded is the total,
 * refund_id the refund of the payment asked about, refunds every one of them.
 */
export const periodRefundResponseSchema = refundResponseSchema.extend({
  scope: z.literal("period"),
  refunds: z.array(refundedPaymentSchema),
});
export type PeriodRefundResponse = z.infer<typeof periodRefundResponseSchema>;
/** POST /api/admin/payments/{paymentId}/refund (200): a refund of the period, or of the payment alone. */
export const refundDoneSchema = z.union([periodRefundResponseSchema, refundResponseSchema]);

/**
 * A refund of the period the provider stopped part-way (502: it refused one; 503: it could not be
 * reached): what was refunded (and recorded) and what was not. Refunding the period again refunds
 * the rest, and each payment once.
 */
export const periodRefundFailureSchema = z.object({
  error: z.string(),
  amount_refunded: z.number(),
  refunds: z.array(refundedPaymentSchema),
  not_refunded: z.array(refundedPaymentSchema.omit({ refund_id: true })),
});
export type PeriodRefundFailure = z.infer<typeof periodRefundFailureSchema>;
/** The refund's 502 and 503: a refund of the period stopped part-way, or the API's one error shape. */
export const refundStoppedSchema = z.union([periodRefundFailureSchema, apiErrorSchema]);

export const REFUND_MESSAGES = {
  irreversible:
    "Esta ação é irreversível: o valor será devolvido ao cliente em até 5 dias úteis e o estorno ficará registrado no log de auditoria.",
  chooseScope: "Escolha o que estornar.",
  previewFailed: "Não foi possível ver o que este estorno afeta. Tente de novo.",
} as const;

const paymentCount = (count: number) => (count === 1 ? "1 pagamento" : `${count} pagamentos`);

/** What a choice does to the subscription, as the second half of its sentence. */
function subscriptionConsequence(preview: RefundPreview, option: RefundOption): string {
  const subscription = preview.subscription;
  const plan = subscription ? `a assinatura ${subscription.plan_name}` : "a assinatura";
  const until = option.expires_at ? ` até ${formatDateBR(option.expires_at)}` : "";
  switch (option.subscription_effect) {
    case "ends":
      return `${plan} termina agora`;
    case "schedule_canceled": {
      const scheduled = subscription?.scheduled_plan_name ? ` para ${subscription.scheduled_plan_name}` : "";
      return `o downgrade agendado${scheduled} é cancelado e ${plan} continua${until}`;
    }
    case "shortened":
      return `${plan} passa a terminar${option.expires_at ? ` em ${formatDateBR(option.expires_at)}` : " antes"}`;
    case "unchanged":
      if (!subscription) return "o plano do cliente não muda";
      return subscription.ended ? `${plan} já tinha terminado` : `${plan} não muda`;
  }
}

/**
 * The consequence of one choice of the refund confirmation, in a sentence: "Estornar só este
 * pagamento (R$ 30,01): a assinatura Business termina agora e os R$ 39,80 dos outros pagamentos
 * deste período não são devolvidos."
 */
export function refundOptionText(preview: RefundPreview, scope: RefundScope): string {
  const option = preview.options[scope];
  const others = preview.period_payments.length - 1;
  const amount = formatBRL(option.amount_cents);
  const consequence = subscriptionConsequence(preview, option);
  if (scope === "period" && others > 0) {
    return `Estornar os ${others + 1} pagamentos (${amount}): tudo o que o cliente pagou por este período é devolvido e ${consequence}.`;
  }
  const head = others > 0 ? `Estornar só este pagamento (${amount})` : `Estornar este pagamento (${amount})`;
  // The other payments' days are lost when the subscription they paid for is over.
  const over =
    option.subscription_effect === "ends" ||
    (option.subscription_effect === "unchanged" && !!preview.subscription?.ended);
  const lost =
    over && option.unrefunded_cents > 0
      ? ` e os ${formatBRL(option.unrefunded_cents)} ${others === 1 ? "do outro pagamento" : "dos outros pagamentos"} deste período não são devolvidos`
      : "";
  return `${head}: ${consequence}${lost}.`;
}

/** The answer to a refund of the period that went through. */
export const periodRefundDoneMessage = (refunds: Pick<RefundedPayment, "amount_cents">[]) =>
  `Estorno de ${formatBRL(refunds.reduce((sum, r) => sum + r.amount_cents, 0))} realizado com sucesso: ${paymentCount(refunds.length)}.`;

/**
 * Why a refund of the period stopped, what it refunded and what is left. A provider that did not
 * answer may have made the refund it was asked for: only what it confirmed is counted as refunded,
 * and asking again refunds each payment once.
 */
export function periodRefundFailureMessage({
  refunded,
  notRefunded,
  stoppedAt,
  cause,
}: {
  refunded: Pick<RefundedPayment, "amount_cents">[];
  notRefunded: Pick<RefundedPayment, "amount_cents">[];
  /** The provider's id of the payment whose refund failed. */
  stoppedAt: string;
  cause: "unavailable" | "refused";
}): string {
  const why =
    cause === "unavailable"
      ? `o provedor de pagamento não respondeu ao estorno do pagamento ${stoppedAt}`
      : `o provedor de pagamento recusou o estorno do pagamento ${stoppedAt} (veja-o no painel do Mercado Pago)`;
  const sum = (rows: Pick<RefundedPayment, "amount_cents">[]) =>
    formatBRL(rows.reduce((total, row) => total + row.amount_cents, 0));
  if (!refunded.length) {
    const retry =
      cause === "unavailable"
        ? " Tente de novo em alguns minutos: nenhum pagamento é estornado duas vezes."
        : "";
    return `Nenhum estorno foi confirmado: ${why}.${retry}`;
  }
  const done =
    refunded.length === 1 ? "Foi estornado 1 pagamento" : `Foram estornados ${refunded.length} pagamentos`;
  return `O estorno parou no meio: ${why}. ${done} (${sum(refunded)}); falta estornar ${paymentCount(notRefunded.length)} (${sum(notRefunded)}). Confirme o estorno de novo para devolver o que falta.`;
}
