import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AdminStats,
  type AdminTransaction,
  type AdminTransactionsPage,
  BILLING_MESSAGES,
  type RefundResponse,
} from "../../../common/contract/billing";
import { FORBIDDEN, UNAUTHENTICATED } from "../../../common/contract/errors";
import { dayOf } from "../../../common/time";
import {
  linkPages,
  links,
  shortenedUrls,
  subscriptionPlans,
  transactions,
  userSubscriptions,
  users,
} from "../../../db/schema";
import { createUser } from "../../../tests/factories";
import { setupAdmin, setupTestApp } from "../../../tests/test-app";
import { DevCheckout } from "../billing/dev-checkout";

const t = setupTestApp();
const DAY = 86_400_000;

let sequence = 0;
/** A string no other test's rows contain: searching for it isolates a test's rows. */
const uniqueTag = () => `tg${Date.now().toString(36)}${(++sequence).toString(36)}${process.pid}`;

const plans: Record<string, number> = {};
beforeAll(async () => {
  const rows = await t.database.db.select().from(subscriptionPlans);
  for (const row of rows) plans[row.name] = row.id;
});

const { admin } = setupAdmin(t);

type NewTransaction = Partial<typeof transactions.$inferInsert>;

async function addTransactions(userId: number, rows: NewTransaction[]) {
  return t.database.db
    .insert(transactions)
    .values(
      rows.map((row) => ({
        userId,
        planId: plans.Pro!,
        planName: "Pro",
        transactionType: "subscription" as const,
        status: "approved" as const,
        amountCents: 1990,
        provider: "mercadopago" as const,
        providerPaymentId: uniqueTag(),
        paymentMethod: "pix",
        ...row,
      })),
    )
    .returning();
}

/** A customer whose email carries a fresh tag, for a search that finds only this test's rows. */
async function customer(overrides: Parameters<typeof createUser>[1] = {}) {
  const tag = uniqueTag();
  const user = await createUser(t.database.db, { email: `${tag}@cliente.com.br`, ...overrides });
  return { user, tag };
}

