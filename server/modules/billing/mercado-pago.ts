// Mercado Pago as a PaymentProvider: Checkout Pro preferences, payment reads and full refunds.
// NOTE: a small client of ours, not the `mercadopago` SDK: the SDK keeps its base URL in a shared
// mutable static config (no fake server per test, no MP_API_BASE) and retries and makes up
// idempotency keys on its own, while we want one call per attempt under keys we choose.
import type { PaymentDetails, PaymentMethod, TransactionStatus } from "../../../common/contract/billing";
import { z } from "../../../common/zod";
import {
  type Checkout,
  type CheckoutOrder,
  type PaymentProvider,
  type ProviderPayment,
  ProviderUnavailableError,
  type Refund,
} from "./payment-provider";

export type MercadoPagoOptions = {
  accessToken: string;
  /** https://api.mercadopago.com, or a fake server in tests. */
  apiBase: string;
  timeoutMs?: number;
};

/** A 4xx answer: the request itself was refused (bad token, unknown payment, already refunded...). */
export class MercadoPagoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Shown on the payer's card statement. */
const STATEMENT_DESCRIPTOR = "ATALHO";
/** Our transaction ids are Postgres integers. */
const MAX_TRANSACTION_ID = 2_147_483_647;

/** Every Mercado Pago payment status; null: nothing of ours changes (in_mediation: a dispute is open). */
const STATUSES = new Map<string, TransactionStatus | null>([
  ["approved", "approved"],
  ["pending", "pending"],
  ["authorized", "pending"],
  ["in_process", "pending"],
  ["rejected", "rejected"],
  ["cancelled", "cancelled"],
  ["refunded", "refunded"],
  ["charged_back", "refunded"],
  ["in_mediation", null],
]);
const MONEY_RETURNED = new Set(["refunded", "charged_back"]);

const CARD_TYPES = new Set<PaymentMethod>(["credit_card", "debit_card", "prepaid_card", "account_money"]);

const DEFAULT_REFUSAL = "Pagamento recusado pelo emissor";
/** The common status_detail codes of a rejected payment, as the payer should read them. */
const REFUSAL_REASONS = new Map<string, string>([
  ["cc_rejected_insufficient_amount", "Saldo insuficiente"],
  ["cc_rejected_bad_filled_security_code", "Código de segurança inválido"],
  ["cc_rejected_bad_filled_date", "Data de validade inválida"],
  ["cc_rejected_bad_filled_card_number", "Número do cartão inválido"],
  ["cc_rejected_bad_filled_other", "Dados do cartão inválidos"],
  ["cc_rejected_call_for_authorize", "Autorize o pagamento com o emissor do cartão"],
  ["cc_rejected_card_disabled", "Cartão desativado: ative-o com o emissor"],
  ["cc_rejected_card_error", "Não foi possível processar o cartão"],
  ["cc_rejected_duplicated_payment", "Pagamento duplicado"],
  ["cc_rejected_high_risk", "Recusado pela análise de risco"],
  ["cc_rejected_blacklist", "Cartão não aceito"],
  ["cc_rejected_invalid_installments", "Número de parcelas não aceito"],
  ["cc_rejected_max_attempts", "Limite de tentativas atingido"],
  ["cc_rejected_other_reason", DEFAULT_REFUSAL],
  ["rejected_by_bank", "Pagamento recusado pelo banco"],
  ["rejected_high_risk", "Recusado pela análise de risco"],
  ["rejected_by_regulations", "Recusado por restrições regulatórias"],
  ["rejected_insufficient_data", "Dados insuficientes para processar o pagamento"],
]);

// The parts of Mercado Pago's answers we read; anything else is ignored.
const text = z.string().nullish();
const preferenceSchema = z.object({ id: z.string(), init_point: z.string() });
const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  status_detail: text,
  external_reference: text,
  transaction_amount: z.number(),
  payment_method_id: text,
  payment_type_id: text,
  date_of_expiration: text,
  point_of_interaction: z
    .object({ transaction_data: z.object({ qr_code: text, qr_code_base64: text }).nullish() })
    .nullish(),
  transaction_details: z
    .object({
      external_resource_url: text,
      digitable_line: text,
      barcode: z.object({ content: text }).nullish(),
    })
    .nullish(),
});
type MercadoPagoPayment = z.infer<typeof paymentSchema>;
const refundSchema = z.object({ id: z.union([z.number(), z.string()]), amount: z.number() });
const errorSchema = z.object({ message: z.string().optional(), error: z.string().optional() });

export class MercadoPagoProvider implements PaymentProvider {
  readonly name = "mercadopago" as const;
  readonly #accessToken: string;
  readonly #apiBase: string;
  readonly #timeoutMs: number;

  constructor({ accessToken, apiBase, timeoutMs = 10_000 }: MercadoPagoOptions) {
    this.#accessToken = accessToken;
    this.#apiBase = apiBase.replace(/\/+$/, "");
    this.#timeoutMs = timeoutMs;
  }

