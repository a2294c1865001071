// Mercado Pago end to end through our HTTP API: checkout, signed notifications, Pix and boleto,
// refusals, chargebacks, refunds and an unreachable provider, against the fake Mercado Pago server.
import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTransactionsPage,
  BILLING_MESSAGES,
  type CreateSubscriptionResponse,
  type PaymentHistoryItem,
  type RefundResponse,
  type UsageLimits,
  type UserSubscription,
} from "../../../common/contract/billing";
import { FORBIDDEN } from "../../../common/contract/errors";
import { billingEvents, subscriptionPlans, transactions, userSubscriptions } from "../../../db/schema";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { startFakeMercadoPago } from "../../../tests/fakes/mercado-pago-server";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { buildApp } from "../../app";
import { MercadoPagoProvider } from "./mercado-pago";
import { signWebhook } from "./webhook-signature";

const ACCESS_TOKEN = "TEST-token";
const WEBHOOK_SECRET = "segredo-webhook";
const PUBLIC_URL = "http://localhost:3000";

const fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
const mercadoPago = { accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url };
const t = setupTestApp({ mercadoPago, devCheckout: false });
afterAll(() => fake.close());

const plans: Record<string, number> = {};
beforeAll(async () => {
  for (const row of await t.database.db.select().from(subscriptionPlans)) plans[row.name] = row.id;
});

type Customer = Awaited<ReturnType<typeof t.signIn>>;

// ---------------------------------------------------------------------------------------------
// Notifications, as Mercado Pago sends them

type Notification = { paymentId: string; requestId: string; tsSeconds: number };
type Delivery = { secret?: string; tamper?: boolean; withoutSignature?: boolean };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A notification about a payment, signed when delivered (so it can be delivered again, late). */
const notification = (paymentId: string, overrides: Partial<Notification> = {}): Notification => ({
  paymentId,
  requestId: randomUUID(),
  tsSeconds: nowSeconds(),
  ...overrides,
});

function deliver(note: Notification, { secret = WEBHOOK_SECRET, tamper, withoutSignature }: Delivery = {}) {
  let signature = signWebhook({
    dataId: note.paymentId,
    requestId: note.requestId,
    secret,
    tsSeconds: note.tsSeconds,
  });
  if (tamper) signature = signature.slice(0, -1) + (signature.endsWith("0") ? "1" : "0");
  return t.request({
    method: "POST",
    url: `/api/webhooks/mercadopago?data.id=${note.paymentId}&type=payment`,
    headers: {
      ...(withoutSignature ? {} : { "x-signature": signature }),
      "x-request-id": note.requestId,
      "content-type": "application/json",
      "user-agent": "MercadoPago WebHook v1.0 payment",
    },
    payload: { action: "payment.updated", api_version: "v1", data: { id: note.paymentId }, type: "payment" },
  });
}

/** Delivers a fresh notification and expects it taken (200). */
async function notify(paymentId: string) {
  const response = await deliver(notification(paymentId));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ received: true });
}

// ---------------------------------------------------------------------------------------------
// Through our API

