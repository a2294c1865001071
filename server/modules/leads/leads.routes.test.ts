import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPlan } from "../../../common/contract/admin";
import { API_KEY_MESSAGES, type CreatedApiKey } from "../../../common/contract/api-keys";
import type { SubscriptionPlan, UsageLimits } from "../../../common/contract/billing";
import { LEAD_MESSAGES, type Lead, type LeadList, leadSchema } from "../../../common/contract/leads";
import type { CreatedWebhook } from "../../../common/contract/webhooks";
import { startOfMonthInZone } from "../../../common/time";
import {
  consentTexts,
  leads,
  pushSubscriptions,
  subscriptionPlans,
  userSubscriptions,
  users,
  webhookDeliveries,
} from "../../../db/schema";
import { FACTORY_PASSWORD } from "../../../tests/factories";
import { setupAdmin, setupTestApp } from "../../../tests/test-app";
import { DELETION_SLICES } from "../account/account-deletion";
import type { OpenApiDocument } from "../openapi/openapi.document";
import { leadCreated } from "./lead-created";

const t = setupTestApp({
  webhooks: { allowLoopback: true, pollMs: 25, clickWindowMs: 60_000, retryDelaysMs: [80], timeoutMs: 1_000 },
});
const db = () => t.database.db;
const { send: asAdmin } = setupAdmin(t);

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

const CONSENT = "Concordo em enviar meus dados a Loja da Ana para ser contatado(a).";

/** A consent text of the owner (one row per distinct text, as the form stores it): its id, the version. */
async function consentVersion(userId: number, text = CONSENT): Promise<number> {
  const sha256 = createHash("sha256").update(text).digest("hex");
  await db().insert(consentTexts).values({ userId, text, sha256 }).onConflictDoNothing();
  const [row] = await db().select().from(consentTexts).where(eq(consentTexts.sha256, sha256));
  return row!.id;
}

type NewLead = Partial<typeof leads.$inferInsert> & { userId: number; consentText?: string };

/** A lead written straight into the table, as the form's route stores it. */
async function insertLead({ consentText, ...values }: NewLead) {
  const createdAt = values.createdAt ?? new Date();
  const [row] = await db()
    .insert(leads)
    .values({
      consentTextId: await consentVersion(values.userId, consentText),
      consentAt: createdAt,
      ...values,
      createdAt,
    })
    .returning();
  return row!;
}

/** A signed-in owner with a Link Bio page. */
async function owner() {
  const session = await t.signIn();
  const page = await t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie: session.cookie,
    payload: { slug: unique("loja"), title: "Loja da Ana" },
  });
  expect(page.statusCode, page.body).toBe(201);
  return { ...session, page: page.json<{ id: number; slug: string }>() };
}

