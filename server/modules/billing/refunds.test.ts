// Refunds through our HTTP API against the fake Mercado Pago: the preview of what a refund takes
// back, one payment alone or every payment of the customer's current period, retries and a provider
// that stops part-way.
import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminStats,
  BILLING_MESSAGES,
  type CreateSubscriptionResponse,
  type PeriodRefundFailure,
  type PeriodRefundResponse,
  periodRefundFailureMessage,
  type RefundPreview,
  type RefundResponse,
  refundOptionText,
  type UsageLimits,
} from "../../../common/contract/billing";
import {
  auditLog,
  billingEvents,
  subscriptionPlans,
  transactions,
  userSubscriptions,
} from "../../../db/schema";
import { type FakeMode, startFakeMercadoPago } from "../../../tests/fakes/mercado-pago-server";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { buildApp } from "../../app";
import { planOf } from "./entitlements";
import { MercadoPagoProvider } from "./mercado-pago";

const ACCESS_TOKEN = "TEST-token";
const fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: "segredo" });
const mercadoPago = { accessToken: ACCESS_TOKEN, webhookSecret: "segredo", apiBase: fake.url };
const t = setupTestApp({ mercadoPago, devCheckout: false });
afterAll(() => fake.close());

const plans: Record<string, number> = {};
let admin: Awaited<ReturnType<typeof t.signIn>>;
beforeAll(async () => {
  for (const row of await t.database.db.select().from(subscriptionPlans)) plans[row.name] = row.id;
  admin = await t.signIn({ isAdmin: true });
});

type Customer = Awaited<ReturnType<typeof t.signIn>>;
type Paid = { transactionId: number; paymentId: string; amountCents: number };

