// The subscription's state machine (docs/decisions/007-billing.md, "The subscription's states"), as
// a customer meets it through the dev checkout: a plan change voids the old plan's pending payments,
// a late approval of a closed checkout is refunded and never applied, pending checkouts expire by
// their method's rule, a second period of the same plan is a renewal, and the price shown before the
// checkout is the price charged.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type {
  CreateSubscriptionResponse,
  PaymentHistoryItem,
  PlanQuote,
  UserSubscription,
} from "../../../common/contract/billing";
import { billingEvents, transactions } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";
import { CARD_REVIEW_MS, checkoutExpiresAt, PIX_WAIT_MS, UNPAID_CHECKOUT_MS } from "./checkout-closing";
import { expireCheckouts } from "./checkout-expiry";
import type { DevCheckout } from "./dev-checkout";
import { devCheckoutCustomer } from "./dev-checkout.fixtures";
import { syncPayment } from "./payment-state";

const t = setupTestApp();
const db = () => t.database.db;
const HOUR = 3_600_000;
const { get, post, planId, pay } = devCheckoutCustomer(t);

const transaction = async (id: number) =>
  (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const subscription = async (cookie: string) =>
  (await get<UserSubscription>("/api/user/subscription", cookie)).body;

describe("a plan change voids the old plan's pending payments", () => {
  it("upgrade with a pending renewal: the renewal is voided, its page closed, and its late approval refunded, never applied", async () => {
    const { cookie } = await t.signIn();
    await pay(cookie, "Pro", "approved");
    // A renewal left pending on Pix, then an upgrade paid by card.
    const renewal = await pay(cookie, "Pro", "pending", { method: "pix" });
    expect(renewal.transaction_type).toBe("renewal");
    const upgrade = await pay(cookie, "Business", "approved");
    expect(upgrade.transaction_type).toBe("upgrade");

    const voided = await transaction(renewal.transaction_id);
    expect(voided.status).toBe("cancelled");
    expect(voided.closedAt).toBeInstanceOf(Date);
    // Not payable any more: the card shows no pending payment, the checkout page is closed.
    expect((await subscription(cookie)).pending_transaction_id).toBeNull();
    const page = await t.request({ method: "GET", url: renewal.path, cookie });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("Este pagamento não pode mais ser feito");
    const history = (await get<PaymentHistoryItem[]>("/api/user/payment-history", cookie)).body;
    expect(history.find((item) => item.id === renewal.transaction_id)?.status).toBe("cancelled");

    // The Pix is paid anyway at the last second: recorded, refunded, and the plan stays Business.
    (t.app.payments as DevCheckout).approveLate(renewal.paymentId);
    await syncPayment(t.app, renewal.paymentId, "webhook");
    const late = await transaction(renewal.transaction_id);
    expect(late.status).toBe("refunded");
    expect(late.refundId).toBeTruthy();
    expect(late.subscriptionStart).toBeNull();
    const after = await subscription(cookie);
    expect(after).toMatchObject({ status: "active", plan: { name: "Business" }, scheduled_plan: null });
    const kinds = (
      await db().select().from(billingEvents).where(eq(billingEvents.transactionId, renewal.transaction_id))
    ).map((event) => event.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["transaction.voided", "payment.after_close", "transaction.refunded"]),
    );
  });

  it("a cancel after the upgrade states one future: no renewal of the old plan waits", async () => {
    const { cookie } = await t.signIn();
    await pay(cookie, "Pro", "approved");
    await pay(cookie, "Pro", "pending", { method: "pix" });
    await pay(cookie, "Business", "approved");
    expect((await post("/api/user/subscription/cancel", cookie)).statusCode).toBe(200);
    const card = await subscription(cookie);
    expect(card).toMatchObject({ status: "canceled", plan: { name: "Business" }, scheduled_plan: null });
    expect(card.pending_transaction_id).toBeNull();
    expect(card.future).toMatch(
      /^Assinatura cancelada: você mantém o Business até \d\d\/\d\d\/\d{4}; então sua conta volta ao plano Gratuito\.$/,
    );
  });

  it("keeps a pending renewal of the same plan when the same plan is paid again", async () => {
    const { cookie } = await t.signIn();
    await pay(cookie, "Pro", "approved");
    const pending = await pay(cookie, "Pro", "pending", { method: "pix" });
    await pay(cookie, "Pro", "approved");
    expect((await transaction(pending.transaction_id)).status).toBe("pending");
  });
});

