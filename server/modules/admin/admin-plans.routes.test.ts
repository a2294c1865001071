import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_MESSAGES, type AdminPlan, type PlanBody } from "../../../common/contract/admin";
import type { UsageLimits } from "../../../common/contract/billing";
import {
  auditLog,
  domains,
  planDomains,
  subscriptionPlans,
  transactions,
  userSubscriptions,
} from "../../../db/schema";
import { createUser, subscribeUser } from "../../../tests/factories";
import { setupAdmin, setupTestApp } from "../../../tests/test-app";

const t = setupTestApp();
const db = () => t.database.db;
const DAY = 86_400_000;

const { admin, send } = setupAdmin(t);

let sequence = 0;
const uniqueName = (prefix = "Plano") => `${prefix} ${Date.now().toString(36)}${++sequence}`;

const listPlans = async () => {
  const response = await send("GET", "/api/admin/subscription-plans");
  expect(response.statusCode).toBe(200);
  return response.json<AdminPlan[]>();
};
const planNamed = async (name: string) => (await listPlans()).find((plan) => plan.name === name)!;

/** The form's body for a plan as the list shows it (what the edit modal sends back). */
const formOf = ({ id: _id, subscribers: _s, domain_ids: _d, ...plan }: AdminPlan): PlanBody => plan;

async function createPlan(body: Partial<PlanBody> = {}) {
  const response = await send("POST", "/api/admin/subscription-plans", {
    name: uniqueName(),
    price_cents: 2990,
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ message: string; plan: AdminPlan }>().plan;
}

const auditOf = (planId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "plan"), eq(auditLog.targetId, String(planId))))
    .orderBy(desc(auditLog.id));

async function subscribeTo(planId: number, overrides: Partial<typeof userSubscriptions.$inferInsert> = {}) {
  const user = await createUser(db());
  await db()
    .insert(userSubscriptions)
    .values({
      userId: user.id,
      planId,
      status: "active",
      expiresAt: new Date(Date.now() + 30 * DAY),
      ...overrides,
    });
  return user;
}

describe("GET /api/admin/subscription-plans", () => {
  it("lists every plan, inactive ones too, cheapest first, with current subscribers and domains", async () => {
    const plan = await createPlan({ price_cents: 777, is_active: false });
    await subscribeTo(plan.id);
    await subscribeTo(plan.id, { status: "canceled", expiresAt: new Date(Date.now() + DAY) });
    await subscribeTo(plan.id, { expiresAt: null });
    // Not current: past their end, or not active yet.
    await subscribeTo(plan.id, { expiresAt: new Date(Date.now() - DAY) });
    await subscribeTo(plan.id, { status: "expired", expiresAt: new Date(Date.now() - DAY) });
    await subscribeTo(plan.id, { status: "pending" });
    const [domain] = await db()
      .insert(domains)
      .values({ domain: `${uniqueName("d").replace(" ", "")}.exemplo.com.br`, displayName: "Lista" })
      .returning();
    await db().insert(planDomains).values({ planId: plan.id, domainId: domain!.id });

    const plans = await listPlans();
    const prices = plans.map((row) => row.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(plans.map((row) => row.name)).toEqual(expect.arrayContaining(["Gratuito", "Pro", "Business"]));
    const listed = plans.find((row) => row.id === plan.id)!;
    expect(listed).toMatchObject({
      is_active: false,
      price_cents: 777,
      subscribers: 3,
      domain_ids: [domain!.id],
    });
  });
});

describe("POST /api/admin/subscription-plans", () => {
  it("creates a plan with the form's defaults: empty max is unlimited, retention 30 when empty or 0", async () => {
    const name = uniqueName();
    const response = await send("POST", "/api/admin/subscription-plans", {
      name: `  ${name}  `,
      price_cents: "1500",
      max_link_pages: "",
      max_shortened_urls: 10,
      max_clicks_per_month: -1,
      analytics_retention_days: 0,
    });
    expect(response.statusCode).toBe(201);
    const { message, plan } = response.json<{ message: string; plan: AdminPlan }>();
    expect(message).toBe(ADMIN_MESSAGES.planCreated);
    expect(plan).toMatchObject({
      name,
      description: "",
      price_cents: 1500,
      yearly_price_cents: null,
      interval_type: "monthly",
      max_link_pages: null,
      max_shortened_urls: 10,
      max_clicks_per_month: null,
      custom_domains: false,
      premium_domains: false,
      priority_support: false,
      analytics_retention_days: 30,
      is_active: true,
      subscribers: 0,
      domain_ids: [],
    });
    expect(
      (await createPlan({ analytics_retention_days: "" as unknown as number })).analytics_retention_days,
    ).toBe(30);

    const [audit] = await auditOf(plan.id);
    expect(audit).toMatchObject({
      action: "plan.create",
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetLabel: name,
      before: null,
    });
    expect(audit!.after).toMatchObject({ id: plan.id, name, price_cents: 1500 });
  });

  it.each([
    [{ name: "", price_cents: 100 }, "name", "Nome é obrigatório"],
    [{ name: "X", price_cents: "abc" }, "price_cents", "Preço inválido"],
    [{ name: "X", price_cents: -1 }, "price_cents", "O preço não pode ser negativo"],
    [{ name: "X", price_cents: 19.9 }, "price_cents", "Preço em centavos, sem vírgula"],
    [{ name: "X", price_cents: 100, max_link_pages: -2 }, "max_link_pages", "Use um número a partir de 0"],
    [
      { name: "X", price_cents: 100, analytics_retention_days: -5 },
      "analytics_retention_days",
      "Retenção mínima de 1 dia",
    ],
  ])("refuses %j with a pt-BR message", async (body, field, text) => {
    const before = (await listPlans()).length;
    const response = await send("POST", "/api/admin/subscription-plans", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: text, details: { [field]: text } });
    expect((await listPlans()).length).toBe(before);
  });
});