/** A checkout paid by card and applied as the browser's return from Mercado Pago applies it. */
async function pay(customer: Customer, plan: string): Promise<Paid> {
  const created = await t.request({
    method: "POST",
    url: "/api/subscriptions/create",
    cookie: customer.cookie,
    payload: { plan_id: plans[plan], interval_type: "monthly" },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { transaction_id: transactionId, amount_cents: amountCents } =
    created.json<CreateSubscriptionResponse>();
  const paymentId = fake.pay(String(transactionId), { status: "approved" });
  const synced = await t.request({
    method: "POST",
    url: `/api/user/payments/${paymentId}/sync`,
    cookie: customer.cookie,
  });
  expect(synced.json()).toEqual({ status: "approved" });
  return { transactionId, paymentId, amountCents };
}

/** Pro paid, the next month of Pro paid ahead, then an upgrade to Business with their credit. */
async function upgradedCustomer() {
  const customer = await t.signIn();
  const pro = await pay(customer, "Pro");
  const renewal = await pay(customer, "Pro");
  const upgrade = await pay(customer, "Business");
  // The credit is what is left of two months of Pro: almost all of it.
  expect(upgrade.amountCents).toBeGreaterThanOrEqual(4990 - 2 * 1990);
  expect(upgrade.amountCents).toBeLessThan(4990 - 2 * 1990 + 100);
  return { customer, pro, renewal, upgrade };
}

const preview = (paymentId: string, app: FastifyInstance = t.app, cookie = admin.cookie) =>
  app.inject({
    method: "GET",
    url: `/api/admin/payments/${paymentId}/refund-preview`,
    headers: { cookie },
  });
async function previewOf(paymentId: string) {
  const response = await preview(paymentId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RefundPreview>();
}
const refund = (paymentId: string, payload: object = {}, app: FastifyInstance = t.app) =>
  app.inject({
    method: "POST",
    url: `/api/admin/payments/${paymentId}/refund`,
    headers: { cookie: admin.cookie },
    payload,
  });

const transactionRow = async (id: number) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
const statusesOf = async (...paid: Paid[]) =>
  Promise.all(paid.map(async (p) => (await transactionRow(p.transactionId)).status));
const planNow = async (customer: Customer) => (await planOf(t.database.db, customer.user.id)).plan.name;
const refundsAtMercadoPago = (paid: Paid) =>
  fake.refunds.filter((r) => String(r.payment_id) === paid.paymentId);
const refundKeysSent = (paid: Paid) =>
  fake.requests
    .filter((r) => r.method === "POST" && r.path === `/v1/payments/${paid.paymentId}/refunds`)
    .map((r) => r.headers["x-idempotency-key"]);
async function rowCounts() {
  const db = t.database.db;
  const [[tx], [subs], [events], [audits]] = await Promise.all([
    db.select({ n: count() }).from(transactions).where(eq(transactions.status, "refunded")),
    db.select({ n: count() }).from(userSubscriptions),
    db.select({ n: count() }).from(billingEvents),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { refunded: tx!.n, subscriptions: subs!.n, events: events!.n, audits: audits!.n };
}
const canceledEvents = async (userId: number) =>
  (
    await t.database.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.userId, userId), eq(billingEvents.kind, "subscription.canceled")))
  ).length;

describe("GET /api/admin/payments/:paymentId/refund-preview", () => {
  it("lists the upgrade, the Pro payment and the Pro month paid ahead, and what each choice does, changing nothing", async () => {
    const { customer, pro, renewal, upgrade } = await upgradedCustomer();
    const countsBefore = await rowCounts();
    const refundsBefore = fake.refunds.length;

    const body = await previewOf(upgrade.paymentId);
    expect(body.payment).toMatchObject({
      id: upgrade.transactionId,
      mercadopago_payment_id: upgrade.paymentId,
      plan_name: "Business",
      transaction_type: "upgrade",
      type_label: "Upgrade",
      role: "current",
      amount_cents: upgrade.amountCents,
    });
    expect(body.payment.approved_at).toEqual(expect.any(String));
    expect(body.payment.period_start).toEqual(expect.any(String));
    expect(body.payment.period_end).toEqual(expect.any(String));
    expect(
      body.period_payments.map((p) => [p.id, p.plan_name, p.type_label, p.role, p.amount_cents]),
    ).toEqual([
      [pro.transactionId, "Pro", "Nova Assinatura", "credit", 1990],
      [renewal.transactionId, "Pro", "Renovação", "credit", 1990],
      [upgrade.transactionId, "Business", "Upgrade", "current", upgrade.amountCents],
    ]);
    // The renewal bought the month after the first one.
    expect(body.period_payments[1]!.period_start).toBe(body.period_payments[0]!.period_end);
    expect(body.subscription).toMatchObject({
      plan_name: "Business",
      ended: false,
      scheduled_plan_name: null,
    });

    const total = 3980 + upgrade.amountCents;
    expect(body.options.payment).toEqual({
      scope: "payment",
      transaction_ids: [upgrade.transactionId],
      amount_cents: upgrade.amountCents,
      unrefunded_cents: 3980,
      subscription_effect: "ends",
      expires_at: null,
    });
    expect(body.options.period).toEqual({
      scope: "period",
      transaction_ids: [pro.transactionId, renewal.transactionId, upgrade.transactionId],
      amount_cents: total,
      unrefunded_cents: 0,
      subscription_effect: "ends",
      expires_at: null,
    });
    const upgradeBRL = `R$ ${(upgrade.amountCents / 100).toFixed(2).replace(".", ",")}`;
    const totalBRL = `R$ ${(total / 100).toFixed(2).replace(".", ",")}`;
    expect(refundOptionText(body, "payment")).toBe(
      `Estornar só este pagamento (${upgradeBRL}): a assinatura Business termina agora e os R$ 39,80 dos outros pagamentos deste período não são devolvidos.`,
    );
    expect(refundOptionText(body, "period")).toBe(
      `Estornar os 3 pagamentos (${totalBRL}): tudo o que o cliente pagou por este período é devolvido e a assinatura Business termina agora.`,
    );

    // A Pro payment is part of the same period, and refunding it alone ends Business too.
    const fromPro = await previewOf(pro.paymentId);
    expect(fromPro.period_payments.map((p) => p.id)).toEqual(body.period_payments.map((p) => p.id));
    expect(fromPro.options.payment).toMatchObject({
      unrefunded_cents: 1990 + upgrade.amountCents,
      subscription_effect: "ends",
    });
    expect(fromPro.options.period.transaction_ids).toEqual([
      renewal.transactionId,
      upgrade.transactionId,
      pro.transactionId,
    ]);

    // Looking changed nothing: no refund, no row, the plan kept.
    expect(await rowCounts()).toEqual(countsBefore);
    expect(fake.refunds.length).toBe(refundsBefore);
    expect(await planNow(customer)).toBe("Business");
    expect(await statusesOf(pro, renewal, upgrade)).toEqual(["approved", "approved", "approved"]);
  });

  it("shows a payment with nothing else in its period alone", async () => {
    const customer = await t.signIn();
    const pro = await pay(customer, "Pro");
    const body = await previewOf(pro.paymentId);
    expect(body.period_payments.map((p) => p.id)).toEqual([pro.transactionId]);
    expect(body.options.payment).toMatchObject({
      transaction_ids: [pro.transactionId],
      unrefunded_cents: 0,
      subscription_effect: "ends",
    });
    expect(body.options.period).toMatchObject({ transaction_ids: [pro.transactionId], unrefunded_cents: 0 });
    expect(refundOptionText(body, "payment")).toBe(
      "Estornar este pagamento (R$ 19,90): a assinatura Pro termina agora.",
    );
  });

  it("says a waiting downgrade's payment alone cancels only the downgrade", async () => {
    const customer = await t.signIn();
    const business = await pay(customer, "Business");
    const downgrade = await pay(customer, "Pro");
    const body = await previewOf(downgrade.paymentId);
    expect(body.period_payments.map((p) => [p.id, p.role])).toEqual([
      [business.transactionId, "current"],
      [downgrade.transactionId, "scheduled"],
    ]);
    expect(body.subscription).toMatchObject({ plan_name: "Business", scheduled_plan_name: "Pro" });
    expect(body.options.payment).toMatchObject({
      subscription_effect: "schedule_canceled",
      expires_at: body.subscription!.expires_at,
    });
    expect(body.options.period.subscription_effect).toBe("ends");
    expect(refundOptionText(body, "payment")).toMatch(
      /^Estornar só este pagamento \(R\$ 19,90\): o downgrade agendado para Pro é cancelado e a assinatura Business continua até \d{2}\/\d{2}\/\d{4}\.$/,
    );
  });

  it("answers 404 for an unknown payment, 400 for one that cannot be refunded, and only to the administrator", async () => {
    const missing = await preview("999999999997");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: BILLING_MESSAGES.paymentNotFound });

    const customer = await t.signIn();
    const pro = await pay(customer, "Pro");
    expect((await refund(pro.paymentId)).statusCode).toBe(200);
    const refunded = await preview(pro.paymentId);
    expect(refunded.statusCode).toBe(400);
    expect(refunded.json()).toEqual({ error: BILLING_MESSAGES.refundNotAllowed });

    expect((await preview(pro.paymentId, t.app, "")).statusCode).toBe(401);
    expect((await preview(pro.paymentId, t.app, customer.cookie)).statusCode).toBe(403);
  });
});

