// A fake Mercado Pago on 127.0.0.1 speaking the real protocol (the endpoints we call, their JSON and
// errors, signed webhooks), so the adapter and the billing API are tested over HTTP, not with mocks.
import { randomUUID } from "node:crypto";
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhook } from "../../server/modules/billing/webhook-signature";

/** A Checkout Pro preference as created: our body echoed, plus Mercado Pago's fields. */
export type FakePreference = {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  collector_id: number;
  date_created: string;
  external_reference?: string;
  notification_url?: string;
  items?: { title?: string; unit_price?: number; quantity?: number }[];
  payer?: { email?: string; name?: string; surname?: string };
  [field: string]: unknown;
};

export type FakeRefund = {
  id: number;
  payment_id: number;
  amount: number;
  status: "approved";
  source: { id: string; name: string; type: "collector" };
  date_created: string;
  unique_sequence_number: null;
  refund_mode: "standard";
  adjustment_amount: number;
  reason: null;
  labels: string[];
  metadata: Record<string, unknown>;
};

/** A payment as GET /v1/payments/:id answers it (the fields a real one has that we may read). */
export type FakePayment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: "BRL";
  description: string | null;
  payment_method_id: string;
  payment_type_id: string;
  installments: number;
  operation_type: "regular_payment";
  live_mode: false;
  collector_id: number;
  payer: { email: string | null; first_name: string | null; last_name: string | null };
  notification_url: string | null;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  money_release_date: string | null;
  point_of_interaction: {
    type: string;
    transaction_data?: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
  transaction_details: {
    net_received_amount: number;
    total_paid_amount: number;
    installment_amount: number;
    external_resource_url: string | null;
    digitable_line?: string;
    barcode?: { content: string };
    financial_institution: string | null;
  };
  refunds: FakeRefund[];
  metadata: Record<string, unknown>;
};

export type PayOptions = {
  /** Any Mercado Pago status: approved, pending, authorized, in_process, rejected, cancelled... */
  status: string;
  status_detail?: string;
  /** pix, bolbradesco, master, visa, debvisa, account_money... (default master). */
  payment_method_id?: string;
  /** Derived from the method when absent: bank_transfer, ticket, credit_card, debit_card... */
  payment_type_id?: string;
  /** In reais, like Mercado Pago (default: the preference's total). */
  amount?: number;
};

export type NotifyOptions = {
  /** Default: the payment's notification_url (from its preference). */
  url?: string;
  requestId?: string;
  tsSeconds?: number;
  /** Sign with another secret. */
  secret?: string;
  /** Change one hex digit of v1 after signing. */
  tamper?: boolean;
  action?: string;
};

/**
 * The next calls (all of them, or `times`) answer late or fail; "normal" resets. A slow call takes
 * effect at once and only its answer is late, as when Mercado Pago's response is lost on the way.
 */
export type FakeMode =
  | { kind: "normal" }
  | { kind: "slow"; delayMs: number; times?: number }
  | { kind: "failing"; status?: number; times?: number };

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };

export type FakeMercadoPago = {
  url: string;
  close(): Promise<void>;
  preferences: Map<string, FakePreference>;
  payments: Map<string, FakePayment>;
  refunds: FakeRefund[];
  requests: RecordedRequest[];
  pay(preferenceIdOrExternalReference: string, options: PayOptions): string;
  setStatus(paymentId: string, status: string, statusDetail?: string): void;
  notify(paymentId: string, options?: NotifyOptions): Promise<Response>;
  mode(mode: FakeMode): void;
};

const COLLECTOR_ID = 1_234_567_890;
const USER_ID = 1_234_567_890;
/** A 1x1 PNG: what matters is a real base64 image. */
const QR_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const DEFAULT_DETAILS: Record<string, string> = {
  approved: "accredited",
  pending: "pending_waiting_payment",
  authorized: "pending_capture",
  in_process: "pending_contingency",
  in_mediation: "in_mediation",
  rejected: "cc_rejected_other_reason",
  cancelled: "expired",
  refunded: "refunded",
  charged_back: "settled",
};

function paymentTypeOf(methodId: string): string {
  if (methodId === "pix") return "bank_transfer";
  if (methodId === "bolbradesco" || methodId === "pec") return "ticket";
  if (methodId === "account_money") return "account_money";
  if (methodId.startsWith("deb")) return "debit_card";
  return "credit_card";
}