  async createCheckout(order: CheckoutOrder): Promise<Checkout> {
    const preference = {
      items: [
        {
          id: `plan-${order.intervalType}`,
          title: order.title,
          description: order.description,
          quantity: 1,
          currency_id: "BRL",
          unit_price: order.amountCents / 100,
        },
      ],
      payer: { email: order.payer.email, name: order.payer.firstName, surname: order.payer.lastName },
      external_reference: String(order.transactionId),
      back_urls: {
        success: withPaymentStatus(order.returnUrl, "approved"),
        pending: withPaymentStatus(order.returnUrl, "pending"),
        failure: withPaymentStatus(order.returnUrl, "rejected"),
      },
      auto_return: "approved",
      notification_url: order.notificationUrl,
      statement_descriptor: STATEMENT_DESCRIPTOR,
      // Card, Pix and boleto are all offered; one installment (a plan period is not financed here).
      payment_methods: { installments: 1 },
    };
    const body = await this.#request("POST", "/checkout/preferences", {
      body: preference,
      idempotencyKey: `checkout-${order.transactionId}`,
    });
    const { id, init_point } = parse(preferenceSchema, body, "preference");
    return { checkoutId: id, initPoint: init_point };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    const body = await this.#request("GET", `/v1/payments/${encodeURIComponent(paymentId)}`, {
      notFound: `Mercado Pago payment ${paymentId} not found`,
    });
    return toProviderPayment(parse(paymentSchema, body, "payment"));
  }

  async refund(paymentId: string, idempotencyKey: string): Promise<Refund> {
    const body = await this.#request("POST", `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, {
      body: {},
      idempotencyKey,
    });
    const refund = parse(refundSchema, body, "refund");
    return { refundId: String(refund.id), amountCents: Math.round(refund.amount * 100) };
  }

  async closeCheckout(checkoutId: string | null, pendingPaymentId: string | null): Promise<void> {
    // A preference cannot be deleted; it can expire now (Checkout Pro then refuses to pay it).
    if (checkoutId) {
      await this.#request("PUT", `/checkout/preferences/${encodeURIComponent(checkoutId)}`, {
        body: { expires: true, expiration_date_to: new Date().toISOString() },
      });
    }
    // Only a payment still pending, in_process or authorized can be cancelled.
    if (pendingPaymentId) {
      await this.#request("PUT", `/v1/payments/${encodeURIComponent(pendingPaymentId)}`, {
        body: { status: "cancelled" },
      });
    }
  }

  /** One call, no retry: the caller decides (a refund is retried under the same idempotency key). */
  async #request(
    method: "GET" | "POST" | "PUT",
    path: string,
    options: { body?: unknown; idempotencyKey?: string; notFound?: string } = {},
  ): Promise<unknown> {
    const where = `Mercado Pago ${method} ${path}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#accessToken}`,
      accept: "application/json",
    };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.idempotencyKey) headers["x-idempotency-key"] = options.idempotencyKey;

    let response: Response;
    let raw: string;
    try {
      response = await fetch(`${this.#apiBase}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${this.#timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new ProviderUnavailableError(`${where}: ${reason}`, { cause: error });
    }

    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailableError(`${where}: HTTP ${response.status}`);
    }
    const body = parseJson(raw);
    if (!response.ok) {
      if (response.status === 404 && options.notFound) throw new MercadoPagoError(404, options.notFound);
      const error = errorSchema.safeParse(body);
      const message = (error.success && (error.data.message || error.data.error)) || raw.slice(0, 200);
      throw new MercadoPagoError(response.status, `${where}: HTTP ${response.status}: ${message}`);
    }
    if (body === undefined) throw new Error(`${where}: the answer is not JSON`);
    return body;
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`Mercado Pago: unexpected ${what} answer: ${result.error.message}`);
  return result.data;
}

/** The return URL with our payment_status; Mercado Pago appends its own query (payment_id...). */
function withPaymentStatus(returnUrl: string, status: "approved" | "pending" | "rejected") {
  const url = new URL(returnUrl);
  url.searchParams.set("payment_status", status);
  return url.toString();
}

function toProviderPayment(payment: MercadoPagoPayment): ProviderPayment {
  const status = STATUSES.get(payment.status) ?? null;
  const paymentMethod = toPaymentMethod(payment);
  return {
    id: String(payment.id),
    transactionId: toTransactionId(payment.external_reference),
    status,
    providerStatus: payment.status,
    providerStatusDetail: payment.status_detail ?? null,
    amountCents: Math.round(payment.transaction_amount * 100),
    paymentMethod,
    details: toDetails(payment, status, paymentMethod),
    moneyReturned: MONEY_RETURNED.has(payment.status),
  };
}

function toTransactionId(externalReference: string | null | undefined): number | null {
  if (!externalReference || !/^[1-9]\d{0,9}$/.test(externalReference)) return null;
  const id = Number(externalReference);
  return id <= MAX_TRANSACTION_ID ? id : null;
}

function toPaymentMethod(payment: MercadoPagoPayment): PaymentMethod | null {
  if (payment.payment_method_id === "pix") return "pix";
  const type = payment.payment_type_id;
  if (!type) return payment.payment_method_id ? "other" : null;
  if (type === "ticket") return "boleto";
  return CARD_TYPES.has(type as PaymentMethod) ? (type as PaymentMethod) : "other";
}

function toDetails(
  payment: MercadoPagoPayment,
  status: TransactionStatus | null,
  method: PaymentMethod | null,
): PaymentDetails {
  const details: PaymentDetails = {};
  const pix = payment.point_of_interaction?.transaction_data;
  if (method === "pix" && pix) {
    if (pix.qr_code) details.pix_copy_paste = pix.qr_code;
    if (pix.qr_code_base64) details.pix_qr_code = `data:image/png;base64,${pix.qr_code_base64}`;
  }
  const boleto = payment.transaction_details;
  if (method === "boleto") {
    if (boleto?.barcode?.content) details.boleto_barcode = boleto.barcode.content;
    if (boleto?.digitable_line) details.boleto_number = boleto.digitable_line;
    if (boleto?.external_resource_url) details.boleto_url = boleto.external_resource_url;
    if (payment.date_of_expiration) details.boleto_due_date = payment.date_of_expiration;
  }
  if (payment.status_detail) details.processor_response = payment.status_detail;
  if (status === "rejected") {
    details.refusal_reason = REFUSAL_REASONS.get(payment.status_detail ?? "") ?? DEFAULT_REFUSAL;
  }
  return details;
}