async function createCheckout(cookie: string, planName = "Pro") {
  const response = await t.request({
    method: "POST",
    url: "/api/subscriptions/create",
    cookie,
    payload: { plan_id: plans[planName], interval_type: "monthly" },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreateSubscriptionResponse>();
}

/** A new customer who opened a Pro checkout and made one payment of it (not yet notified). */
async function customerWhoPaid(options: Parameters<typeof fake.pay>[1]) {
  const customer = await t.signIn();
  const { transaction_id: transactionId } = await createCheckout(customer.cookie);
  const paymentId = fake.pay(String(transactionId), options);
  return { ...customer, transactionId, paymentId };
}

/** A new customer on Pro, paid by card and notified. */
async function subscribedCustomer() {
  const paid = await customerWhoPaid({ status: "approved" });
  await notify(paid.paymentId);
  expect((await transactionRow(paid.transactionId)).status).toBe("approved");
  return paid;
}

async function getJson<T>(url: string, { cookie }: Customer) {
  const response = await t.request({ method: "GET", url, cookie });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}
const subscriptionOf = (customer: Customer) => getJson<UserSubscription>("/api/user/subscription", customer);
const historyOf = (customer: Customer) =>
  getJson<PaymentHistoryItem[]>("/api/user/payment-history", customer);
async function limitsOf(customer: Customer) {
  const limits = await getJson<UsageLimits>("/api/user/limits", customer);
  return { link_pages: limits.link_pages.limit, shortened_urls: limits.shortened_urls.limit };
}
const PRO_LIMITS = { link_pages: 20, shortened_urls: 1000 };
const FREE_LIMITS = { link_pages: 3, shortened_urls: 50 };

// ---------------------------------------------------------------------------------------------
// In the database

async function transactionRow(id: number) {
  const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}
const transactionsOf = (userId: number) =>
  t.database.db.select().from(transactions).where(eq(transactions.userId, userId));
const subscriptionsOf = (userId: number) =>
  t.database.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
const eventsOf = (userId: number) =>
  t.database.db
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.userId, userId))
    .orderBy(asc(billingEvents.id));
const eventKinds = async (userId: number) => (await eventsOf(userId)).map((event) => event.kind);

/** Every row the billing tables hold, to show a request wrote nothing anywhere. */
async function billingRowCounts() {
  const db = t.database.db;
  const [[tx], [subscriptions], [events]] = await Promise.all([
    db.select({ n: count() }).from(transactions),
    db.select({ n: count() }).from(userSubscriptions),
    db.select({ n: count() }).from(billingEvents),
  ]);
  return { transactions: tx!.n, subscriptions: subscriptions!.n, events: events!.n };
}