const list = async (cookie: string, query = "") => {
  const response = await t.request({ method: "GET", url: `/api/leads${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeadList>();
};

/** The user on a plan of their own whose forms may receive `limit` contacts a month. */
async function onLeadLimit(userId: number, limit: number | null) {
  const [plan] = await db()
    .insert(subscriptionPlans)
    .values({ name: unique("Plano"), priceCents: 990, maxLeadsPerMonth: limit })
    .returning();
  await db().insert(userSubscriptions).values({ userId, planId: plan!.id, status: "active" });
}

describe("GET /api/leads", () => {
  it("lists the user's leads newest first, 20 a page, each with its consent text and version", async () => {
    const { user, cookie, page } = await owner();
    const start = Date.now() - 3_600_000;
    for (let i = 1; i <= 23; i++) {
      await insertLead({
        userId: user.id,
        linkPageId: page.id,
        email: `cliente${i}@exemplo.com.br`,
        createdAt: new Date(start + i * 1000),
      });
    }
    const first = await list(cookie);
    expect(first).toMatchObject({ total: 23, page: 1, page_size: 20, hidden: 0 });
    expect(first.items).toHaveLength(20);
    expect(first.items.map((lead) => lead.email).slice(0, 2)).toEqual([
      "cliente23@exemplo.com.br",
      "cliente22@exemplo.com.br",
    ]);
    const version = await consentVersion(user.id);
    for (const lead of first.items) {
      expect(leadSchema.parse(lead)).toEqual(lead);
      expect(lead).toMatchObject({ link_page_id: page.id, consent_text: CONSENT, consent_version: version });
    }
    const second = await list(cookie, "?page=2");
    expect(second).toMatchObject({ total: 23, page: 2, page_size: 20 });
    expect(second.items.map((lead) => lead.email)).toEqual([
      "cliente3@exemplo.com.br",
      "cliente2@exemplo.com.br",
      "cliente1@exemplo.com.br",
    ]);
  });

  it("searches the name and e-mail in any case, and the number by its digits", async () => {
    const { user, cookie } = await owner();
    await insertLead({ userId: user.id, name: "Ana Souza", email: "ana@exemplo.com.br" });
    await insertLead({ userId: user.id, name: "Bruno", phone: "+5511987654321" });
    await insertLead({
      userId: user.id,
      name: "100% Carla",
      email: "carla@loja.com.br",
      phone: "+5521912345678",
    });
    const names = async (q: string) =>
      (await list(cookie, `?q=${encodeURIComponent(q)}`)).items.map((lead) => lead.name);
    expect(await names("ANA")).toEqual(["Ana Souza"]);
    expect(await names("LOJA.com")).toEqual(["100% Carla"]);
    expect(await names("(11) 98765-4321")).toEqual(["Bruno"]);
    expect(await names("98765")).toEqual(["Bruno"]);
    expect(await names("+55 21")).toEqual(["100% Carla"]);
    // `%` is a character searched for, not a wildcard.
    expect(await names("100%")).toEqual(["100% Carla"]);
    expect(await names("%")).toEqual(["100% Carla"]);
    expect(await names("ninguém")).toEqual([]);
    expect((await list(cookie, "?q=ana")).total).toBe(1);
  });

  it("filters by page and by São Paulo days, both ends included", async () => {
    const { user, cookie, page } = await owner();
    const second = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug: unique("outra"), title: "Outra" },
    });
    const otherPage = second.json<{ id: number }>();
    // 23:30 in São Paulo on the 9th is 02:30 UTC on the 10th.
    await insertLead({
      userId: user.id,
      linkPageId: page.id,
      name: "dia 9",
      createdAt: new Date("2026-03-10T02:30:00Z"),
    });
    await insertLead({
      userId: user.id,
      linkPageId: otherPage.id,
      name: "dia 10",
      createdAt: new Date("2026-03-10T12:00:00Z"),
    });
    await insertLead({
      userId: user.id,
      linkPageId: page.id,
      name: "dia 11",
      createdAt: new Date("2026-03-11T23:00:00Z"),
    });
    const names = async (query: string) => (await list(cookie, query)).items.map((lead) => lead.name);
    expect(await names(`?link_page_id=${page.id}`)).toEqual(["dia 11", "dia 9"]);
    expect(await names(`?link_page_id=${otherPage.id}`)).toEqual(["dia 10"]);
    expect(await names("?from=2026-03-10&to=2026-03-10")).toEqual(["dia 10"]);
    expect(await names("?from=2026-03-09&to=2026-03-09")).toEqual(["dia 9"]);
    expect(await names("?from=2026-03-10")).toEqual(["dia 11", "dia 10"]);
    expect(await names(`?to=2026-03-10&link_page_id=${page.id}`)).toEqual(["dia 9"]);
    expect(await names("?from=&to=")).toEqual(["dia 11", "dia 10", "dia 9"]);
  });

  it("refuses bad filters in pt-BR", async () => {
    const { cookie } = await owner();
    for (const [query, message] of [
      ["?from=2026-02-30", "Data inicial inválida (use AAAA-MM-DD)"],
      ["?from=10/03/2026", "Data inicial inválida (use AAAA-MM-DD)"],
      ["?to=amanha", "Data final inválida (use AAAA-MM-DD)"],
      ["?from=2026-03-11&to=2026-03-10", LEAD_MESSAGES.periodReversed],
      ["?link_page_id=abc", "Página Link Bio inválida"],
      ["?page=0", "Página inválida"],
      [`?q=${"x".repeat(201)}`, "Busca longa demais"],
    ] as const) {
      const response = await t.request({ method: "GET", url: `/api/leads${query}`, cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(message);
    }
  });

  it("shows only the user's own leads, and asks for a session", async () => {
    const { user, cookie } = await owner();
    const other = await owner();
    await insertLead({ userId: user.id, email: "meu@exemplo.com.br" });
    await insertLead({ userId: other.user.id, email: "alheio@exemplo.com.br" });
    const mine = await list(cookie);
    expect(mine.items.map((lead) => lead.email)).toEqual(["meu@exemplo.com.br"]);
    // Another user's page as a filter finds nothing.
    expect((await list(cookie, `?link_page_id=${other.page.id}`)).total).toBe(0);
    expect((await t.request({ method: "GET", url: "/api/leads" })).statusCode).toBe(401);
  });
});

describe("the plan's contacts per month", () => {
  it("hides this month's leads past the limit (kept), everywhere the owner reads them", async () => {
    const { user, cookie } = await owner();
    await onLeadLimit(user.id, 3);
    const lastMonth = new Date(startOfMonthInZone().getTime() - 86_400_000);
    await insertLead({ userId: user.id, name: "mês passado", createdAt: lastMonth });
    const now = Date.now();
    for (let i = 1; i <= 5; i++) {
      await insertLead({ userId: user.id, name: `novo ${i}`, createdAt: new Date(now - 60_000 + i * 1000) });
    }
    const shown = await list(cookie);
    expect(shown).toMatchObject({ total: 4, hidden: 2 });
    // The first 3 of the month by arrival are shown; the 4th and 5th wait.
    expect(shown.items.map((lead) => lead.name)).toEqual(["novo 3", "novo 2", "novo 1", "mês passado"]);
    expect(await db().$count(leads, eq(leads.userId, user.id))).toBe(6);

    const csv = await t.request({ method: "GET", url: "/api/leads/export.csv", cookie });
    expect(csv.body).toContain("novo 3");
    expect(csv.body).not.toContain("novo 4");

    const limits = await t.request({ method: "GET", url: "/api/user/limits", cookie });
    expect(limits.json<UsageLimits>().leads_this_month).toEqual({ used: 5, limit: 3 });
  });

  it("shows every lead when the plan has no limit", async () => {
    const { user, cookie } = await owner();
    await onLeadLimit(user.id, null);
    for (let i = 0; i < 4; i++) await insertLead({ userId: user.id, name: `n${i}` });
    expect(await list(cookie)).toMatchObject({ total: 4, hidden: 0 });
    const limits = await t.request({ method: "GET", url: "/api/user/limits", cookie });
    expect(limits.json<UsageLimits>().leads_this_month).toEqual({ used: 4, limit: null });
  });

  it("gives the free plan 100 a month, in the public plan list", async () => {
    const response = await t.request({ method: "GET", url: "/api/subscription-plans" });
    const plans = response.json<SubscriptionPlan[]>();
    expect(plans.find((plan) => plan.price_cents === 0)?.max_leads_per_month).toBe(100);
    expect(plans.find((plan) => plan.name === "Pro")?.max_leads_per_month).toBeNull();
    const { cookie } = await owner();
    const limits = await t.request({ method: "GET", url: "/api/user/limits", cookie });
    expect(limits.json<UsageLimits>().leads_this_month).toEqual({ used: 0, limit: 100 });
  });
});

describe("DELETE /api/leads/{id} and DELETE /api/leads", () => {
  it("deletes one of the user's leads; another's answers 404 and stays", async () => {
    const { user, cookie } = await owner();
    const other = await owner();
    const mine = await insertLead({ userId: user.id, email: "a@exemplo.com.br" });
    const kept = await insertLead({ userId: user.id, email: "b@exemplo.com.br" });
    const theirs = await insertLead({ userId: other.user.id, email: "c@exemplo.com.br" });

    const deleted = await t.request({ method: "DELETE", url: `/api/leads/${mine.id}`, cookie });
    expect(deleted.statusCode).toBe(204);
    expect((await list(cookie)).items.map((lead) => lead.id)).toEqual([kept.id]);

    for (const id of [theirs.id, mine.id, 99_999_999]) {
      const response = await t.request({ method: "DELETE", url: `/api/leads/${id}`, cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(LEAD_MESSAGES.notFound);
    }
    expect(await db().$count(leads, eq(leads.id, theirs.id))).toBe(1);
  });

  it("deletes every lead of the user, hidden ones too, and says how many", async () => {
    const { user, cookie } = await owner();
    const other = await owner();
    await onLeadLimit(user.id, 1);
    for (let i = 0; i < 3; i++) await insertLead({ userId: user.id, name: `n${i}` });
    await insertLead({ userId: other.user.id });
    const response = await t.request({ method: "DELETE", url: "/api/leads", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: LEAD_MESSAGES.allDeleted, deleted: 3 });
    expect(await list(cookie)).toMatchObject({ total: 0, hidden: 0, items: [] });
    expect(await db().$count(leads, eq(leads.userId, other.user.id))).toBe(1);
    expect((await t.request({ method: "DELETE", url: "/api/leads", cookie })).json().deleted).toBe(0);
  });
});

describe("GET /api/leads/export.csv", () => {
  it("downloads the filtered leads as CSV: BOM, `;`, São Paulo dates, the consent's time, text and version", async () => {
    const { user, cookie, page } = await owner();
    const first = await insertLead({
      userId: user.id,
      linkPageId: page.id,
      name: 'Ana; a "Loja"',
      email: "ana@exemplo.com.br",
      phone: "+5511987654321",
      createdAt: new Date("2026-03-10T02:30:00Z"),
      consentAt: new Date("2026-03-12T15:05:00Z"),
    });
    const second = await insertLead({
      userId: user.id,
      name: '=HYPERLINK("http://mal.example")',
      createdAt: new Date("2026-03-11T12:00:00Z"),
      consentText: "Outro texto, versão nova",
    });
    await insertLead({ userId: (await owner()).user.id, name: "De outra pessoa" });

    const response = await t.request({ method: "GET", url: "/api/leads/export.csv", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const lines = response.body.slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "id;pagina;nome;email;whatsapp;recebido_em;consentimento_em;texto_do_consentimento;versao_do_consentimento",
      `${second.id};;"'=HYPERLINK(""http://mal.example"")";;;11/03/2026 09:00;11/03/2026 09:00;Outro texto, versão nova;${second.consentTextId}`,
      `${first.id};${page.slug};"Ana; a ""Loja""";ana@exemplo.com.br;"'+5511987654321";09/03/2026 23:30;12/03/2026 12:05;${CONSENT};${first.consentTextId}`,
    ]);
    expect(second.consentTextId).not.toBe(first.consentTextId);

    // The list's filters.
    const filtered = await t.request({
      method: "GET",
      url: `/api/leads/export.csv?from=2026-03-09&to=2026-03-09&q=ana`,
      cookie,
    });
    expect(filtered.body.slice(1).trimEnd().split("\r\n")).toHaveLength(2);
    expect(filtered.body).toContain("ana@exemplo.com.br");
    const bad = await t.request({ method: "GET", url: "/api/leads/export.csv?to=ontem", cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Data final inválida (use AAAA-MM-DD)");
  });

  it("streams more leads than a chunk, each once", async () => {
    const { user, cookie } = await owner();
    const version = await consentVersion(user.id);
    // Most of them in the same instant: ties go by id.
    await db()
      .insert(leads)
      .values(
        Array.from({ length: 2_345 }, (_, i) => ({
          userId: user.id,
          email: `c${i}@exemplo.com.br`,
          consentAt: new Date("2026-01-01T12:00:00Z"),
          consentTextId: version,
          createdAt: new Date(i < 2_000 ? "2026-01-01T12:00:00Z" : `2026-01-02T12:00:0${i % 10}Z`),
        })),
      );
    const response = await t.request({ method: "GET", url: "/api/leads/export.csv", cookie });
    const lines = response.body.slice(1).trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(2_345);
    expect(new Set(lines.map((line) => line.split(";")[0])).size).toBe(2_345);
  });
});

describe("API keys", () => {
  const keyWith = async (cookie: string, scopes: string[]) => {
    const response = await t.request({
      method: "POST",
      url: "/api/api-keys",
      cookie,
      payload: { name: scopes.join(" "), scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKey>().key;
  };
  const bearer = (key: string, method: "GET" | "DELETE", url: string) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });

  it("leads:read lists and exports, leads:write deletes, and neither does the other's job", async () => {
    const { user, cookie } = await owner();
    const lead = await insertLead({ userId: user.id, email: "api@exemplo.com.br" });
    const read = await keyWith(cookie, ["leads:read"]);
    const write = await keyWith(cookie, ["leads:write"]);

    const listed = await bearer(read, "GET", "/api/leads");
    expect(listed.statusCode).toBe(200);
    expect(listed.json<LeadList>().items.map((item: Lead) => item.id)).toEqual([lead.id]);
    const exported = await bearer(read, "GET", "/api/leads/export.csv");
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("api@exemplo.com.br");

    for (const url of [`/api/leads/${lead.id}`, "/api/leads"]) {
      const refused = await bearer(read, "DELETE", url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toBe(API_KEY_MESSAGES.missingScope);
    }
    expect((await bearer(write, "GET", "/api/leads")).statusCode).toBe(403);
    expect((await bearer(write, "DELETE", `/api/leads/${lead.id}`)).statusCode).toBe(204);
    await insertLead({ userId: user.id });
    expect((await bearer(write, "DELETE", "/api/leads")).json()).toEqual({
      message: LEAD_MESSAGES.allDeleted,
      deleted: 1,
    });
  });

  it("refuses a key without a leads scope", async () => {
    const { cookie } = await owner();
    const pages = await keyWith(cookie, ["pages:read", "pages:write", "analytics:read"]);
    for (const [method, url] of [
      ["GET", "/api/leads"],
      ["GET", "/api/leads/export.csv"],
      ["DELETE", "/api/leads"],
      ["DELETE", "/api/leads/1"],
    ] as const) {
      const response = await bearer(pages, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe(API_KEY_MESSAGES.missingScope);
    }
  });

  it("the OpenAPI document describes the leads calls and their scopes", async () => {
    const document = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<OpenApiDocument>();
    expect(document.paths["/api/leads"]?.get?.["x-scope"]).toBe("leads:read");
    expect(document.paths["/api/leads"]?.delete?.["x-scope"]).toBe("leads:write");
    expect(document.paths["/api/leads/export.csv"]?.get?.["x-scope"]).toBe("leads:read");
    expect(document.paths["/api/leads/{id}"]?.delete?.["x-scope"]).toBe("leads:write");
    expect(document.paths["/api/leads"]?.get?.parameters?.map((p) => p.name)).toEqual([
      "q",
      "link_page_id",
      "from",
      "to",
      "page",
    ]);
  });
});

describe("the lead.created webhook", () => {
  type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "/", headers: request.headers, body });
      response.writeHead(200).end("ok");
    });
  });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  async function waitFor(path: string, ms = 5_000) {
    const until = Date.now() + ms;
    for (;;) {
      const found = received.filter((r) => r.path === path);
      if (found.length > 0) return found;
      if (Date.now() > until) throw new Error(`nothing at ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** What a receiver does with X-Atalho-Signature: recompute it over the raw body and compare. */
  const verifies = (secret: string, request: Received) => {
    const timestamp = String(request.headers["x-atalho-timestamp"]);
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
    const given = String(request.headers["x-atalho-signature"]);
    return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  };

  it("sends each new lead, signed, with its consent, to the owner's subscribed webhooks", async () => {
    const { user, cookie, page } = await owner();
    const path = `/leads-${unique("hook")}`;
    const created = await t.request({
      method: "POST",
      url: "/api/webhooks",
      cookie,
      payload: { url: `${origin}${path}`, events: ["lead.created"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json<CreatedWebhook>();

    const lead = await insertLead({
      userId: user.id,
      linkPageId: page.id,
      name: "Ana",
      email: "ana@exemplo.com.br",
      phone: "+5511987654321",
    });
    leadCreated(t.app, {
      lead,
      page: { id: page.id, title: "Loja da Ana", slug: page.slug },
      overLimit: false,
    });

    const [call] = await waitFor(path);
    expect(call!.headers["x-atalho-event"]).toBe("lead.created");
    expect(verifies(webhook.secret, call!)).toBe(true);
    expect(verifies("whsec_outro", call!)).toBe(false);
    const body = JSON.parse(call!.body);
    expect(body).toMatchObject({ event: "lead.created", id: expect.any(Number) });
    expect(body.data).toEqual({
      id: lead.id,
      link_page_id: page.id,
      name: "Ana",
      email: "ana@exemplo.com.br",
      phone: "+5511987654321",
      created_at: lead.createdAt.toISOString(),
      consent_at: lead.consentAt.toISOString(),
      consent_text: CONSENT,
      consent_version: lead.consentTextId,
    });
  });

  it("sends nothing for a lead past the plan's limit, nor to a webhook of other events", async () => {
    const { user, cookie, page } = await owner();
    const hooks: number[] = [];
    for (const events of [["lead.created"], ["link.created"]]) {
      const created = await t.request({
        method: "POST",
        url: "/api/webhooks",
        cookie,
        payload: { url: `${origin}/quiet-${unique("hook")}`, events },
      });
      hooks.push(created.json<CreatedWebhook>().id);
    }
    const pageRef = { id: page.id, title: "Loja da Ana", slug: page.slug };
    leadCreated(t.app, { lead: await insertLead({ userId: user.id }), page: pageRef, overLimit: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.webhooks.settled();
    expect(await db().$count(webhookDeliveries, inArray(webhookDeliveries.webhookId, hooks))).toBe(0);

    leadCreated(t.app, { lead: await insertLead({ userId: user.id }), page: pageRef, overLimit: false });
    const until = Date.now() + 5_000;
    while ((await db().$count(webhookDeliveries, inArray(webhookDeliveries.webhookId, hooks))) === 0) {
      if (Date.now() > until) throw new Error("no delivery queued");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const queued = await db()
      .select({ webhookId: webhookDeliveries.webhookId })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.webhookId, hooks));
    expect(queued).toEqual([{ webhookId: hooks[0] }]);
  });
});

describe("the account's data (LGPD)", () => {
  it("the data export holds every lead of the user with the proof of consent", async () => {
    const { user, cookie, page } = await owner();
    await onLeadLimit(user.id, 1);
    const first = await insertLead({ userId: user.id, linkPageId: page.id, email: "um@exemplo.com.br" });
    const hidden = await insertLead({ userId: user.id, phone: "+5511911112222", consentText: "Versão 2" });
    await insertLead({ userId: (await owner()).user.id, email: "alheio@exemplo.com.br" });

    const response = await t.request({ method: "GET", url: "/api/user/export", cookie });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.leads).toEqual([
      {
        id: first.id,
        link_page_id: page.id,
        name: null,
        email: "um@exemplo.com.br",
        phone: null,
        created_at: first.createdAt.toISOString(),
        updated_at: first.updatedAt.toISOString(),
        consent_at: first.consentAt.toISOString(),
        consent_text: CONSENT,
        consent_version: first.consentTextId,
      },
      expect.objectContaining({ id: hidden.id, phone: "+5511911112222", consent_text: "Versão 2" }),
    ]);
    expect(response.body).not.toContain("alheio@exemplo.com.br");
  });

  it("deleting the account deletes its leads, consent texts and push subscriptions, slice by slice", async () => {
    const { user, cookie, page } = await owner();
    const other = await owner();
    for (let i = 0; i < 7; i++) {
      await insertLead({
        userId: user.id,
        linkPageId: i % 2 ? page.id : null,
        email: `x${i}@exemplo.com.br`,
      });
    }
    await insertLead({ userId: user.id, consentText: "Versão 2" });
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: user.id,
        endpoint: `https://push.exemplo.com.br/${unique("sub")}`,
        p256dh: "chave",
        auth: "segredo",
      });
    const theirs = await insertLead({ userId: other.user.id });

    const saved = { ...DELETION_SLICES };
    Object.assign(DELETION_SLICES, { leads: 3 });
    try {
      const response = await t.request({
        method: "DELETE",
        url: "/api/user",
        cookie,
        payload: { password: FACTORY_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      Object.assign(DELETION_SLICES, saved);
    }
    expect(await db().$count(users, eq(users.id, user.id))).toBe(0);
    expect(await db().$count(leads, eq(leads.userId, user.id))).toBe(0);
    expect(await db().$count(consentTexts, eq(consentTexts.userId, user.id))).toBe(0);
    expect(await db().$count(pushSubscriptions, eq(pushSubscriptions.userId, user.id))).toBe(0);
    expect(await db().$count(leads, eq(leads.id, theirs.id))).toBe(1);
  });
});

describe("the plan's max_leads_per_month (administrator)", () => {
  it("is set on create, kept when a PUT leaves it out, and emptied or changed when sent", async () => {
    const name = unique("Plano");
    const created = await asAdmin("POST", "/api/admin/subscription-plans", {
      name,
      price_cents: 2990,
      max_leads_per_month: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<{ plan: AdminPlan }>().plan;
    expect(plan.max_leads_per_month).toBe(50);
    const put = (body: object) =>
      asAdmin("PUT", `/api/admin/subscription-plans/${plan.id}`, { name, price_cents: 2990, ...body });

    const without = await put({ max_link_pages: 7 });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json<{ plan: AdminPlan }>().plan).toMatchObject({
      max_link_pages: 7,
      max_leads_per_month: 50,
    });
    expect(
      (await put({ max_leads_per_month: "200" })).json<{ plan: AdminPlan }>().plan.max_leads_per_month,
    ).toBe(200);
    expect(
      (await put({ max_leads_per_month: -1 })).json<{ plan: AdminPlan }>().plan.max_leads_per_month,
    ).toBeNull();
    expect((await put({ max_leads_per_month: 0 })).json<{ plan: AdminPlan }>().plan.max_leads_per_month).toBe(
      0,
    );
    expect(
      (await put({ max_leads_per_month: "" })).json<{ plan: AdminPlan }>().plan.max_leads_per_month,
    ).toBeNull();
    const [row] = await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.id, plan.id));
    expect(row!.maxLeadsPerMonth).toBeNull();

    // The same pt-BR messages as the other limits.
    for (const value of ["muitos", -5, 1.5, 100_000_001]) {
      const refused = await put({ max_leads_per_month: value });
      expect(refused.statusCode, String(value)).toBe(400);
      expect(refused.json().error).toBe((await put({ max_link_pages: value })).json().error);
    }
    expect((await put({ max_leads_per_month: -5 })).json().error).toBe("Use um número a partir de 0");

    const plain = await asAdmin("POST", "/api/admin/subscription-plans", {
      name: unique("Plano"),
      price_cents: 990,
    });
    expect(plain.json<{ plan: AdminPlan }>().plan.max_leads_per_month).toBeNull();
  });
});