describe("pending checkouts expire by their method's rule", () => {
  it("reads each from the provider once more, then closes it as Expirado", async () => {
    const { user, cookie } = await t.signIn();
    const unpaid = (
      await post("/api/subscriptions/create", cookie, { plan_id: await planId("Pro") })
    ).json<CreateSubscriptionResponse>();
    const pix = await pay(cookie, "Business", "pending", { method: "pix" });
    const boleto = await pay(cookie, "Enterprise", "pending", { method: "boleto" });
    const age = async (id: number, ms: number) =>
      db()
        .update(transactions)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(transactions.id, id));
    await age(unpaid.transaction_id, UNPAID_CHECKOUT_MS + HOUR);
    await age(pix.transaction_id, PIX_WAIT_MS + HOUR);
    // The boleto's due date is days away: it waits.
    await age(boleto.transaction_id, PIX_WAIT_MS + HOUR);

    expect(await expireCheckouts(t.app)).toEqual({ expired: 2 });
    expect((await transaction(unpaid.transaction_id)).status).toBe("expired");
    expect((await transaction(pix.transaction_id)).status).toBe("expired");
    expect((await transaction(boleto.transaction_id)).status).toBe("pending");
    const history = (await get<PaymentHistoryItem[]>("/api/user/payment-history", cookie)).body;
    expect(history.filter((item) => item.status === "expired")).toHaveLength(2);
    // Closed at the provider too: the Pix cannot be paid on its page.
    expect((await t.request({ method: "GET", url: pix.path, cookie })).statusCode).toBe(410);
    expect(await expireCheckouts(t.app)).toEqual({ expired: 0 });
    const rows = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.status, "expired")));
    expect(rows.every((row) => row.closedAt instanceof Date)).toBe(true);
  });

  it("does not expire a payment the provider approved meanwhile: it is applied", async () => {
    const { cookie } = await t.signIn();
    const pix = await pay(cookie, "Pro", "pending", { method: "pix" });
    await db()
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - PIX_WAIT_MS - HOUR) })
      .where(eq(transactions.id, pix.transaction_id));
    // Paid, but its notification was lost.
    (t.app.payments as DevCheckout).approveLate(pix.paymentId);
    expect(await expireCheckouts(t.app)).toEqual({ expired: 0 });
    expect((await transaction(pix.transaction_id)).status).toBe("approved");
    expect((await subscription(cookie)).plan.name).toBe("Pro");
  });

  it("gives each method its own time (a table)", () => {
    const created = new Date("2026-11-01T12:00:00.000Z");
    const at = (iso: string) => new Date(iso).toISOString();
    const base = { createdAt: created, paymentDetails: {} };
    const cases: [Parameters<typeof checkoutExpiresAt>[0], string][] = [
      [{ ...base, providerPaymentId: null, paymentMethod: null }, "2026-11-02T12:00:00.000Z"],
      [{ ...base, providerPaymentId: "1", paymentMethod: "pix" }, "2026-11-03T12:00:00.000Z"],
      [
        {
          ...base,
          providerPaymentId: "2",
          paymentMethod: "boleto",
          paymentDetails: { boleto_due_date: "2026-11-04T12:00:00.000Z" },
        },
        "2026-11-09T12:00:00.000Z",
      ],
      [{ ...base, providerPaymentId: "3", paymentMethod: "boleto" }, "2026-11-09T12:00:00.000Z"],
      [
        { ...base, providerPaymentId: "4", paymentMethod: "credit_card" },
        at(new Date(created.getTime() + CARD_REVIEW_MS).toISOString()),
      ],
    ];
    for (const [tx, expected] of cases) expect(checkoutExpiresAt(tx).toISOString()).toBe(expected);
  });
});

describe("renewal", () => {
  it("is the type of a checkout for the plan and interval the user already has", async () => {
    const { cookie } = await t.signIn();
    expect((await pay(cookie, "Pro", "approved")).transaction_type).toBe("subscription");
    expect((await pay(cookie, "Pro", "approved")).transaction_type).toBe("renewal");
    // The same plan for another interval is not a renewal of what they have.
    expect((await pay(cookie, "Pro", "approved", { interval: "yearly" })).transaction_type).toBe(
      "subscription",
    );
    const types = (await get<PaymentHistoryItem[]>("/api/user/payment-history", cookie)).body.map(
      (item) => item.transaction_type,
    );
    expect(types.sort()).toEqual(["renewal", "subscription", "subscription"]);
  });
});

describe("GET /api/subscriptions/quote", () => {
  it("shows before the checkout what the checkout charges, and from when", async () => {
    const { cookie } = await t.signIn();
    const free = await get<PlanQuote>(`/api/subscriptions/quote?plan_id=${await planId("Pro")}`, cookie);
    expect(free.response.statusCode).toBe(200);
    expect(free.body).toMatchObject({
      transaction_type: "subscription",
      amount_cents: 1990,
      credit_cents: 0,
    });
    await pay(cookie, "Pro", "approved");

    const quote = (
      await get<PlanQuote>(`/api/subscriptions/quote?plan_id=${await planId("Business")}`, cookie)
    ).body;
    expect(quote.transaction_type).toBe("upgrade");
    expect(quote.list_price_cents).toBe(4990);
    expect(quote.credit_cents).toBeGreaterThan(1900);
    expect(quote.amount_cents).toBe(4990 - quote.credit_cents);
    expect(Date.parse(quote.starts_at)).toBeLessThanOrEqual(Date.now());
    const charged = await post("/api/subscriptions/create", cookie, {
      plan_id: await planId("Business"),
      interval_type: "monthly",
    });
    // The checkout a moment later: the credit is a few cents lower at most.
    expect(
      Math.abs(charged.json<CreateSubscriptionResponse>().amount_cents - quote.amount_cents),
    ).toBeLessThan(5);

    const renewal = (await get<PlanQuote>(`/api/subscriptions/quote?plan_id=${await planId("Pro")}`, cookie))
      .body;
    const card = await subscription(cookie);
    expect(renewal).toMatchObject({
      transaction_type: "renewal",
      amount_cents: 1990,
      starts_at: card.expires_at,
    });
  });

  it("refuses a bad plan or interval with the checkout's pt-BR errors", async () => {
    const { cookie } = await t.signIn();
    const unknown = await get<{ error: string }>("/api/subscriptions/quote?plan_id=999999", cookie);
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.body.error).toBe("Plano não encontrado.");
    const free = await get<{ error: string }>(
      `/api/subscriptions/quote?plan_id=${await planId("Gratuito")}`,
      cookie,
    );
    expect(free.response.statusCode).toBe(400);
    const bad = await get<{ error: string }>("/api/subscriptions/quote?plan_id=abc", cookie);
    expect(bad.response.statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/subscriptions/quote?plan_id=1" })).statusCode).toBe(
      401,
    );
  });
});