const paymentReads = (paymentId: string) =>
  fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/payments/${paymentId}`).length;

// ---------------------------------------------------------------------------------------------

describe("POST /api/subscriptions/create with Mercado Pago", () => {
  it("answers the preference's init_point and keeps a pending transaction tied to it", async () => {
    const customer = await t.signIn({ firstName: "Ana", lastName: "Souza" });
    const body = await createCheckout(customer.cookie);

    const [row] = await transactionsOf(customer.user.id);
    expect(row).toMatchObject({
      id: body.transaction_id,
      status: "pending",
      provider: "mercadopago",
      planId: plans.Pro,
      planName: "Pro",
      transactionType: "subscription",
      amountCents: 1990,
      providerPaymentId: null,
    });
    const preference = fake.preferences.get(row!.providerCheckoutId!);
    expect(preference).toBeDefined();
    expect(body).toEqual({
      init_point: preference!.init_point,
      transaction_id: row!.id,
      transaction_type: "subscription",
      amount_cents: 1990,
    });
    expect(preference).toMatchObject({
      external_reference: String(row!.id),
      items: [{ quantity: 1, currency_id: "BRL", unit_price: 19.9 }],
      payer: { email: customer.user.email, name: "Ana", surname: "Souza" },
      back_urls: {
        success: `${PUBLIC_URL}/subscription?payment_status=approved`,
        pending: `${PUBLIC_URL}/subscription?payment_status=pending`,
        failure: `${PUBLIC_URL}/subscription?payment_status=rejected`,
      },
      notification_url: `${PUBLIC_URL}/api/webhooks/mercadopago`,
    });
    const request = fake.requests.findLast((r) => r.path === "/checkout/preferences");
    expect(request?.headers["x-idempotency-key"]).toBe(`checkout-${row!.id}`);
    expect(await eventKinds(customer.user.id)).toEqual(["transaction.created"]);
    // Nothing is paid yet: the customer is still on the free plan, with no pending payment shown.
    expect(await subscriptionOf(customer)).toMatchObject({ is_free: true, pending_transaction_id: null });
  });
});

describe("POST /api/webhooks/mercadopago: the signature", () => {
  it("applies a validly signed notification: the transaction is approved and Pro is active", async () => {
    const paid = await customerWhoPaid({ status: "approved", payment_method_id: "master" });
    await notify(paid.paymentId);

    expect(await transactionRow(paid.transactionId)).toMatchObject({
      status: "approved",
      providerPaymentId: paid.paymentId,
      providerStatus: "approved",
      providerStatusDetail: "accredited",
      paymentMethod: "credit_card",
      approvedAt: expect.any(Date),
      subscriptionStart: expect.any(Date),
      subscriptionEnd: expect.any(Date),
    });
    const subscriptions = await subscriptionsOf(paid.user.id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ status: "active", planId: plans.Pro, intervalType: "monthly" });
    expect(subscriptions[0]!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await subscriptionOf(paid)).toMatchObject({
      status: "active",
      is_free: false,
      plan: { name: "Pro" },
    });
    expect(await limitsOf(paid)).toEqual(PRO_LIMITS);
    expect(await eventKinds(paid.user.id)).toEqual([
      "transaction.created",
      "subscription.activated",
      "transaction.approved",
    ]);
  });

  it.each([
    { case: "signed with another secret", delivery: { secret: "outro-segredo" }, note: {} },
    { case: "with a tampered v1", delivery: { tamper: true }, note: {} },
    { case: "without x-signature", delivery: { withoutSignature: true }, note: {} },
    { case: "replayed 10 minutes later (stale ts)", delivery: {}, note: { tsSeconds: nowSeconds() - 600 } },
  ])("refuses a notification $case with 401 and changes nothing", async ({ delivery, note }) => {
    const paid = await customerWhoPaid({ status: "approved" });
    const before = await transactionRow(paid.transactionId);
    const tsSeconds = note.tsSeconds ?? nowSeconds();

    const response = await deliver(notification(paid.paymentId, { tsSeconds }), delivery);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: BILLING_MESSAGES.webhookSignature });
    // Refused before Mercado Pago is even asked.
    expect(paymentReads(paid.paymentId)).toBe(0);
    expect(await transactionRow(paid.transactionId)).toEqual(before);
    expect(await subscriptionsOf(paid.user.id)).toEqual([]);
    expect(await limitsOf(paid)).toEqual(FREE_LIMITS);

    // The same payment, validly signed, is applied: only the signature was wrong.
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("approved");
  });

  it("refuses a signature made for another payment's id (401)", async () => {
    const paid = await customerWhoPaid({ status: "approved" });
    const other = notification("12345");
    const signature = signWebhook({
      dataId: other.paymentId,
      requestId: other.requestId,
      secret: WEBHOOK_SECRET,
    });
    const response = await t.request({
      method: "POST",
      url: `/api/webhooks/mercadopago?data.id=${paid.paymentId}&type=payment`,
      headers: {
        "x-signature": signature,
        "x-request-id": other.requestId,
        "content-type": "application/json",
      },
      payload: { action: "payment.updated", data: { id: paid.paymentId }, type: "payment" },
    });
    expect(response.statusCode).toBe(401);
    expect((await transactionRow(paid.transactionId)).status).toBe("pending");
  });
});

describe("POST /api/webhooks/mercadopago: idempotency and order", () => {
  it("applies the same notification twice only once", async () => {
    const paid = await customerWhoPaid({ status: "approved" });
    const note = notification(paid.paymentId);

    expect((await deliver(note)).statusCode).toBe(200);
    const afterFirst = { tx: await transactionRow(paid.transactionId), events: await eventsOf(paid.user.id) };
    expect((await deliver(note)).statusCode).toBe(200);

    expect(await transactionRow(paid.transactionId)).toEqual(afterFirst.tx);
    expect(await eventsOf(paid.user.id)).toEqual(afterFirst.events);
    expect(await subscriptionsOf(paid.user.id)).toHaveLength(1);
    const kinds = await eventKinds(paid.user.id);
    expect(kinds.filter((kind) => kind === "subscription.activated")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "transaction.approved")).toHaveLength(1);
    expect((await transactionsOf(paid.user.id)).filter((row) => row.status === "approved")).toHaveLength(1);
  });

  it("activates once when two notifications about the payment arrive at the same time", async () => {
    const paid = await customerWhoPaid({ status: "approved" });
    const responses = await Promise.all([
      deliver(notification(paid.paymentId)),
      deliver(notification(paid.paymentId)),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await subscriptionsOf(paid.user.id)).toHaveLength(1);
    const kinds = await eventKinds(paid.user.id);
    expect(kinds.filter((kind) => kind === "subscription.activated")).toHaveLength(1);
  });

  it("keeps approved when the older 'pending' notification arrives after the 'approved' one", async () => {
    const paid = await customerWhoPaid({ status: "pending" });
    const sentWhilePending = notification(paid.paymentId);
    fake.setStatus(paid.paymentId, "approved");
    const sentWhenApproved = notification(paid.paymentId);

    expect((await deliver(sentWhenApproved)).statusCode).toBe(200);
    const approved = await transactionRow(paid.transactionId);
    expect(approved.status).toBe("approved");
    const [subscription] = await subscriptionsOf(paid.user.id);

    // The late one is read again from the API, which says approved: nothing moves.
    expect((await deliver(sentWhilePending)).statusCode).toBe(200);
    expect(await transactionRow(paid.transactionId)).toEqual(approved);

    // Even an answer that still says pending never moves an approved payment back.
    fake.setStatus(paid.paymentId, "pending");
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("approved");
    expect(await subscriptionsOf(paid.user.id)).toEqual([subscription]);
    expect(await subscriptionOf(paid)).toMatchObject({ status: "active", plan: { name: "Pro" } });
    const kinds = await eventKinds(paid.user.id);
    expect(kinds.filter((kind) => kind === "subscription.activated")).toHaveLength(1);
  });
});

describe("POST /api/webhooks/mercadopago: Pix and boleto", () => {
  it("shows a pending Pix with its code and QR, then activates Pro when it is paid", async () => {
    const paid = await customerWhoPaid({ status: "pending", payment_method_id: "pix" });
    await notify(paid.paymentId);

    const pix = fake.payments.get(paid.paymentId)!.point_of_interaction.transaction_data!;
    const pending = await transactionRow(paid.transactionId);
    expect(pending).toMatchObject({
      status: "pending",
      paymentMethod: "pix",
      providerPaymentId: paid.paymentId,
      providerStatus: "pending",
      providerStatusDetail: "pending_waiting_transfer",
    });
    expect(pending.paymentDetails).toMatchObject({
      pix_copy_paste: pix.qr_code,
      pix_qr_code: `data:image/png;base64,${pix.qr_code_base64}`,
    });
    expect(pending.paymentDetails.pix_qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(await subscriptionsOf(paid.user.id)).toEqual([]);

    expect(await subscriptionOf(paid)).toMatchObject({
      status: "pending",
      is_free: false,
      plan: { name: "Pro" },
      pending_transaction_id: paid.transactionId,
    });
    const [item] = await historyOf(paid);
    expect(item).toMatchObject({
      id: paid.transactionId,
      plan_name: "Pro",
      status: "pending",
      amount_cents: 1990,
      payment_method: "pix",
      payment_details: {
        pix_copy_paste: pix.qr_code,
        pix_qr_code: `data:image/png;base64,${pix.qr_code_base64}`,
      },
    });
    expect(await limitsOf(paid)).toEqual(FREE_LIMITS);

    fake.setStatus(paid.paymentId, "approved");
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("approved");
    expect(await subscriptionOf(paid)).toMatchObject({
      status: "active",
      is_free: false,
      plan: { name: "Pro" },
      pending_transaction_id: null,
    });
    expect(await limitsOf(paid)).toEqual(PRO_LIMITS);
  });

  it("shows a pending boleto's digitable line, barcode, link and due date in the history", async () => {
    const paid = await customerWhoPaid({ status: "pending", payment_method_id: "bolbradesco" });
    await notify(paid.paymentId);

    const boleto = fake.payments.get(paid.paymentId)!;
    const [item] = await historyOf(paid);
    expect(item).toMatchObject({
      id: paid.transactionId,
      status: "pending",
      payment_method: "boleto",
      payment_details: {
        boleto_number: boleto.transaction_details.digitable_line,
        boleto_barcode: boleto.transaction_details.barcode!.content,
        boleto_url: boleto.transaction_details.external_resource_url,
        boleto_due_date: boleto.date_of_expiration,
      },
    });
    expect(item!.payment_details.boleto_number).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(await subscriptionOf(paid)).toMatchObject({ status: "pending", plan: { name: "Pro" } });
  });
});

describe("POST /api/webhooks/mercadopago: refusals, disputes and chargebacks", () => {
  it("marks a refused card rejected with a pt-BR reason and leaves the customer on the free plan", async () => {
    const paid = await customerWhoPaid({
      status: "rejected",
      status_detail: "cc_rejected_insufficient_amount",
    });
    await notify(paid.paymentId);

    const row = await transactionRow(paid.transactionId);
    expect(row).toMatchObject({
      status: "rejected",
      providerStatusDetail: "cc_rejected_insufficient_amount",
    });
    expect(row.paymentDetails.refusal_reason).toBe("Saldo insuficiente");
    expect(await subscriptionsOf(paid.user.id)).toEqual([]);
    expect(await limitsOf(paid)).toEqual(FREE_LIMITS);
    expect(await subscriptionOf(paid)).toMatchObject({ is_free: true, plan: { name: "Gratuito" } });
    const [item] = await historyOf(paid);
    expect(item).toMatchObject({
      status: "rejected",
      payment_details: { refusal_reason: "Saldo insuficiente" },
    });
  });

  it("activates Pro when a refused card is followed by an approved one in the same checkout", async () => {
    const paid = await customerWhoPaid({
      status: "rejected",
      status_detail: "cc_rejected_bad_filled_security_code",
    });
    await notify(paid.paymentId);
    const secondCard = fake.pay(String(paid.transactionId), {
      status: "approved",
      payment_method_id: "visa",
    });
    await notify(secondCard);

    expect(await transactionRow(paid.transactionId)).toMatchObject({
      status: "approved",
      providerPaymentId: secondCard,
    });
    expect(await limitsOf(paid)).toEqual(PRO_LIMITS);
  });

  it("records in_mediation without changing the payment or the plan", async () => {
    const paid = await subscribedCustomer();
    const [subscription] = await subscriptionsOf(paid.user.id);

    fake.setStatus(paid.paymentId, "in_mediation");
    await notify(paid.paymentId);

    expect(await transactionRow(paid.transactionId)).toMatchObject({
      status: "approved",
      providerStatus: "in_mediation",
      providerStatusDetail: "in_mediation",
    });
    expect(await subscriptionsOf(paid.user.id)).toEqual([subscription]);
    expect(await limitsOf(paid)).toEqual(PRO_LIMITS);
    expect((await eventKinds(paid.user.id)).at(-1)).toBe("transaction.updated");
  });

  it("ends the subscription at once on a chargeback and marks the payment refunded", async () => {
    const paid = await subscribedCustomer();
    expect(await limitsOf(paid)).toEqual(PRO_LIMITS);

    fake.setStatus(paid.paymentId, "charged_back");
    await notify(paid.paymentId);

    expect(await transactionRow(paid.transactionId)).toMatchObject({
      status: "refunded",
      providerStatus: "charged_back",
      refundedCents: 1990,
    });
    const [subscription] = await subscriptionsOf(paid.user.id);
    expect(subscription).toMatchObject({ status: "canceled", canceledAt: expect.any(Date) });
    expect(subscription!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await subscriptionOf(paid)).toMatchObject({
      status: "active",
      is_free: true,
      plan: { name: "Gratuito" },
    });
    expect(await limitsOf(paid)).toEqual(FREE_LIMITS);
    const events = await eventsOf(paid.user.id);
    expect(events.find((event) => event.kind === "subscription.canceled")).toMatchObject({
      cause: "webhook",
      subscriptionId: subscription!.id,
      detail: { reason: "charged_back" },
    });
    expect(events.map((event) => event.kind)).toContain("transaction.refunded");
  });
});

describe("POST /api/webhooks/mercadopago: a payment after the account was deleted", () => {
  it("records a Pix paid after the deletion as approved, activates nothing, and the admin refunds it", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const paid = await customerWhoPaid({ status: "pending", payment_method_id: "pix" });
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("pending");
    const deleted = await t.request({
      method: "DELETE",
      url: "/api/user",
      cookie: paid.cookie,
      payload: { password: FACTORY_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await transactionRow(paid.transactionId)).userId).toBeNull();

    // The customer pays the Pix afterwards: the money was taken, so the row says so.
    fake.setStatus(paid.paymentId, "approved");
    await notify(paid.paymentId);
    expect(await transactionRow(paid.transactionId)).toMatchObject({
      userId: null,
      status: "approved",
      providerPaymentId: paid.paymentId,
      providerStatus: "approved",
      providerStatusDetail: "accredited",
      approvedAt: expect.any(Date),
      subscriptionStart: null,
      subscriptionEnd: null,
    });
    expect(await subscriptionsOf(paid.user.id)).toEqual([]);
    const events = await t.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.transactionId, paid.transactionId))
      .orderBy(asc(billingEvents.id));
    expect(events.map((event) => event.kind).slice(-2)).toEqual([
      "transaction.approved",
      "payment.after_account_deletion",
    ]);
    expect(events.at(-1)).toMatchObject({
      userId: null,
      cause: "webhook",
      detail: { payment_id: paid.paymentId, needs_refund: true },
    });
    // The same notice again changes nothing.
    await notify(paid.paymentId);
    expect(
      await t.database.db.$count(billingEvents, eq(billingEvents.transactionId, paid.transactionId)),
    ).toBe(events.length);

    // The administrator finds it, approved under 'Conta excluída', and refunds it.
    const list = await t.request({
      method: "GET",
      url: `/api/admin/transactions?q=${paid.paymentId}`,
      cookie: admin.cookie,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<AdminTransactionsPage>().transactions).toMatchObject([
      { id: paid.transactionId, status: "approved", user_id: null, user_name: "Conta excluída" },
    ]);
    const refund = await t.request({
      method: "POST",
      url: `/api/admin/payments/${paid.paymentId}/refund`,
      cookie: admin.cookie,
      payload: { reason: "Pago depois da exclusão da conta" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<RefundResponse>().amount_refunded).toBe(1990);
    expect(fake.refunds.filter((r) => String(r.payment_id) === paid.paymentId)).toHaveLength(1);
    expect(await transactionRow(paid.transactionId)).toMatchObject({
      userId: null,
      status: "refunded",
      refundedCents: 1990,
    });
  });
});

describe("POST /api/admin/payments/:paymentId/refund through Mercado Pago", () => {
  it("refunds in full once, under the transaction's idempotency key, and ends the subscription", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const paid = await subscribedCustomer();
    const refund = (cookie: string) =>
      t.request({
        method: "POST",
        url: `/api/admin/payments/${paid.paymentId}/refund`,
        cookie,
        payload: { reason: "Cliente pediu o cancelamento" },
      });

    const byMember = await refund(paid.cookie);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: FORBIDDEN });
    expect((await transactionRow(paid.transactionId)).status).toBe("approved");

    const response = await refund(admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<RefundResponse>();
    const mpRefund = fake.refunds.find((r) => String(r.payment_id) === paid.paymentId)!;
    expect(body).toEqual({
      amount_refunded: 1990,
      refund_id: String(mpRefund.id),
      message: expect.any(String),
    });
    const calls = fake.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/payments/${paid.paymentId}/refunds`,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["x-idempotency-key"]).toBe(`refund-${paid.transactionId}`);

    expect(await transactionRow(paid.transactionId)).toMatchObject({
      status: "refunded",
      refundId: String(mpRefund.id),
      refundedCents: 1990,
      refundReason: "Cliente pediu o cancelamento",
    });
    const [subscription] = await subscriptionsOf(paid.user.id);
    expect(subscription).toMatchObject({ status: "canceled" });
    expect(subscription!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await subscriptionOf(paid)).toMatchObject({ is_free: true, plan: { name: "Gratuito" } });
    expect(await limitsOf(paid)).toEqual(FREE_LIMITS);

    const again = await refund(admin.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: BILLING_MESSAGES.refundNotAllowed });
    expect(fake.refunds.filter((r) => String(r.payment_id) === paid.paymentId)).toHaveLength(1);

    // Mercado Pago then notifies the refund: already applied, the subscription is not ended twice.
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("refunded");
    const kinds = await eventKinds(paid.user.id);
    expect(kinds.filter((kind) => kind === "subscription.canceled")).toHaveLength(1);
  });
});