describe("PUT /api/admin/subscription-plans/:id", () => {
  it("edits a plan, and its subscribers get the new limits at once", async () => {
    const { user, cookie } = await t.signIn();
    await subscribeUser(db(), user.id, "Pro");
    const limits = async () =>
      (await t.request({ method: "GET", url: "/api/user/limits", cookie })).json<UsageLimits>();
    expect((await limits()).link_pages.limit).toBe(20);

    const pro = await planNamed("Pro");
    const response = await send("PUT", `/api/admin/subscription-plans/${pro.id}`, {
      ...formOf(pro),
      max_link_pages: 7,
      max_shortened_urls: "",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: ADMIN_MESSAGES.planUpdated,
      plan: { id: pro.id, max_link_pages: 7, max_shortened_urls: null, subscribers: pro.subscribers },
    });
    const after = await limits();
    expect(after.link_pages.limit).toBe(7);
    expect(after.shortened_urls.limit).toBeNull();

    const [audit] = await auditOf(pro.id);
    expect(audit).toMatchObject({ action: "plan.update", actorId: admin.user.id });
    expect(audit!.before).toMatchObject({ max_link_pages: 20, max_shortened_urls: 1000 });
    expect(audit!.after).toMatchObject({ max_link_pages: 7, max_shortened_urls: null });

    await send("PUT", `/api/admin/subscription-plans/${pro.id}`, formOf(pro));
    expect((await limits()).link_pages.limit).toBe(20);
  });

  it("deactivates and reactivates a paid plan, which leaves the pricing page and comes back", async () => {
    const plan = await createPlan();
    const pricing = async () =>
      (await t.request({ method: "GET", url: "/api/subscription-plans" })).json<{ id: number }[]>();
    expect((await pricing()).map((row) => row.id)).toContain(plan.id);
    const off = await send("PUT", `/api/admin/subscription-plans/${plan.id}`, {
      ...formOf(plan),
      is_active: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await pricing()).map((row) => row.id)).not.toContain(plan.id);
    await send("PUT", `/api/admin/subscription-plans/${plan.id}`, { ...formOf(plan), is_active: true });
    expect((await pricing()).map((row) => row.id)).toContain(plan.id);
  });

  it("keeps the fields past spec 7's body when a client leaves them out (absent = unchanged)", async () => {
    const plan = await createPlan({
      yearly_price_cents: 29_900,
      creations_per_hour: 10,
      premium_domains: true,
      is_active: false,
    });
    // Spec 7's body only: what a client written against the spec sends.
    const specBody = {
      name: plan.name,
      description: "Agora com descrição",
      price_cents: 3990,
      interval_type: "monthly",
      max_link_pages: 5,
      max_shortened_urls: 50,
      max_clicks_per_month: 1000,
      custom_domains: true,
      analytics_retention_days: 90,
      priority_support: true,
    };
    const response = await send("PUT", `/api/admin/subscription-plans/${plan.id}`, specBody);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().plan).toMatchObject({
      ...specBody,
      yearly_price_cents: 29_900,
      creations_per_hour: 10,
      premium_domains: true,
      is_active: false,
    });
    // The free plan's edit without is_active is no deactivation.
    const free = await planNamed("Gratuito");
    const { is_active: _active, yearly_price_cents: _yearly, ...freeBody } = formOf(free);
    expect((await send("PUT", `/api/admin/subscription-plans/${free.id}`, freeBody)).statusCode).toBe(200);
    expect((await planNamed("Gratuito")).is_active).toBe(true);
  });

  it("answers 404 for an unknown plan and 400 for an invalid body", async () => {
    const missing = await send("PUT", "/api/admin/subscription-plans/999999", { name: "X", price_cents: 0 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ADMIN_MESSAGES.planNotFound);
    const pro = await planNamed("Pro");
    const invalid = await send("PUT", `/api/admin/subscription-plans/${pro.id}`, {
      ...formOf(pro),
      price_cents: -5,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe("O preço não pode ser negativo");
  });
});

describe("the free plan", () => {
  it("can be renamed and get new limits, which apply to everyone without a subscription", async () => {
    const free = await planNamed("Gratuito");
    const { cookie } = await t.signIn();
    const response = await send("PUT", `/api/admin/subscription-plans/${free.id}`, {
      ...formOf(free),
      name: "Grátis",
      max_link_pages: 4,
    });
    expect(response.statusCode).toBe(200);
    const limits = (await t.request({ method: "GET", url: "/api/user/limits", cookie })).json<UsageLimits>();
    expect(limits.link_pages.limit).toBe(4);
    expect((await send("PUT", `/api/admin/subscription-plans/${free.id}`, formOf(free))).statusCode).toBe(
      200,
    );
  });

  it("cannot get a price, be deactivated or be deleted", async () => {
    const free = await planNamed("Gratuito");
    const priced = await send("PUT", `/api/admin/subscription-plans/${free.id}`, {
      ...formOf(free),
      price_cents: 990,
    });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().error).toBe(ADMIN_MESSAGES.freePlanPrice);
    const yearly = await send("PUT", `/api/admin/subscription-plans/${free.id}`, {
      ...formOf(free),
      yearly_price_cents: 9900,
    });
    expect(yearly.statusCode).toBe(400);
    const inactive = await send("PUT", `/api/admin/subscription-plans/${free.id}`, {
      ...formOf(free),
      is_active: false,
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error).toBe(ADMIN_MESSAGES.freePlanRequired);
    const deleted = await send("DELETE", `/api/admin/subscription-plans/${free.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toBe(ADMIN_MESSAGES.freePlanRequired);
    expect(await planNamed("Gratuito")).toEqual(free);
  });
});

describe("the default plan of new users", () => {
  it("cannot be deactivated or deleted while it is the default", async () => {
    const plan = await createPlan();
    const setDefault = (id: number | null) =>
      send("PUT", "/api/admin/system-config", { default_plan_id: id }).then((r) =>
        expect(r.statusCode).toBe(200),
      );
    await setDefault(plan.id);
    try {
      const inactive = await send("PUT", `/api/admin/subscription-plans/${plan.id}`, {
        ...formOf(plan),
        is_active: false,
      });
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json().error).toBe(ADMIN_MESSAGES.planIsDefaultDeactivate);
      const deleted = await send("DELETE", `/api/admin/subscription-plans/${plan.id}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().error).toBe(ADMIN_MESSAGES.planIsDefault);
    } finally {
      await setDefault(null);
    }
    expect((await send("DELETE", `/api/admin/subscription-plans/${plan.id}`)).statusCode).toBe(200);
  });
});

describe("DELETE /api/admin/subscription-plans/:id", () => {
  it("is refused while anyone is subscribed, and deactivating is offered instead", async () => {
    const plan = await createPlan();
    await subscribeTo(plan.id);
    await subscribeTo(plan.id, { status: "canceled" });
    const response = await send("DELETE", `/api/admin/subscription-plans/${plan.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ADMIN_MESSAGES.planInUse(2));
    expect(response.json().error).toContain("Desative-o");
    expect((await listPlans()).some((row) => row.id === plan.id)).toBe(true);
  });

  it("is refused for a plan with payments or past subscriptions in the history", async () => {
    const paid = await createPlan();
    const customer = await createUser(db());
    await db().insert(transactions).values({
      userId: customer.id,
      planId: paid.id,
      planName: paid.name,
      transactionType: "subscription",
      status: "refunded",
      amountCents: 2990,
      provider: "mercadopago",
    });
    const withPayment = await send("DELETE", `/api/admin/subscription-plans/${paid.id}`);
    expect(withPayment.statusCode).toBe(409);
    expect(withPayment.json().error).toBe(ADMIN_MESSAGES.planHasHistory);

    const lapsed = await createPlan();
    await subscribeTo(lapsed.id, { status: "expired", expiresAt: new Date(Date.now() - DAY) });
    const withSubscription = await send("DELETE", `/api/admin/subscription-plans/${lapsed.id}`);
    expect(withSubscription.statusCode).toBe(409);
    expect(withSubscription.json().error).toBe(ADMIN_MESSAGES.planHasHistory);
  });

  it("deletes a plan nobody has, with its domain links, and writes the audit line", async () => {
    const plan = await createPlan({ description: "Some" });
    const [domain] = await db()
      .insert(domains)
      .values({ domain: `${uniqueName("x").replace(" ", "")}.exemplo.com.br`, displayName: "X" })
      .returning();
    await db().insert(planDomains).values({ planId: plan.id, domainId: domain!.id });

    const response = await send("DELETE", `/api/admin/subscription-plans/${plan.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.planDeleted });
    expect(await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id))).toEqual([]);
    expect(await db().select().from(planDomains).where(eq(planDomains.planId, plan.id))).toEqual([]);
    const [audit] = await auditOf(plan.id);
    expect(audit).toMatchObject({ action: "plan.delete", targetLabel: plan.name, after: null });
    expect(audit!.before).toMatchObject({ id: plan.id, name: plan.name, domain_ids: [domain!.id] });

    const again = await send("DELETE", `/api/admin/subscription-plans/${plan.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(ADMIN_MESSAGES.planNotFound);
  });
});

describe("plan domains", () => {
  it("makes a custom domain available to a plan's subscribers, and takes it away", async () => {
    const host = `${uniqueName("pd").replace(" ", "")}.exemplo.com.br`;
    const [domain] = await db().insert(domains).values({ domain: host, displayName: host }).returning();
    await t.app.domains.reload();
    const { user, cookie } = await t.signIn();
    await subscribeUser(db(), user.id, "Pro");
    const available = async () =>
      (await t.request({ method: "GET", url: "/api/user/available-domains", cookie }))
        .json<{ id: number }[]>()
        .map((row) => row.id);
    expect(await available()).not.toContain(domain!.id);

    const pro = await planNamed("Pro");
    const linked = await send("POST", `/api/admin/plans/${pro.id}/domains`, { custom_domain_id: domain!.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ message: ADMIN_MESSAGES.planDomainUpdated, domain_ids: [domain!.id] });
    await vi.waitFor(async () => expect(await available()).toContain(domain!.id));
    expect((await planNamed("Pro")).domain_ids).toEqual([domain!.id]);

    // Idempotent: the same link again changes nothing and writes no second audit line.
    const again = await send("POST", `/api/admin/plans/${pro.id}/domains`, { custom_domain_id: domain!.id });
    expect(again.statusCode).toBe(200);
    const linkAudits = await auditOf(pro.id);
    expect(linkAudits[0]).toMatchObject({
      action: "plan.update",
      before: { domain_ids: [] },
      after: { domain_ids: [domain!.id] },
    });
    expect(
      linkAudits.filter((row) => JSON.stringify(row.after) === JSON.stringify({ domain_ids: [domain!.id] })),
    ).toHaveLength(1);

    const unlinked = await send("DELETE", `/api/admin/plans/${pro.id}/domains/${domain!.id}`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().domain_ids).toEqual([]);
    await vi.waitFor(async () => expect(await available()).not.toContain(domain!.id));
    expect((await send("DELETE", `/api/admin/plans/${pro.id}/domains/${domain!.id}`)).statusCode).toBe(200);
    const [last] = await auditOf(pro.id);
    expect(last).toMatchObject({ before: { domain_ids: [domain!.id] }, after: { domain_ids: [] } });
  });

  it("answers 404 for an unknown plan or domain", async () => {
    const pro = await planNamed("Pro");
    const noPlan = await send("POST", "/api/admin/plans/999999/domains", {
      custom_domain_id: t.app.domains.default.id,
    });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().error).toBe(ADMIN_MESSAGES.planNotFound);
    const noDomain = await send("POST", `/api/admin/plans/${pro.id}/domains`, { custom_domain_id: 999999 });
    expect(noDomain.statusCode).toBe(404);
    expect(noDomain.json().error).toBe(ADMIN_MESSAGES.domainNotFound);
    expect((await send("DELETE", `/api/admin/plans/${pro.id}/domains/999999`)).statusCode).toBe(404);
  });
});

describe("access", () => {
  it("is for administrators only", async () => {
    const { cookie } = await t.signIn();
    expect((await send("GET", "/api/admin/subscription-plans", undefined, cookie)).statusCode).toBe(403);
    expect((await send("GET", "/api/admin/subscription-plans", undefined, "")).statusCode).toBe(401);
  });
});