/** A boleto's typeable line and 44-digit barcode, shaped like Bradesco's (digits from id and amount). */
function boletoNumbers(id: number, amount: number) {
  const digits = String(id).padStart(11, "0").slice(-11);
  const value = `8434${String(Math.round(amount * 100)).padStart(10, "0")}`;
  return {
    digitable_line: `23793.38128 ${digits.slice(0, 5)}.${digits.slice(5)} 00000.000400 1 ${value}`,
    barcode: { content: `23791${value}${String(id).padStart(25, "0").slice(-25)}` },
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const mpError = (status: number, error: string, message: string, cause: unknown[] = []) => ({
  message,
  error,
  status,
  cause,
});

export async function startFakeMercadoPago({
  accessToken,
  webhookSecret,
}: {
  accessToken: string;
  webhookSecret: string;
}): Promise<FakeMercadoPago> {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  const preferenceByKey = new Map<string, FakePreference>();
  const refundByKey = new Map<string, FakeRefund>();
  const timers = new Set<NodeJS.Timeout>();
  let nextPaymentId = 90_000_000_001;
  let nextRefundId = 2_000_000_001;
  let nextNotificationId = 100_000_001;
  let currentMode: FakeMode = { kind: "normal" };
  let modeCallsLeft = Number.POSITIVE_INFINITY;

  const now = () => new Date().toISOString();

  function createPreference(body: Record<string, unknown>): FakePreference {
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const preference: FakePreference = {
      ...body,
      id,
      collector_id: COLLECTOR_ID,
      client_id: "6295877106812064",
      operation_type: "regular_payment",
      date_created: now(),
      init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
    };
    preferences.set(id, preference);
    return preference;
  }

  function findPreference(idOrReference: string): FakePreference {
    const byId = preferences.get(idOrReference);
    if (byId) return byId;
    const byReference = [...preferences.values()].filter((p) => p.external_reference === idOrReference);
    const latest = byReference.at(-1);
    if (!latest) throw new Error(`fake Mercado Pago: no preference ${idOrReference}`);
    return latest;
  }

  function pay(preferenceIdOrExternalReference: string, options: PayOptions): string {
    const preference = findPreference(preferenceIdOrExternalReference);
    // Checkout Pro refuses to pay a preference past its expiration_date_to.
    const until =
      typeof preference.expiration_date_to === "string" ? Date.parse(preference.expiration_date_to) : NaN;
    if (preference.expires === true && until <= Date.now()) {
      throw new Error(`fake Mercado Pago: preference ${preference.id} expired`);
    }
    const id = nextPaymentId++;
    const methodId = options.payment_method_id ?? "master";
    const typeId = options.payment_type_id ?? paymentTypeOf(methodId);
    const total = (preference.items ?? []).reduce(
      (sum, item) => sum + (item.unit_price ?? 0) * (item.quantity ?? 1),
      0,
    );
    const amount = round2(options.amount ?? total);
    const created = new Date();
    const isPix = methodId === "pix";
    const isBoleto = typeId === "ticket";
    const expiration = isPix
      ? new Date(created.getTime() + 30 * 60_000)
      : isBoleto
        ? new Date(created.getTime() + 3 * 86_400_000)
        : null;
    const payment: FakePayment = {
      id,
      status: options.status,
      status_detail:
        options.status_detail ??
        (options.status === "pending" && isPix
          ? "pending_waiting_transfer"
          : (DEFAULT_DETAILS[options.status] ?? options.status)),
      external_reference: preference.external_reference ?? null,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      currency_id: "BRL",
      description: preference.items?.[0]?.title ?? null,
      payment_method_id: methodId,
      payment_type_id: typeId,
      installments: 1,
      operation_type: "regular_payment",
      live_mode: false,
      collector_id: COLLECTOR_ID,
      payer: {
        email: preference.payer?.email ?? null,
        first_name: preference.payer?.name ?? null,
        last_name: preference.payer?.surname ?? null,
      },
      notification_url: preference.notification_url ?? null,
      date_created: created.toISOString(),
      date_approved: options.status === "approved" ? created.toISOString() : null,
      date_last_updated: created.toISOString(),
      date_of_expiration: expiration?.toISOString() ?? null,
      money_release_date: null,
      point_of_interaction: isPix
        ? {
            type: "OPENPLATFORM",
            transaction_data: {
              qr_code: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865802BR5906ATALHO6009SAO PAULO62070503***6304${String(id).slice(-4)}`,
              qr_code_base64: QR_PNG_BASE64,
              ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=${USER_ID}&hash=${randomUUID()}`,
            },
          }
        : { type: "UNSPECIFIED" },
      transaction_details: {
        net_received_amount: options.status === "approved" ? round2(amount * 0.95) : 0,
        total_paid_amount: amount,
        installment_amount: amount,
        external_resource_url: isBoleto
          ? `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=${USER_ID}&payment_method_id=${methodId}`
          : null,
        financial_institution: isBoleto ? "bradesco" : null,
        ...(isBoleto ? boletoNumbers(id, amount) : {}),
      },
      refunds: [],
      metadata: {},
    };
    payments.set(String(id), payment);
    return String(id);
  }

  function getPaymentOrThrow(paymentId: string): FakePayment {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake Mercado Pago: no payment ${paymentId}`);
    return payment;
  }

  function setStatus(paymentId: string, status: string, statusDetail?: string) {
    const payment = getPaymentOrThrow(paymentId);
    payment.status = status;
    payment.status_detail = statusDetail ?? DEFAULT_DETAILS[status] ?? status;
    payment.date_last_updated = now();
    if (status === "approved") payment.date_approved ??= payment.date_last_updated;
  }

  async function notify(paymentId: string, options: NotifyOptions = {}): Promise<Response> {
    const target = options.url ?? payments.get(paymentId)?.notification_url;
    if (!target) throw new Error(`fake Mercado Pago: no notification_url for payment ${paymentId}`);
    const url = new URL(target);
    url.searchParams.set("data.id", paymentId);
    url.searchParams.set("type", "payment");
    const requestId = options.requestId ?? randomUUID();
    let signature = signWebhook({
      dataId: paymentId,
      requestId,
      secret: options.secret ?? webhookSecret,
      tsSeconds: options.tsSeconds ?? Math.floor(Date.now() / 1000),
    });
    if (options.tamper) signature = signature.slice(0, -1) + (signature.endsWith("0") ? "1" : "0");
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "MercadoPago WebHook v1.0 payment",
        "x-signature": signature,
        "x-request-id": requestId,
      },
      body: JSON.stringify({
        action: options.action ?? "payment.updated",
        api_version: "v1",
        data: { id: paymentId },
        date_created: now(),
        id: nextNotificationId++,
        live_mode: false,
        type: "payment",
        user_id: USER_ID,
      }),
    });
  }

  function refund(payment: FakePayment, idempotencyKey: string) {
    const previous = refundByKey.get(idempotencyKey);
    if (previous) {
      if (previous.payment_id !== payment.id) {
        return { status: 400, body: mpError(400, "bad_request", "Idempotency key already used") };
      }
      return { status: 201, body: previous };
    }
    if (payment.status === "refunded" || payment.status === "charged_back") {
      return { status: 400, body: mpError(400, "bad_request", "Payment already refunded") };
    }
    if (payment.status !== "approved") {
      return { status: 400, body: mpError(400, "bad_request", `Invalid payment status: ${payment.status}`) };
    }
    const amount = round2(payment.transaction_amount - payment.transaction_amount_refunded);
    const created: FakeRefund = {
      id: nextRefundId++,
      payment_id: payment.id,
      amount,
      status: "approved",
      source: { id: String(USER_ID), name: "Atalho", type: "collector" },
      date_created: now(),
      unique_sequence_number: null,
      refund_mode: "standard",
      adjustment_amount: 0,
      reason: null,
      labels: [],
      metadata: {},
    };
    refundByKey.set(idempotencyKey, created);
    refunds.push(created);
    payment.refunds.push(created);
    payment.transaction_amount_refunded = payment.transaction_amount;
    setStatus(String(payment.id), "refunded", "refunded");
    return { status: 201, body: created };
  }

  function route(
    method: string,
    pathname: string,
    headers: IncomingHttpHeaders,
    body: unknown,
  ): { status: number; body: unknown } {
    if (headers.authorization !== `Bearer ${accessToken}`) {
      return { status: 401, body: mpError(401, "unauthorized", "invalid access token") };
    }
    const key = typeof headers["x-idempotency-key"] === "string" ? headers["x-idempotency-key"] : undefined;

    if (method === "POST" && pathname === "/checkout/preferences") {
      if (typeof body !== "object" || body === null) {
        return { status: 400, body: mpError(400, "bad_request", "invalid body") };
      }
      const existing = key ? preferenceByKey.get(key) : undefined;
      if (existing) return { status: 201, body: existing };
      const preference = createPreference(body as Record<string, unknown>);
      if (key) preferenceByKey.set(key, preference);
      return { status: 201, body: preference };
    }

    const preferenceMatch = /^\/checkout\/preferences\/([^/]+)$/.exec(pathname);
    // PUT updates the fields sent (expires, expiration_date_to...), as Mercado Pago's does.
    if (method === "PUT" && preferenceMatch) {
      const preference = preferences.get(decodeURIComponent(preferenceMatch[1]!));
      if (!preference) return { status: 404, body: mpError(404, "not_found", "Preference not found") };
      if (typeof body !== "object" || body === null) {
        return { status: 400, body: mpError(400, "bad_request", "invalid body") };
      }
      Object.assign(preference, body);
      return { status: 200, body: preference };
    }
    if (method === "GET" && preferenceMatch) {
      const preference = preferences.get(decodeURIComponent(preferenceMatch[1]!));
      return preference
        ? { status: 200, body: preference }
        : { status: 404, body: mpError(404, "not_found", "Preference not found") };
    }

    const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refunds)?$/.exec(pathname);
    if (paymentMatch) {
      const payment = payments.get(decodeURIComponent(paymentMatch[1]!));
      const isRefund = paymentMatch[2] !== undefined;
      if (!payment && (method === "GET" || (method === "POST" && isRefund))) {
        return {
          status: 404,
          body: mpError(404, "not_found", "Payment not found", [
            { code: 2000, description: "Payment not found", data: null },
          ]),
        };
      }
      if (payment && method === "GET" && !isRefund) return { status: 200, body: payment };
      // PUT {status: "cancelled"}: only a payment not decided yet can be cancelled.
      if (payment && method === "PUT" && !isRefund) {
        const wanted = (body as { status?: unknown } | undefined)?.status;
        if (wanted !== "cancelled" || !["pending", "in_process", "authorized"].includes(payment.status)) {
          return {
            status: 400,
            body: mpError(400, "bad_request", `Payment ${payment.id} cannot be ${String(wanted)}`),
          };
        }
        setStatus(String(payment.id), "cancelled", "by_collector");
        return { status: 200, body: payment };
      }
      if (!payment && method === "PUT") {
        return { status: 404, body: mpError(404, "not_found", "Payment not found") };
      }
      if (payment && method === "POST" && isRefund) {
        if (!key) {
          return { status: 400, body: mpError(400, "bad_request", "X-Idempotency-Key header is required") };
        }
        return refund(payment, key);
      }
    }

    return { status: 404, body: mpError(404, "not_found", "resource not found") };
  }

  async function readBody(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (!raw) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    if (response.destroyed) return;
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  }

  /** The mode for this call, counting it against `times`. */
  function takeMode(): FakeMode {
    if (currentMode.kind === "normal") return currentMode;
    const mode = currentMode;
    modeCallsLeft--;
    if (modeCallsLeft <= 0) currentMode = { kind: "normal" };
    return mode;
  }

  const server = http.createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://fake.invalid");
      const body = await readBody(request);
      const method = request.method ?? "GET";
      requests.push({ method, path: `${url.pathname}${url.search}`, headers: request.headers, body });
      const mode = takeMode();
      if (mode.kind === "failing") {
        const status = mode.status ?? 500;
        return send(response, status, mpError(status, "internal_error", "internal error"));
      }
      const answer = route(method, url.pathname, request.headers, body);
      if (mode.kind === "slow") {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(response, answer.status, answer.body);
        }, mode.delayMs);
        timers.add(timer);
        return;
      }
      send(response, answer.status, answer.body);
    } catch (error) {
      send(response, 500, mpError(500, "internal_error", String(error)));
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    preferences,
    payments,
    refunds,
    requests,
    pay,
    setStatus,
    notify,
    mode(mode) {
      currentMode = mode;
      modeCallsLeft =
        mode.kind === "normal" ? Number.POSITIVE_INFINITY : (mode.times ?? Number.POSITIVE_INFINITY);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