describe("Mercado Pago unreachable", () => {
  it("answers 503 at checkout when Mercado Pago fails, leaving no transaction", async () => {
    const customer = await t.signIn();
    fake.mode({ kind: "failing", status: 500, times: 1 });
    const response = await t.request({
      method: "POST",
      url: "/api/subscriptions/create",
      cookie: customer.cookie,
      payload: { plan_id: plans.Pro },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: BILLING_MESSAGES.providerUnavailable });
    expect(await transactionsOf(customer.user.id)).toEqual([]);
    expect(await eventsOf(customer.user.id)).toEqual([]);

    // Recovered: the next try works.
    await createCheckout(customer.cookie);
    expect(await transactionsOf(customer.user.id)).toHaveLength(1);
  });

  describe("answering too late", () => {
    let impatient: FastifyInstance;
    beforeAll(async () => {
      impatient = await buildApp(testConfig({ mercadoPago, devCheckout: false }), {
        database: t.database,
        distDir: "/nonexistent",
        payments: new MercadoPagoProvider({ accessToken: ACCESS_TOKEN, apiBase: fake.url, timeoutMs: 300 }),
      });
      await impatient.ready();
    });
    afterAll(() => impatient?.close());

    it("answers 503 at checkout after the timeout, leaving no transaction", async () => {
      const customer = await t.signIn();
      fake.mode({ kind: "slow", delayMs: 2_000, times: 1 });
      const started = Date.now();
      const response = await impatient.inject({
        method: "POST",
        url: "/api/subscriptions/create",
        headers: { cookie: customer.cookie },
        payload: { plan_id: plans.Pro },
      });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: BILLING_MESSAGES.providerUnavailable });
      expect(await transactionsOf(customer.user.id)).toEqual([]);
    });

    it("answers 503 to a refund whose answer is lost, and a retry refunds once under the same key", async () => {
      const admin = await t.signIn({ isAdmin: true });
      const paid = await subscribedCustomer();
      const refund = () =>
        impatient.inject({
          method: "POST",
          url: `/api/admin/payments/${paid.paymentId}/refund`,
          headers: { cookie: admin.cookie },
          payload: { reason: "Cobrança em duplicidade" },
        });

      fake.mode({ kind: "slow", delayMs: 2_000, times: 1 });
      const lost = await refund();
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toEqual({ error: BILLING_MESSAGES.providerUnavailable });
      expect((await transactionRow(paid.transactionId)).status).toBe("approved");

      const retried = await refund();
      expect(retried.statusCode).toBe(200);
      const refunds = fake.refunds.filter((r) => String(r.payment_id) === paid.paymentId);
      expect(refunds).toHaveLength(1);
      expect(retried.json<RefundResponse>()).toMatchObject({
        amount_refunded: 1990,
        refund_id: String(refunds[0]!.id),
      });
      const keys = fake.requests
        .filter((r) => r.method === "POST" && r.path === `/v1/payments/${paid.paymentId}/refunds`)
        .map((r) => r.headers["x-idempotency-key"]);
      expect(keys).toEqual([`refund-${paid.transactionId}`, `refund-${paid.transactionId}`]);
      expect(await transactionRow(paid.transactionId)).toMatchObject({
        status: "refunded",
        refundedCents: 1990,
      });
      expect(await limitsOf(paid)).toEqual(FREE_LIMITS);
    });
  });

  it("answers a notification 503 when the payment cannot be read, and applies it when delivered again", async () => {
    const paid = await customerWhoPaid({ status: "approved" });
    const note = notification(paid.paymentId);
    const before = await transactionRow(paid.transactionId);

    fake.mode({ kind: "failing", status: 500, times: 1 });
    const failed = await deliver(note);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: BILLING_MESSAGES.providerUnavailable });
    expect(await transactionRow(paid.transactionId)).toEqual(before);
    expect(await subscriptionsOf(paid.user.id)).toEqual([]);

    const retried = await deliver(note);
    expect(retried.statusCode).toBe(200);
    expect((await transactionRow(paid.transactionId)).status).toBe("approved");
    expect(await limitsOf(paid)).toEqual(PRO_LIMITS);
  });

  it("takes a validly signed notification about a payment Mercado Pago does not know (200), writing nothing", async () => {
    const before = await billingRowCounts();
    const response = await deliver(notification("99999999999"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(paymentReads("99999999999")).toBe(1);
    expect(await billingRowCounts()).toEqual(before);
  });
});