const list = (query: string, cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/admin/transactions?${query}`, cookie });
const listOf = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return response.json<AdminTransactionsPage>();
};
const idsOf = (page: AdminTransactionsPage) => page.transactions.map((row) => row.id);

describe("admin routes: who may call them", () => {
  const routes = [
    { method: "GET" as const, url: "/api/admin/transactions" },
    { method: "GET" as const, url: "/api/admin/transactions/export.csv" },
    { method: "GET" as const, url: "/api/admin/payment/123/details" },
    { method: "GET" as const, url: "/api/admin/stats" },
    { method: "POST" as const, url: "/api/admin/payments/123/refund", payload: {} },
    { method: "GET" as const, url: "/api/admin/payments/123/refund-preview" },
  ];

  it.each(routes)("$method $url: 401 signed out, 403 for a member", async (route) => {
    const signedOut = await t.request(route);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: UNAUTHENTICATED });

    const { cookie } = await t.signIn();
    const member = await t.request({ ...route, cookie });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: FORBIDDEN });
  });
});

describe("GET /api/admin/transactions", () => {
  it("answers a page of transactions with the customer's email, name and payment details as JSON text", async () => {
    const { user, tag } = await customer({ firstName: "  Ana", lastName: "Souza " });
    const [row] = await addTransactions(user.id, [
      {
        planId: plans.Business!,
        planName: "Business",
        transactionType: "upgrade",
        status: "pending",
        amountCents: 4990,
        providerPaymentId: `mp${tag}`,
        paymentMethod: "boleto",
        paymentDetails: { boleto_number: "23793.38128", boleto_due_date: "2026-12-01" },
        createdAt: new Date("2026-01-15T13:05:00Z"),
      },
    ]);
    const page = await listOf(`q=${tag}`);
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(page.transactions[0]).toEqual<AdminTransaction>({
      id: row!.id,
      plan_name: "Business",
      transaction_type: "upgrade",
      interval_type: "monthly",
      status: "pending",
      amount_cents: 4990,
      created_at: "2026-01-15T13:05:00.000Z",
      payment_method: "boleto",
      subscription_start: null,
      subscription_end: null,
      mercadopago_payment_id: `mp${tag}`,
      provider: "mercadopago",
      user_id: user.id,
      user_email: `${tag}@cliente.com.br`,
      user_name: "Ana Souza",
      payment_details: JSON.stringify({ boleto_number: "23793.38128", boleto_due_date: "2026-12-01" }),
      refund_id: null,
      refunded_cents: null,
    });
    expect(JSON.parse(page.transactions[0]!.payment_details)).toEqual({
      boleto_number: "23793.38128",
      boleto_due_date: "2026-12-01",
    });
  });

  it("filters by status, type and payment method", async () => {
    const { user, tag } = await customer();
    const [approvedPix, pendingBoleto, refundedCard] = await addTransactions(user.id, [
      { status: "approved", transactionType: "subscription", paymentMethod: "pix" },
      { status: "pending", transactionType: "upgrade", paymentMethod: "boleto" },
      { status: "refunded", transactionType: "downgrade", paymentMethod: "credit_card" },
    ]);
    expect(idsOf(await listOf(`q=${tag}&status=approved`))).toEqual([approvedPix!.id]);
    expect(idsOf(await listOf(`q=${tag}&status=refunded`))).toEqual([refundedCard!.id]);
    expect(idsOf(await listOf(`q=${tag}&type=upgrade`))).toEqual([pendingBoleto!.id]);
    expect(idsOf(await listOf(`q=${tag}&payment_method=credit_card`))).toEqual([refundedCard!.id]);
    expect(idsOf(await listOf(`q=${tag}&status=pending&payment_method=pix`))).toEqual([]);
    // "all" and an empty value mean no filter, as the select's first option sends them.
    expect((await listOf(`q=${tag}&status=all&type=&payment_method=all`)).total).toBe(3);
  });

  it("refuses an unknown filter value with a pt-BR message", async () => {
    const response = await list("status=paid");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain("Status inválido");
    expect((await list("period=year")).statusCode).toBe(400);
    expect((await list("sort=email")).statusCode).toBe(400);
    expect((await list("page=0")).statusCode).toBe(400);
  });

  it("searches the email, the full name, the plan name and the provider payment id, ignoring case", async () => {
    const tag = uniqueTag();
    const byEmail = await createUser(t.database.db, { email: `${tag}-mail@cliente.com.br` });
    const byName = await createUser(t.database.db, { firstName: `Beatriz${tag}`, lastName: "Lima" });
    const other = await createUser(t.database.db);
    const [emailRow] = await addTransactions(byEmail.id, [{}]);
    const [nameRow] = await addTransactions(byName.id, [{}]);
    const [planRow, providerRow] = await addTransactions(other.id, [
      { planName: `Plano ${tag} Especial` },
      { providerPaymentId: `PAY-${tag}-X` },
    ]);

    expect(idsOf(await listOf(`q=${tag.toUpperCase()}-MAIL@`))).toEqual([emailRow!.id]);
    expect(idsOf(await listOf(`q=${encodeURIComponent(`beatriz${tag} lima`)}`))).toEqual([nameRow!.id]);
    expect(idsOf(await listOf(`q=${encodeURIComponent(`plano ${tag}`)}`))).toEqual([planRow!.id]);
    expect(idsOf(await listOf(`q=pay-${tag}-x`))).toEqual([providerRow!.id]);
    expect((await listOf(`q=${tag}`)).total).toBe(4);
  });

  it("searches % and _ literally", async () => {
    const { user, tag } = await customer();
    const [literal] = await addTransactions(user.id, [{ planName: `Promo 100%_off ${tag}` }]);
    await addTransactions(user.id, [{ planName: `Promo 100xyoff ${tag}` }]);
    expect(idsOf(await listOf(`q=${encodeURIComponent("100%_off")}`))).toEqual([literal!.id]);
  });

  it("sorts by date (newest first by default) and by amount, both ways, ties by id", async () => {
    const { user, tag } = await customer();
    const now = Date.now();
    const [a, b, c, d] = await addTransactions(user.id, [
      { amountCents: 500, createdAt: new Date(now - 3 * DAY) },
      { amountCents: 9000, createdAt: new Date(now - 1 * DAY) },
      { amountCents: 1500, createdAt: new Date(now - 2 * DAY) },
      { amountCents: 1500, createdAt: new Date(now - 1 * DAY) },
    ]);
    expect(idsOf(await listOf(`q=${tag}`))).toEqual([d!.id, b!.id, c!.id, a!.id]);
    expect(idsOf(await listOf(`q=${tag}&sort=created_at&order=asc`))).toEqual([a!.id, c!.id, b!.id, d!.id]);
    expect(idsOf(await listOf(`q=${tag}&sort=amount_cents&order=desc`))).toEqual([
      b!.id,
      d!.id,
      c!.id,
      a!.id,
    ]);
    expect(idsOf(await listOf(`q=${tag}&sort=amount_cents&order=asc`))).toEqual([a!.id, c!.id, d!.id, b!.id]);
  });

  it("pages by 20", async () => {
    const { user, tag } = await customer();
    const now = Date.now();
    const rows = await addTransactions(
      user.id,
      Array.from({ length: 25 }, (_, i) => ({ createdAt: new Date(now - i * 60_000) })),
    );
    const first = await listOf(`q=${tag}`);
    expect(first).toMatchObject({ total: 25, page: 1, page_size: 20 });
    expect(idsOf(first)).toEqual(rows.slice(0, 20).map((row) => row.id));
    const second = await listOf(`q=${tag}&page=2`);
    expect(second).toMatchObject({ total: 25, page: 2, page_size: 20 });
    expect(idsOf(second)).toEqual(rows.slice(20).map((row) => row.id));
    expect((await listOf(`q=${tag}&page=3`)).transactions).toEqual([]);
  });

  it("filters by period: today and this month in São Paulo, the last 7 and 90 days", async () => {
    const { user, tag } = await customer();
    const now = Date.now();
    const ages = [0, 2, 20, 60, 200];
    const rows = await addTransactions(
      user.id,
      ages.map((age) => ({ createdAt: new Date(now - age * DAY - (age ? 0 : 1000)) })),
    );
    const idOfAge = (age: number) => rows[ages.indexOf(age)]!.id;
    const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
    const periodIds = async (period: string) => sorted(idsOf(await listOf(`q=${tag}&period=${period}`)));

    expect(await periodIds("today")).toEqual([idOfAge(0)]);
    expect(await periodIds("week")).toEqual(sorted([idOfAge(0), idOfAge(2)]));
    expect(await periodIds("quarter")).toEqual(sorted([idOfAge(0), idOfAge(2), idOfAge(20), idOfAge(60)]));
    expect(await periodIds("all")).toEqual(sorted(rows.map((row) => row.id)));
    const thisMonth = dayOf(now).slice(0, 7);
    const inMonth = ages.filter((age) => dayOf(now - age * DAY).slice(0, 7) === thisMonth);
    expect(await periodIds("month")).toEqual(sorted(inMonth.map(idOfAge)));
  });
});

describe("GET /api/admin/payment/:paymentId/details", () => {
  it("answers the payment details stored with the transaction", async () => {
    const { user, tag } = await customer();
    const details = {
      pix_copy_paste: "00020126580014br.gov.bcb.pix",
      pix_qr_code: "iVBORw0KGgo",
      refusal_reason: null,
      processor_response: "accredited",
    };
    await addTransactions(user.id, [{ providerPaymentId: `pix${tag}`, paymentDetails: details }]);
    const response = await t.request({
      method: "GET",
      url: `/api/admin/payment/pix${tag}/details`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(details);
  });

  it("answers 404 for a payment we do not know, 400 for a malformed id", async () => {
    const missing = await t.request({
      method: "GET",
      url: "/api/admin/payment/999999999999/details",
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: BILLING_MESSAGES.paymentNotFound });
    const malformed = await t.request({
      method: "GET",
      url: "/api/admin/payment/a%20b/details",
      cookie: admin.cookie,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("GET /api/admin/transactions/export.csv", () => {
  const exportCsv = (query: string) =>
    t.request({ method: "GET", url: `/api/admin/transactions/export.csv?${query}`, cookie: admin.cookie });

  it("downloads the filtered list as a UTF-8 CSV with a BOM, semicolons, pt-BR headers, labels and values", async () => {
    const { user, tag } = await customer({ firstName: "João", lastName: "da Silva; Jr." });
    await addTransactions(user.id, [
      {
        planName: "Business",
        amountCents: 123456,
        status: "approved",
        transactionType: "upgrade",
        paymentMethod: "credit_card",
        providerPaymentId: `mp${tag}`,
        createdAt: new Date("2026-01-15T13:05:00Z"),
      },
      { status: "refunded", paymentMethod: "boleto", createdAt: new Date("2026-01-14T02:30:00Z") },
    ]);
    const response = await exportCsv(`q=${tag}&status=approved`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="transacoes_${dayOf(new Date())}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toEqual([
      "Data;Cliente;Email;Plano;Valor;Status;Tipo;Forma de Pagamento;ID Mercado Pago",
      `15/01/2026 10:05;"João da Silva; Jr.";${tag}@cliente.com.br;Business;1234,56;Aprovado;Upgrade;Cartão de Crédito;mp${tag}`,
    ]);

    const all = (await exportCsv(`q=${tag}&sort=amount_cents&order=asc`)).body.trimEnd().split("\r\n");
    expect(all).toHaveLength(3);
    expect(all[1]).toContain("13/01/2026 23:30");
    expect(all[1]).toContain("Estornado;Nova Assinatura;Boleto");
  });

  it("defuses cells a spreadsheet would run as formulas", async () => {
    const tag = uniqueTag();
    const user = await createUser(t.database.db, {
      email: `${tag}@cliente.com.br`,
      firstName: '=HYPERLINK("https://mal.example","x")',
      lastName: "",
    });
    await addTransactions(user.id, [{ planName: "@SUM(A1)" }, { planName: "+1+1" }, { planName: "-2" }]);
    const body = (await exportCsv(`q=${tag}`)).body;
    expect(body).toContain(`"'=HYPERLINK(""https://mal.example"",""x"")"`);
    expect(body).toContain(`"'@SUM(A1)"`);
    expect(body).toContain(`"'+1+1"`);
    expect(body).toContain(`"'-2"`);
    expect(body).not.toMatch(/(^|;)[=+@-]/m);
  });

  it("answers just the header row when nothing matches", async () => {
    const response = await exportCsv(`q=${uniqueTag()}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      "\uFEFFData;Cliente;Email;Plano;Valor;Status;Tipo;Forma de Pagamento;ID Mercado Pago\r\n",
    );
  });
});