describe("POST /api/admin/payments/:paymentId/refund", () => {
  it("refunds the upgrade alone as before: Business ends, the Pro payments stay, and can be refunded afterwards", async () => {
    const { customer, pro, renewal, upgrade } = await upgradedCustomer();
    const response = await refund(upgrade.paymentId, { reason: "Pedido do cliente" });
    expect(response.statusCode).toBe(200);
    const mpRefund = refundsAtMercadoPago(upgrade)[0]!;
    expect(response.json<RefundResponse>()).toEqual({
      amount_refunded: upgrade.amountCents,
      refund_id: String(mpRefund.id),
      message: expect.stringContaining("realizado com sucesso"),
    });
    expect(await statusesOf(pro, renewal, upgrade)).toEqual(["approved", "approved", "refunded"]);
    expect(await planNow(customer)).toBe("Gratuito");

    // The Pro payments are the days the customer lost: still listed, with the ended subscription.
    const after = await previewOf(pro.paymentId);
    expect(after.period_payments.map((p) => p.id)).toEqual([pro.transactionId, renewal.transactionId]);
    expect(after.subscription).toMatchObject({ plan_name: "Business", ended: true });
    expect(after.options.payment.subscription_effect).toBe("unchanged");
    expect(refundOptionText(after, "payment")).toBe(
      "Estornar só este pagamento (R$ 19,90): a assinatura Business já tinha terminado e os R$ 19,90 do outro pagamento deste período não são devolvidos.",
    );
    const rest = await refund(pro.paymentId, { scope: "period" });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<PeriodRefundResponse>()).toMatchObject({ amount_refunded: 3980, scope: "period" });
    expect(await statusesOf(pro, renewal, upgrade)).toEqual(["refunded", "refunded", "refunded"]);
  });

  it("refunds every payment of the period, each once under its own key, and ends the subscription once", async () => {
    const { customer, pro, renewal, upgrade } = await upgradedCustomer();
    const response = await refund(upgrade.paymentId, { scope: "period", reason: "Cobrança indevida" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PeriodRefundResponse>();
    const idOf = (paid: Paid) => String(refundsAtMercadoPago(paid)[0]!.id);
    expect(body).toEqual({
      scope: "period",
      amount_refunded: 3980 + upgrade.amountCents,
      refund_id: idOf(upgrade),
      message: expect.stringMatching(/^Estorno de R\$ [\d.,]+ realizado com sucesso: 3 pagamentos\.$/),
      refunds: [pro, renewal, upgrade].map((paid) => ({
        id: paid.transactionId,
        mercadopago_payment_id: paid.paymentId,
        plan_name: paid === upgrade ? "Business" : "Pro",
        amount_cents: paid.amountCents,
        refund_id: idOf(paid),
      })),
    });
    for (const paid of [pro, renewal, upgrade]) {
      expect(refundsAtMercadoPago(paid)).toHaveLength(1);
      expect(refundKeysSent(paid)).toEqual([`refund-${paid.transactionId}`]);
      expect(await transactionRow(paid.transactionId)).toMatchObject({
        status: "refunded",
        refundId: idOf(paid),
        refundedCents: paid.amountCents,
        refundReason: "Cobrança indevida",
      });
    }
    expect(await planNow(customer)).toBe("Gratuito");
    expect(await canceledEvents(customer.user.id)).toBe(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "payment.refund"))
      .orderBy(asc(auditLog.id));
    const mine = audits.filter((a) => [pro, renewal, upgrade].some((p) => p.paymentId === a.targetId));
    expect(mine.map((a) => a.targetId)).toEqual([pro.paymentId, renewal.paymentId, upgrade.paymentId]);
    for (const audit of mine) {
      expect(audit.actorId).toBe(admin.user.id);
      expect(audit.after).toMatchObject({ status: "refunded", scope: "period", reason: "Cobrança indevida" });
    }

    // Done: asking again refunds nothing more.
    const again = await refund(upgrade.paymentId, { scope: "period" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: BILLING_MESSAGES.refundNotAllowed });
    expect(
      fake.refunds.filter((r) => [pro, renewal, upgrade].some((p) => String(r.payment_id) === p.paymentId)),
    ).toHaveLength(3);
  });

  it("refunds a payment with nothing else in its period, whichever the scope", async () => {
    const customer = await t.signIn();
    const pro = await pay(customer, "Pro");
    const response = await refund(pro.paymentId, { scope: "period" });
    expect(response.statusCode).toBe(200);
    expect(response.json<PeriodRefundResponse>()).toMatchObject({
      amount_refunded: 1990,
      refunds: [{ id: pro.transactionId, amount_cents: 1990 }],
    });
    const limits = await t.request({ method: "GET", url: "/api/user/limits", cookie: customer.cookie });
    expect(limits.json<UsageLimits>().link_pages.limit).toBe(3);
  });

  it("refuses an unknown scope and changes nothing", async () => {
    const customer = await t.signIn();
    const pro = await pay(customer, "Pro");
    const response = await refund(pro.paymentId, { scope: "everything" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Escolha o que estornar");
    expect(await statusesOf(pro)).toEqual(["approved"]);
  });

  it("drops the overview's cached figures, so the administrator sees the refund at once", async () => {
    const cached = await buildApp(testConfig({ mercadoPago, devCheckout: false, adminStatsTtlMs: 60_000 }), {
      database: t.database,
      distDir: "/nonexistent",
    });
    try {
      const stats = async () =>
        (
          await cached.inject({ method: "GET", url: "/api/admin/stats", headers: { cookie: admin.cookie } })
        ).json<AdminStats>();
      const customer = await t.signIn();
      const pro = await pay(customer, "Pro");
      const before = await stats();
      expect((await refund(pro.paymentId, {}, cached)).statusCode).toBe(200);
      const after = await stats();
      expect(after.total_revenue).toBe(before.total_revenue - 1990);
      expect(after.active_subscriptions).toBe(before.active_subscriptions - 1);
    } finally {
      await cached.close();
    }
  });

  describe("when Mercado Pago stops part-way", () => {
    /** The real adapter; the fake Mercado Pago misbehaves from the `at`-th refund request on. */
    class MercadoPagoFaultyAt extends MercadoPagoProvider {
      fault: { at: number; mode: FakeMode } | null = null;
      #calls = 0;
      override async refund(paymentId: string, idempotencyKey: string) {
        if (this.fault && ++this.#calls === this.fault.at) fake.mode(this.fault.mode);
        return super.refund(paymentId, idempotencyKey);
      }
      failFrom(at: number, mode: FakeMode) {
        this.fault = { at, mode };
        this.#calls = 0;
      }
    }
    const provider = new MercadoPagoFaultyAt({
      accessToken: ACCESS_TOKEN,
      apiBase: fake.url,
      timeoutMs: 300,
    });
    let faulty: FastifyInstance;
    beforeAll(async () => {
      faulty = await buildApp(testConfig({ mercadoPago, devCheckout: false }), {
        database: t.database,
        distDir: "/nonexistent",
        payments: provider,
      });
      await faulty.ready();
    });
    afterAll(() => faulty?.close());

    it("answers what was refunded and what was not, and a retry refunds the rest, each once", async () => {
      const { customer, pro, renewal, upgrade } = await upgradedCustomer();
      provider.failFrom(2, { kind: "failing", status: 500, times: 1 });
      const stopped = await refund(upgrade.paymentId, { scope: "period" }, faulty);
      expect(stopped.statusCode).toBe(503);
      const notRefunded = [renewal, upgrade].map((paid) => ({
        id: paid.transactionId,
        mercadopago_payment_id: paid.paymentId,
        plan_name: paid === upgrade ? "Business" : "Pro",
        amount_cents: paid.amountCents,
      }));
      const refunded = [
        {
          id: pro.transactionId,
          mercadopago_payment_id: pro.paymentId,
          plan_name: "Pro",
          amount_cents: 1990,
          refund_id: String(refundsAtMercadoPago(pro)[0]!.id),
        },
      ];
      expect(stopped.json<PeriodRefundFailure>()).toEqual({
        error: periodRefundFailureMessage({
          refunded,
          notRefunded,
          stoppedAt: renewal.paymentId,
          cause: "unavailable",
        }),
        amount_refunded: 1990,
        refunds: refunded,
        not_refunded: notRefunded,
      });
      expect(stopped.json().error).toMatch(
        /^O estorno parou no meio: .*Foi estornado 1 pagamento \(R\$ 19,90\); falta estornar 2 pagamentos/,
      );
      // The database says what Mercado Pago did: one refund, and the subscription it ended.
      expect(await statusesOf(pro, renewal, upgrade)).toEqual(["refunded", "approved", "approved"]);
      expect(refundsAtMercadoPago(renewal)).toHaveLength(0);
      expect(await planNow(customer)).toBe("Gratuito");

      // The rest is still listed, and the same request again refunds it.
      const left = await previewOf(upgrade.paymentId);
      expect(left.period_payments.map((p) => p.id)).toEqual([renewal.transactionId, upgrade.transactionId]);
      const retried = await refund(upgrade.paymentId, { scope: "period" }, faulty);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json<PeriodRefundResponse>().refunds.map((r) => r.id)).toEqual([
        renewal.transactionId,
        upgrade.transactionId,
      ]);
      expect(await statusesOf(pro, renewal, upgrade)).toEqual(["refunded", "refunded", "refunded"]);
      for (const paid of [pro, renewal, upgrade]) expect(refundsAtMercadoPago(paid)).toHaveLength(1);
      expect(refundKeysSent(pro)).toEqual([`refund-${pro.transactionId}`]);
      expect(refundKeysSent(renewal)).toEqual([
        `refund-${renewal.transactionId}`,
        `refund-${renewal.transactionId}`,
      ]);
      expect(await canceledEvents(customer.user.id)).toBe(1);
    });

    it("records nothing when the first answer is lost, and the retry refunds each payment once", async () => {
      const { customer, pro, renewal, upgrade } = await upgradedCustomer();
      // Mercado Pago refunds the first payment, but its answer comes after we stopped waiting.
      provider.failFrom(1, { kind: "slow", delayMs: 1_500, times: 1 });
      const lost = await refund(upgrade.paymentId, { scope: "period" }, faulty);
      expect(lost.statusCode).toBe(503);
      expect(lost.json<PeriodRefundFailure>()).toMatchObject({ amount_refunded: 0, refunds: [] });
      expect(lost.json().error).toMatch(/^Nenhum estorno foi confirmado: /);
      expect(await statusesOf(pro, renewal, upgrade)).toEqual(["approved", "approved", "approved"]);
      expect(await planNow(customer)).toBe("Business");

      const retried = await refund(upgrade.paymentId, { scope: "period" }, faulty);
      expect(retried.statusCode, retried.body).toBe(200);
      for (const paid of [pro, renewal, upgrade]) expect(refundsAtMercadoPago(paid)).toHaveLength(1);
      expect(refundKeysSent(pro)).toEqual([`refund-${pro.transactionId}`, `refund-${pro.transactionId}`]);
      expect(retried.json<PeriodRefundResponse>().refunds[0]!.refund_id).toBe(
        String(refundsAtMercadoPago(pro)[0]!.id),
      );
      expect(await statusesOf(pro, renewal, upgrade)).toEqual(["refunded", "refunded", "refunded"]);
    });

    it("stops at a payment Mercado Pago refuses, keeping the rest approved", async () => {
      const { pro, renewal, upgrade } = await upgradedCustomer();
      // Refunded in Mercado Pago's own panel; its notification has not come yet.
      fake.setStatus(renewal.paymentId, "refunded");
      const stopped = await refund(upgrade.paymentId, { scope: "period" });
      expect(stopped.statusCode).toBe(502);
      expect(stopped.json<PeriodRefundFailure>()).toMatchObject({
        amount_refunded: 1990,
        refunds: [{ id: pro.transactionId }],
        not_refunded: [{ id: renewal.transactionId }, { id: upgrade.transactionId }],
      });
      expect(stopped.json().error).toContain(`recusou o estorno do pagamento ${renewal.paymentId}`);
      expect(await statusesOf(pro, renewal, upgrade)).toEqual(["refunded", "approved", "approved"]);
      expect(refundsAtMercadoPago(upgrade)).toHaveLength(0);
    });
  });
});
