import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  BILLING_MESSAGES,
  type PaymentHistoryItem,
  type SubscriptionPlan,
  type UsageLimits,
  type UserSubscription,
} from "../../../common/contract/billing";
import { addDays, dayOf } from "../../../common/time";
import {
  auditLog,
  billingEvents,
  clickDaily,
  clickDailyUser,
  domains,
  linkPages,
  shortenedUrls,
  subscriptionPlans,
  transactions,
  userSubscriptions,
  users,
} from "../../../db/schema";
import { allowDomainOnPlan, subscribeUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { takeLease } from "../../lib/job-scheduler";
import { analyticsFloorDay, purgeExpiredAnalytics } from "../analytics/analytics-retention";
import { expireCheckouts } from "./checkout-expiry";
import { devCheckoutCustomer } from "./dev-checkout.fixtures";
import { addPeriod } from "./periods";
import { runExpiry } from "./subscription-changes";

const t = setupTestApp();
const db = () => t.database.db;
const { get, post, planId, pay: payWithDevCheckout } = devCheckoutCustomer(t);

describe("GET /api/subscription-plans", () => {
  it("lists the four seeded plans, cheapest first, with unlimited as null", async () => {
    const { response, body } = await get<SubscriptionPlan[]>("/api/subscription-plans");
    expect(response.statusCode).toBe(200);
    expect(body.map((plan) => plan.name)).toEqual(["Gratuito", "Pro", "Business", "Enterprise"]);
    expect(body[0]).toMatchObject({
      price_cents: 0,
      max_link_pages: 3,
      max_shortened_urls: 50,
      custom_domains: false,
    });
    expect(body[1]).toMatchObject({ price_cents: 1990, yearly_price_cents: 19104, interval_type: "monthly" });
    expect(body[3]).toMatchObject({
      max_link_pages: null,
      max_shortened_urls: null,
      max_clicks_per_month: null,
    });
  });

  it("leaves inactive plans out and shows -1 as unlimited", async () => {
    const [hidden] = await db()
      .insert(subscriptionPlans)
      .values({ name: `Oculto ${Date.now()}`, priceCents: 999, isActive: false })
      .returning();
    const [unlimited] = await db()
      .insert(subscriptionPlans)
      .values({ name: `Sem limites ${Date.now()}`, priceCents: 99_999, maxLinkPages: -1 })
      .returning();
    const { body } = await get<SubscriptionPlan[]>("/api/subscription-plans");
    expect(body.some((plan) => plan.id === hidden!.id)).toBe(false);
    expect(body.find((plan) => plan.id === unlimited!.id)?.max_link_pages).toBeNull();
    await db().delete(subscriptionPlans).where(eq(subscriptionPlans.id, unlimited!.id));
    await db().delete(subscriptionPlans).where(eq(subscriptionPlans.id, hidden!.id));
  });
});

describe("plan limits", () => {
  const createPage = (cookie: string, slug: string) =>
    post("/api/link-pages", cookie, { slug, title: "Página", description: "" });
  const shorten = (cookie: string, n: number) =>
    post("/api/shortened-urls", cookie, { original_url: `https://e.com.br/${n}` });

  it("answers GET /api/user/limits with the free plan's limits and what is used", async () => {
    const { user, cookie } = await t.signIn();
    await shorten(cookie, 1);
    await db()
      .insert(clickDailyUser)
      .values([
        { userId: user.id, dimension: "total", day: dayOf(new Date()), clicks: 7 },
        { userId: user.id, dimension: "total", day: addDays(dayOf(new Date()), -40), clicks: 100 },
        { userId: user.id, dimension: "bot", day: dayOf(new Date()), clicks: 50 },
      ]);
    const { response, body } = await get<UsageLimits>("/api/user/limits", cookie);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({
      link_pages: { used: 0, limit: 3 },
      shortened_urls: { used: 1, limit: 50 },
      clicks_this_month: { used: 7, limit: 5000 },
      leads_this_month: { used: 0, limit: 100 },
    });
    expect((await get("/api/user/limits")).response.statusCode).toBe(401);
  });

  it("refuses a Link Bio beyond the plan with a 403 that names the limit and /pricing", async () => {
    const { user, cookie } = await t.signIn();
    for (let i = 0; i < 3; i++)
      expect((await createPage(cookie, `lim-${user.id}-${i}`)).statusCode).toBe(201);
    const refused = await createPage(cookie, `lim-${user.id}-x`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error:
        "Você atingiu o limite de 3 Link Bios do plano Gratuito. Faça upgrade em /pricing para criar mais.",
      details: { limit: "link_pages" },
    });
    expect(await db().$count(linkPages, eq(linkPages.userId, user.id))).toBe(3);
  });

  it("refuses a short link beyond the plan, and counts again after a delete", async () => {
    const { user, cookie } = await t.signIn();
    await db().update(users).set({ customMaxShortenedUrls: 2 }).where(eq(users.id, user.id));
    const first = await shorten(cookie, 1);
    await shorten(cookie, 2);
    const refused = await shorten(cookie, 3);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      "Você atingiu o limite de 2 URLs encurtadas do plano Gratuito. Faça upgrade em /pricing para criar mais.",
    );
    await t.request({ method: "DELETE", url: `/api/shortened-urls/${first.json().id}`, cookie });
    expect((await shorten(cookie, 4)).statusCode).toBe(201);
  });

  it("lets exactly the limit through when creates race", async () => {
    const { user, cookie } = await t.signIn();
    await db()
      .update(users)
      .set({ customMaxShortenedUrls: 5, customMaxLinkPages: 2 })
      .where(eq(users.id, user.id));
    const links = await Promise.all(Array.from({ length: 12 }, (_, i) => shorten(cookie, i)));
    expect(links.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(links.filter((r) => r.statusCode === 403)).toHaveLength(7);
    expect(await db().$count(shortenedUrls, eq(shortenedUrls.userId, user.id))).toBe(5);
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createPage(cookie, `race-${user.id}-${i}`)),
    );
    expect(pages.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(await db().$count(linkPages, eq(linkPages.userId, user.id))).toBe(2);
  });

  it("honours the administrator's custom limits: -1 is unlimited, null follows the plan", async () => {
    const { user, cookie } = await t.signIn();
    await db()
      .update(users)
      .set({ customMaxLinkPages: -1, customMaxClicksPerMonth: 10 })
      .where(eq(users.id, user.id));
    const { body } = await get<UsageLimits>("/api/user/limits", cookie);
    expect(body.link_pages.limit).toBeNull();
    expect(body.shortened_urls.limit).toBe(50);
    expect(body.clicks_this_month.limit).toBe(10);
    for (let i = 0; i < 5; i++)
      expect((await createPage(cookie, `ilim-${user.id}-${i}`)).statusCode).toBe(201);
  });

  it("never refuses a visitor's redirect or public page because the owner is over a limit", async () => {
    const { user, cookie } = await t.signIn();
    const link = (await shorten(cookie, 1)).json();
    const page = (await createPage(cookie, `sobre-${user.id}`)).json();
    // The owner falls over every limit (a downgrade, an administrator's change).
    await db()
      .update(users)
      .set({ customMaxShortenedUrls: 0, customMaxLinkPages: 0, customMaxClicksPerMonth: 0 })
      .where(eq(users.id, user.id));
    const redirect = await t.request({ method: "GET", url: `/s/${link.short_code}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("https://e.com.br/1");
    expect((await t.request({ method: "GET", url: `/p/${page.slug}` })).statusCode).toBe(200);
    expect((await shorten(cookie, 2)).statusCode).toBe(403);
  });

  it("applies a paid plan's limits", async () => {
    const { user, cookie } = await t.signIn();
    await subscribeUser(db(), user.id, "Pro");
    const { body } = await get<UsageLimits>("/api/user/limits", cookie);
    expect(body.link_pages.limit).toBe(20);
    expect(body.shortened_urls.limit).toBe(1000);
    expect(body.clicks_this_month.limit).toBe(100000);
  });
});

describe("domains by plan", () => {
  async function domainFor(plans: string[], isPremium = false) {
    const name = `d${Date.now()}${Math.random().toString(36).slice(2, 6)}.exemplo.com.br`;
    const [row] = await db()
      .insert(domains)
      .values({ domain: name, displayName: name, isPremium })
      .returning();
    for (const plan of plans) await allowDomainOnPlan(db(), plan, row!.id);
    await t.app.domains.reload();
    return row!;
  }
  const ids = async (cookie: string) =>
    (await get<{ id: number }[]>("/api/user/available-domains", cookie)).body.map((d) => d.id);

  it("offers the free plan only the default domain", async () => {
    const custom = await domainFor(["Gratuito", "Pro"]);
    const { cookie } = await t.signIn();
    expect(await ids(cookie)).toEqual([t.app.domains.default.id]);
    const refused = await post("/api/shortened-urls", cookie, {
      original_url: "https://a.com.br",
      custom_domain_id: custom.id,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("offers a paid plan the custom domains made available to it, premium ones only where allowed", async () => {
    const regular = await domainFor(["Pro", "Business"]);
    const premium = await domainFor(["Pro", "Business"], true);
    const notOffered = await domainFor([]);
    const pro = await t.signIn();
    await subscribeUser(db(), pro.user.id, "Pro");
    const business = await t.signIn();
    await subscribeUser(db(), business.user.id, "Business");

    const proIds = await ids(pro.cookie);
    expect(proIds).toContain(regular.id);
    expect(proIds).not.toContain(premium.id);
    expect(proIds).not.toContain(notOffered.id);
    const businessIds = await ids(business.cookie);
    expect(businessIds).toContain(premium.id);
    expect(businessIds).not.toContain(notOffered.id);

    const onPremium = await post("/api/shortened-urls", business.cookie, {
      original_url: "https://a.com.br",
      custom_domain_id: premium.id,
    });
    expect(onPremium.statusCode).toBe(201);
    const refused = await post("/api/shortened-urls", pro.cookie, {
      original_url: "https://a.com.br",
      custom_domain_id: premium.id,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe("subscribing through the dev checkout", () => {
  it("shows the free plan to a new user", async () => {
    const { cookie } = await t.signIn();
    const { response, body } = await get<UserSubscription>("/api/user/subscription", cookie);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({
      status: "active",
      is_free: true,
      expires_at: null,
      plan: { name: "Gratuito" },
    });
  });

  it("activates Pro for a month on an approved payment, once", async () => {
    const { user, cookie } = await t.signIn();
    const paid = await payWithDevCheckout(cookie, "Pro", "approved");
    expect(paid).toMatchObject({ transaction_type: "subscription", amount_cents: 1990 });
    expect(paid.init_point).toMatch(/^http:\/\/localhost:3000\/dev-checkout\/dev-/);
    expect(paid.location).toMatch(/^\/subscription\?payment_status=approved&payment_id=\d+$/);

    const { body } = await get<UserSubscription>("/api/user/subscription", cookie);
    expect(body).toMatchObject({
      status: "active",
      is_free: false,
      interval_type: "monthly",
      plan: { name: "Pro" },
    });
    const days = (new Date(body.expires_at!).getTime() - new Date(body.starts_at).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect((await get<UsageLimits>("/api/user/limits", cookie)).body.link_pages.limit).toBe(20);

    const history = (await get<PaymentHistoryItem[]>("/api/user/payment-history", cookie)).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      plan_name: "Pro",
      status: "approved",
      amount_cents: 1990,
      payment_method: "credit_card",
    });

    // The page again: the payment is done; approving again changes nothing.
    await t.request({
      method: "POST",
      url: paid.path,
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=approved&method=credit_card",
    });
    const subscriptions = await db()
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, user.id));
    expect(subscriptions).toHaveLength(1);
  });

  it("leaves a Pix payment pending with its code, then activates when it is paid", async () => {
    const { cookie } = await t.signIn();
    const pending = await payWithDevCheckout(cookie, "Pro", "pending", { method: "pix" });
    expect(pending.location).toContain("payment_status=pending");
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(sub).toMatchObject({ status: "pending", plan: { name: "Pro" } });
    expect((await get<UsageLimits>("/api/user/limits", cookie)).body.link_pages.limit).toBe(3);
    const [item] = (await get<PaymentHistoryItem[]>("/api/user/payment-history", cookie)).body;
    expect(item!.status).toBe("pending");
    expect(item!.payment_details.pix_copy_paste).toMatch(/^PIX-DE-TESTE/);
    expect(item!.payment_details.pix_qr_code).toMatch(/^data:image\/png;base64,/);

    const confirmed = await t.request({
      method: "POST",
      url: pending.path,
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=approved&method=pix",
    });
    expect(confirmed.headers.location).toContain("payment_status=approved");
    expect((await get<UserSubscription>("/api/user/subscription", cookie)).body).toMatchObject({
      status: "active",
      plan: { name: "Pro" },
    });
  });

  it("keeps the free plan after a rejected payment", async () => {
    const { cookie } = await t.signIn();
    const rejected = await payWithDevCheckout(cookie, "Business", "rejected");
    expect(rejected.location).toContain("payment_status=rejected");
    expect((await get<UserSubscription>("/api/user/subscription", cookie)).body.is_free).toBe(true);
    const [item] = (await get<PaymentHistoryItem[]>("/api/user/payment-history", cookie)).body;
    expect(item).toMatchObject({ status: "rejected" });
    expect(item!.payment_details.refusal_reason).toBeTruthy();
  });

  it("refuses bad plan choices with pt-BR errors and writes nothing", async () => {
    const { user, cookie } = await t.signIn();
    const free = await post("/api/subscriptions/create", cookie, { plan_id: await planId("Gratuito") });
    expect(free.statusCode).toBe(400);
    expect(free.json().error).toBe(BILLING_MESSAGES.freePlan);
    const unknown = await post("/api/subscriptions/create", cookie, { plan_id: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(BILLING_MESSAGES.planNotFound);
    const bad = await post("/api/subscriptions/create", cookie, { plan_id: "x" });
    expect(bad.statusCode).toBe(400);
    const interval = await post("/api/subscriptions/create", cookie, {
      plan_id: await planId("Pro"),
      interval_type: "weekly",
    });
    expect(interval.statusCode).toBe(400);
    expect((await post("/api/subscriptions/create", "", { plan_id: 1 })).statusCode).toBe(401);
    expect(await db().$count(transactions, eq(transactions.userId, user.id))).toBe(0);
  });

  it("charges a yearly period at the yearly price", async () => {
    const { cookie } = await t.signIn();
    const paid = await payWithDevCheckout(cookie, "Pro", "approved", { interval: "yearly" });
    expect(paid.amount_cents).toBe(19104);
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    const days = (new Date(sub.expires_at!).getTime() - new Date(sub.starts_at).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
  });

  it("shows the dev checkout only to the order's owner", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const created = await post("/api/subscriptions/create", owner.cookie, { plan_id: await planId("Pro") });
    const path = new URL(created.json().init_point).pathname;
    expect((await t.request({ method: "GET", url: path, cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: path })).statusCode).toBe(404);
    const page = await t.request({ method: "GET", url: path, cookie: owner.cookie });
    expect(page.body).toContain("R$ 19,90");
    expect(page.body).toContain("Checkout de testes");
  });
});

describe("changing plans", () => {
  it("upgrades at once with credit for the unused days", async () => {
    const { user, cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Pro", "approved");
    const upgrade = await payWithDevCheckout(cookie, "Business", "approved");
    expect(upgrade.transaction_type).toBe("upgrade");
    // Almost the whole month of Pro is unused: ~R$ 19,90 off R$ 49,90.
    expect(upgrade.amount_cents).toBeGreaterThanOrEqual(4990 - 1990);
    expect(upgrade.amount_cents).toBeLessThan(4990 - 1900);
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(sub.plan.name).toBe("Business");
    const rows = await db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["active", "expired"]);
  });

  it("schedules a downgrade for the end of the paid period", async () => {
    const { user, cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Business", "approved");
    const down = await payWithDevCheckout(cookie, "Pro", "approved");
    expect(down).toMatchObject({ transaction_type: "downgrade", amount_cents: 1990 });
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(sub.plan.name).toBe("Business");
    expect(sub.scheduled_plan?.plan.name).toBe("Pro");
    expect(sub.scheduled_plan?.starts_at).toBe(sub.expires_at);

    // The period ends: the job moves the user to Pro until the scheduled end.
    await db()
      .update(userSubscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userSubscriptions.userId, user.id), eq(userSubscriptions.status, "active")));
    await runExpiry(db());
    const after = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(after).toMatchObject({ status: "active", plan: { name: "Pro" }, scheduled_plan: null });
  });

  it("cancels: access until the end of the period, then the free plan", async () => {
    const { user, cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Pro", "approved");
    const canceled = await post("/api/user/subscription/cancel", cookie);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().message).toBe(BILLING_MESSAGES.canceled);
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(sub).toMatchObject({ status: "canceled", plan: { name: "Pro" } });
    expect(sub.canceled_at).toBeTruthy();
    expect((await get<UsageLimits>("/api/user/limits", cookie)).body.link_pages.limit).toBe(20);

    const again = await post("/api/user/subscription/cancel", cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(BILLING_MESSAGES.nothingToCancel);

    await db()
      .update(userSubscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSubscriptions.userId, user.id));
    await runExpiry(db());
    const [row] = await db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, user.id));
    expect(row!.status).toBe("expired");
    expect((await get<UserSubscription>("/api/user/subscription", cookie)).body).toMatchObject({
      is_free: true,
      plan: { name: "Gratuito" },
    });
    const kinds = (await db().select().from(billingEvents).where(eq(billingEvents.userId, user.id))).map(
      (event) => event.kind,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        "transaction.created",
        "transaction.approved",
        "subscription.activated",
        "subscription.canceled",
        "subscription.expired",
      ]),
    );
  });

  it("refuses to cancel the free plan", async () => {
    const { cookie } = await t.signIn();
    const response = await post("/api/user/subscription/cancel", cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(BILLING_MESSAGES.nothingToCancel);
  });

  it("expires checkouts nobody paid within a day", async () => {
    const { user, cookie } = await t.signIn();
    await post("/api/subscriptions/create", cookie, { plan_id: await planId("Pro") });
    await db()
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(transactions.userId, user.id));
    await expireCheckouts(t.app);
    const [row] = await db().select().from(transactions).where(eq(transactions.userId, user.id));
    expect(row!.status).toBe("expired");
    expect(row!.closedAt).toBeInstanceOf(Date);
  });
});

describe("analytics retention", () => {
  it("hides clicks older than the plan keeps, and purges them after the grace period", async () => {
    const { user, cookie } = await t.signIn();
    const today = dayOf(new Date());
    const seed = (day: string, clicks: number) => ({
      userId: user.id,
      day,
      targetType: "short_url" as const,
      targetId: 1,
      dimension: "total" as const,
      clicks,
    });
    await db()
      .insert(clickDaily)
      .values([seed(today, 1), seed(addDays(today, -40), 10), seed(addDays(today, -70), 100)]);
    await db()
      .insert(clickDailyUser)
      .values([
        { userId: user.id, dimension: "total", day: today, clicks: 1 },
        { userId: user.id, dimension: "total", day: addDays(today, -40), clicks: 10 },
        { userId: user.id, dimension: "total", day: addDays(today, -70), clicks: 100 },
      ]);
    expect(await analyticsFloorDay(db(), user.id)).toBe(addDays(today, -29));
    const summary = (await get<{ total_clicks: number }>("/api/analytics", cookie)).body;
    expect(summary.total_clicks).toBe(1);

    await purgeExpiredAnalytics(db());
    const left = await db().select().from(clickDailyUser).where(eq(clickDailyUser.userId, user.id));
    // 40 days old: hidden on the free plan (30 days) but kept for the grace period; 70: purged.
    expect(left.map((row) => row.clicks).sort((a, b) => a - b)).toEqual([1, 10]);
    expect(await db().$count(clickDaily, eq(clickDaily.userId, user.id))).toBe(2);

    await subscribeUser(db(), user.id, "Pro");
    expect((await get<{ total_clicks: number }>("/api/analytics", cookie)).body.total_clicks).toBe(11);
  });
});

describe("the dev checkout's form", () => {
  it("takes a post from our own page (Origin null under no-referrer) and refuses another site's", async () => {
    const { cookie } = await t.signIn();
    const created = await post("/api/subscriptions/create", cookie, { plan_id: await planId("Pro") });
    const path = new URL(created.json().init_point).pathname;
    const form = (headers: Record<string, string>) =>
      t.request({
        method: "POST",
        url: path,
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: "outcome=pending&method=boleto",
      });
    expect((await form({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })).statusCode).toBe(
      403,
    );
    expect((await form({ origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await form({ origin: "null", "sec-fetch-site": "same-origin" })).statusCode).toBe(303);
    expect((await form({ origin: "null", "sec-fetch-site": "same-origin" })).statusCode).toBe(303);
  });
});

describe("what a payment buys, decided when it is approved", () => {
  const subscriptionRows = (userId: number) =>
    db().select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
  const txOf = async (id: number) =>
    (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const daysBetween = (a: string | Date, b: string | Date) =>
    (new Date(b).getTime() - new Date(a).getTime()) / 86_400_000;

  it("activates a payment that arrives while an ended subscription waits for the expiry job", async () => {
    const { user, cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Pro", "approved");
    await db()
      .update(userSubscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSubscriptions.userId, user.id));
    await payWithDevCheckout(cookie, "Business", "approved");
    expect((await get<UserSubscription>("/api/user/subscription", cookie)).body.plan.name).toBe("Business");
    expect((await subscriptionRows(user.id)).map((row) => row.status).sort()).toEqual(["active", "expired"]);
  });

  it("uses an upgrade's credit once: a second checkout opened with the same credit buys less time", async () => {
    const { cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Pro", "approved");
    const first = await post("/api/subscriptions/create", cookie, { plan_id: await planId("Business") });
    const second = await post("/api/subscriptions/create", cookie, { plan_id: await planId("Business") });
    expect(first.json().amount_cents).toBe(second.json().amount_cents);
    expect(first.json().amount_cents).toBeLessThan(4990);
    for (const created of [first, second]) {
      const path = new URL(created.json().init_point).pathname;
      await t.request({
        method: "POST",
        url: path,
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "outcome=approved&method=credit_card",
      });
    }
    const firstTx = await txOf(first.json().transaction_id);
    const secondTx = await txOf(second.json().transaction_id);
    expect(firstTx.transactionType).toBe("upgrade");
    // The second was applied as a renewal, and its credit was spent already: it buys amount/price.
    expect(secondTx.transactionType).toBe("renewal");
    const bought = daysBetween(secondTx.subscriptionStart!, secondTx.subscriptionEnd!);
    const month = daysBetween(secondTx.subscriptionStart!, addPeriod(secondTx.subscriptionStart!, "monthly"));
    expect(bought).toBeCloseTo((month * secondTx.amountCents) / 4990, 1);
  });

  it("credits every paid period left, and turns a credit above the new price into a longer period", async () => {
    const { cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Pro", "approved");
    await payWithDevCheckout(cookie, "Pro", "approved"); // a month paid ahead
    const upgrade = await payWithDevCheckout(cookie, "Business", "approved");
    expect(upgrade.amount_cents).toBeGreaterThanOrEqual(4990 - 2 * 1990);
    expect(upgrade.amount_cents).toBeLessThan(4990 - 2 * 1990 + 100);

    const rich = await t.signIn();
    await payWithDevCheckout(rich.cookie, "Business", "approved", { interval: "yearly" });
    const up = await payWithDevCheckout(rich.cookie, "Enterprise", "approved");
    expect(up.amount_cents).toBe(100);
    const sub = (await get<UserSubscription>("/api/user/subscription", rich.cookie)).body;
    expect(sub.plan.name).toBe("Enterprise");
    // ~R$ 479 of Business credit plus R$ 1 is worth ~3.2 months of Enterprise.
    expect(daysBetween(sub.starts_at, sub.expires_at!)).toBeGreaterThan(90);
  });

  it("refuses a second downgrade while one waits, and keeps a waiting downgrade through an upgrade", async () => {
    const { cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Business", "approved");
    await payWithDevCheckout(cookie, "Pro", "approved");
    const again = await post("/api/subscriptions/create", cookie, { plan_id: await planId("Pro") });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BILLING_MESSAGES.changeAlreadyScheduled);

    await payWithDevCheckout(cookie, "Enterprise", "approved");
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(sub.plan.name).toBe("Enterprise");
    expect(sub.scheduled_plan?.plan.name).toBe("Pro");
    expect(sub.scheduled_plan?.starts_at).toBe(sub.expires_at);
    expect(daysBetween(sub.scheduled_plan!.starts_at, sub.scheduled_plan!.expires_at)).toBeGreaterThanOrEqual(
      28,
    );
  });

  it("takes back only what a refunded payment bought", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, cookie } = await t.signIn();
    await payWithDevCheckout(cookie, "Business", "approved");
    await payWithDevCheckout(cookie, "Pro", "approved");
    const [downgrade] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.transactionType, "downgrade")));
    const refund = await post(`/api/admin/payments/${downgrade!.providerPaymentId}/refund`, admin.cookie, {
      reason: "Pedido do cliente",
    });
    expect(refund.statusCode).toBe(200);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "payment.refund"), eq(auditLog.targetId, downgrade!.providerPaymentId!)),
      );
    expect(audit).toMatchObject({ actorId: admin.user.id, before: { status: "approved" } });
    expect(audit!.after).toMatchObject({ status: "refunded", reason: "Pedido do cliente" });
    const sub = (await get<UserSubscription>("/api/user/subscription", cookie)).body;
    expect(sub).toMatchObject({ status: "active", plan: { name: "Business" }, scheduled_plan: null });

    // A payment whose period is over: refunding it leaves the current subscription alone.
    const [business] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.planName, "Business")));
    await db()
      .update(transactions)
      .set({ subscriptionEnd: new Date(Date.now() - 1000) })
      .where(eq(transactions.id, business!.id));
    expect(
      (await post(`/api/admin/payments/${business!.providerPaymentId}/refund`, admin.cookie, {})).statusCode,
    ).toBe(200);
    expect((await get<UserSubscription>("/api/user/subscription", cookie)).body.status).toBe("active");
  });
});

describe("POST /api/user/payments/{paymentId}/sync", () => {
  it("applies the user's own payment on the way back, and answers 404 for anyone else's", async () => {
    const { cookie } = await t.signIn();
    const paid = await payWithDevCheckout(cookie, "Pro", "pending", { method: "boleto" });
    const paymentId = new URLSearchParams(paid.location.split("?")[1]).get("payment_id")!;
    const mine = await post(`/api/user/payments/${paymentId}/sync`, cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ status: "pending" });
    const other = await t.signIn();
    expect((await post(`/api/user/payments/${paymentId}/sync`, other.cookie)).statusCode).toBe(404);
    expect((await post("/api/user/payments/999999/sync", cookie)).statusCode).toBe(404);
    expect((await post("/api/user/payments/a%20b/sync", cookie)).statusCode).toBe(400);
  });
});

describe("scheduled jobs", () => {
  it("run once per period across processes (a lease)", async () => {
    const name = `teste-${Date.now()}`;
    expect(await takeLease(db(), name, 60_000, "a")).toBe(true);
    expect(await takeLease(db(), name, 60_000, "b")).toBe(false);
    expect(await takeLease(db(), `${name}-curto`, 1, "a")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await takeLease(db(), `${name}-curto`, 60_000, "b")).toBe(true);
  });

  it("keeps the history a lapsed plan protected for the grace period", async () => {
    const today = dayOf(new Date());
    const seed = (userId: number) =>
      db()
        .insert(clickDailyUser)
        .values({ userId, dimension: "total", day: addDays(today, -100), clicks: 5 });
    const recent = await t.signIn();
    await subscribeUser(db(), recent.user.id, "Enterprise", {
      status: "expired",
      expiresAt: new Date(Date.now() - 5 * 86_400_000),
    });
    const long = await t.signIn();
    await subscribeUser(db(), long.user.id, "Enterprise", {
      status: "expired",
      expiresAt: new Date(Date.now() - 40 * 86_400_000),
    });
    await seed(recent.user.id);
    await seed(long.user.id);
    await purgeExpiredAnalytics(db());
    expect(await db().$count(clickDailyUser, eq(clickDailyUser.userId, recent.user.id))).toBe(1);
    expect(await db().$count(clickDailyUser, eq(clickDailyUser.userId, long.user.id))).toBe(0);
  });
});