describe("GET /api/admin/stats", () => {
  const stats = async () => {
    const response = await t.request({ method: "GET", url: "/api/admin/stats", cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    return response.json<AdminStats>();
  };

  it("counts users, paid subscriptions, cancellations, revenue and clicks", async () => {
    const before = await stats();
    const db = t.database.db;
    const now = Date.now();
    const [payer, freeUser, lapsed, canceler] = await Promise.all([
      createUser(db),
      createUser(db),
      createUser(db),
      createUser(db),
    ]);
    await db.insert(userSubscriptions).values([
      { userId: payer!.id, planId: plans.Pro!, status: "active", expiresAt: new Date(now + 30 * DAY) },
      { userId: freeUser!.id, planId: plans.Gratuito!, status: "active" },
      { userId: lapsed!.id, planId: plans.Business!, status: "active", expiresAt: new Date(now - DAY) },
      {
        userId: canceler!.id,
        planId: plans.Pro!,
        status: "canceled",
        canceledAt: new Date(now - 1000),
        expiresAt: new Date(now + 10 * DAY),
      },
    ]);
    const longAgo = new Date(now - 200 * DAY);
    await addTransactions(payer!.id, [
      { status: "approved", amountCents: 1000, approvedAt: new Date(now - 1000) },
      { status: "approved", amountCents: 500, createdAt: longAgo, approvedAt: longAgo },
      { status: "pending", amountCents: 700 },
      { status: "pending", amountCents: 300, createdAt: longAgo },
      // A checkout nobody paid yet: no provider payment, not pending revenue.
      { status: "pending", amountCents: 4000, providerPaymentId: null },
      { status: "refunded", amountCents: 900 },
      { status: "rejected", amountCents: 800 },
    ]);
    const domainId = t.app.domains.default.id;
    await db.insert(shortenedUrls).values({
      userId: payer!.id,
      domainId,
      shortCode: uniqueTag(),
      originalUrl: "https://exemplo.com.br",
      clickCount: 7,
    });
    const [page] = await db
      .insert(linkPages)
      .values({ userId: payer!.id, domainId, slug: uniqueTag(), title: "Página" })
      .returning();
    await db
      .insert(links)
      .values({ linkPageId: page!.id, title: "Site", url: "https://a.com", clickCount: 5 });

    const after = await stats();
    expect({
      total_users: after.total_users - before.total_users,
      new_users_this_month: after.new_users_this_month - before.new_users_this_month,
      active_subscriptions: after.active_subscriptions - before.active_subscriptions,
      cancellations_this_month: after.cancellations_this_month - before.cancellations_this_month,
      total_revenue: after.total_revenue - before.total_revenue,
      total_clicks: after.total_clicks - before.total_clicks,
      monthly_revenue_pending: after.monthly_revenue_pending - before.monthly_revenue_pending,
      monthly_revenue_paid: after.monthly_revenue_paid - before.monthly_revenue_paid,
    }).toEqual({
      total_users: 4,
      new_users_this_month: 4,
      active_subscriptions: 1,
      cancellations_this_month: 1,
      total_revenue: 1500,
      total_clicks: 12,
      monthly_revenue_pending: 700,
      monthly_revenue_paid: 1000,
    });
    for (const value of Object.values(after)) expect(typeof value).toBe("number");
    expect(after.total_users).toBe(await db.$count(users));
  });
});

describe("POST /api/admin/payments/:paymentId/refund", () => {
  const refund = (paymentId: string, payload: object = {}) =>
    t.request({
      method: "POST",
      url: `/api/admin/payments/${paymentId}/refund`,
      payload,
      cookie: admin.cookie,
    });

  /** An approved payment the test app's provider (the dev checkout) knows, and its transaction. */
  async function approvedDevPayment(userId: number, amountCents: number) {
    const dev = t.app.payments;
    if (!(dev instanceof DevCheckout)) throw new Error("the test app should use the dev checkout");
    const [row] = await addTransactions(userId, [
      { provider: "dev", providerPaymentId: null, amountCents, status: "approved", approvedAt: new Date() },
    ]);
    const { checkoutId } = await dev.createCheckout({
      transactionId: row!.id,
      title: "Pro",
      description: "Plano Pro",
      amountCents,
      intervalType: "monthly",
      payer: { email: "cliente@exemplo.com", firstName: "Cliente", lastName: "" },
      returnUrl: "http://localhost:3000/subscription",
      notificationUrl: "http://localhost:3000/api/webhooks/mercadopago",
    });
    const paymentId = await dev.pay(checkoutId, "approved", "pix");
    await t.database.db
      .update(transactions)
      .set({ providerPaymentId: paymentId })
      .where(eq(transactions.id, row!.id));
    return { transactionId: row!.id, paymentId };
  }

  it("refunds an approved payment, records it and ends the customer's subscription at once", async () => {
    const { user, tag } = await customer();
    const [subscription] = await t.database.db
      .insert(userSubscriptions)
      .values({
        userId: user.id,
        planId: plans.Pro!,
        status: "active",
        expiresAt: new Date(Date.now() + 20 * DAY),
      })
      .returning();
    const { transactionId, paymentId } = await approvedDevPayment(user.id, 1990);

    const response = await refund(paymentId, { reason: "  Cobrança duplicada  " });
    expect(response.statusCode).toBe(200);
    expect(response.json<RefundResponse>()).toEqual({
      amount_refunded: 1990,
      refund_id: `dev-refund-${paymentId}`,
      message: expect.any(String),
    });

    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(row).toMatchObject({
      status: "refunded",
      refundId: `dev-refund-${paymentId}`,
      refundedCents: 1990,
      refundReason: "Cobrança duplicada",
    });
    const [after] = await t.database.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, subscription!.id));
    expect(after!.status).toBe("canceled");
    expect(after!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const listed = (await listOf(`q=${tag}`)).transactions[0]!;
    expect(listed).toMatchObject({
      status: "refunded",
      refund_id: `dev-refund-${paymentId}`,
      refunded_cents: 1990,
    });

    const again = await refund(paymentId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: BILLING_MESSAGES.refundNotAllowed });
  });

  it("answers 404 for an unknown payment and 400 for one that is not approved", async () => {
    const missing = await refund("999999999998");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: BILLING_MESSAGES.paymentNotFound });

    const { user, tag } = await customer();
    await addTransactions(user.id, [{ status: "pending", providerPaymentId: `pend${tag}` }]);
    const pending = await refund(`pend${tag}`);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ error: BILLING_MESSAGES.refundNotAllowed });

    const tooLong = await refund(`pend${tag}`, { reason: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });
});