describe("payments that arrive late or wrong", () => {
  it("voids a pending cheaper plan when a better one is bought, and refunds it if it is paid anyway", async () => {
    const customer = await t.signIn();
    const pro = await createCheckout(customer.cookie, "Pro");
    const pix = fake.pay(String(pro.transaction_id), { status: "pending", payment_method_id: "pix" });
    await notify(pix);
    const business = await createCheckout(customer.cookie, "Business");
    await notify(fake.pay(String(business.transaction_id), { status: "approved" }));
    expect((await subscriptionOf(customer)).plan.name).toBe("Business");
    // Voided here and at Mercado Pago: the Pix is cancelled, the preference expired.
    expect((await transactionRow(pro.transaction_id)).status).toBe("cancelled");
    expect(fake.payments.get(pix)!.status).toBe("cancelled");

    // Paid anyway in the instant before the cancel (a race Mercado Pago can lose): refunded.
    fake.setStatus(pix, "approved");
    await notify(pix);
    const subscription = await subscriptionOf(customer);
    expect(subscription).toMatchObject({
      status: "active",
      plan: { name: "Business" },
      scheduled_plan: null,
    });
    const late = await transactionRow(pro.transaction_id);
    expect(late.status).toBe("refunded");
    expect(fake.payments.get(pix)!.status).toBe("refunded");
    expect(await eventKinds(customer.user.id)).toEqual(
      expect.arrayContaining(["transaction.voided", "payment.after_close"]),
    );
    expect(await eventKinds(customer.user.id)).not.toContain("subscription.downgrade_scheduled");
  });

  it("records no duplicate for a refused attempt that arrives after the approved one", async () => {
    const paid = await customerWhoPaid({
      status: "rejected",
      status_detail: "cc_rejected_insufficient_amount",
    });
    const approved = fake.pay(String(paid.transactionId), { status: "approved" });
    await notify(approved);
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("approved");
    expect(await eventKinds(paid.user.id)).not.toContain("payment.duplicate");
  });

  it("records a second approved payment of a paid order as a duplicate and activates nothing twice", async () => {
    const paid = await subscribedCustomer();
    await notify(fake.pay(String(paid.transactionId), { status: "approved" }));
    expect(await eventKinds(paid.user.id)).toContain("payment.duplicate");
    expect(await subscriptionsOf(paid.user.id)).toHaveLength(1);
  });

  it("never activates a plan on a payment of less than the order", async () => {
    const paid = await customerWhoPaid({ status: "approved", amount: 1 });
    await notify(paid.paymentId);
    expect((await transactionRow(paid.transactionId)).status).toBe("pending");
    expect(await eventKinds(paid.user.id)).toContain("payment.amount_mismatch");
    expect(await limitsOf(paid)).toEqual(FREE_LIMITS);
  });
});
