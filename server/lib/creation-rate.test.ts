import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminPlan } from "../../common/contract/admin";
import { subscriptionPlans, userSubscriptions } from "../../db/schema";
import { setupTestApp } from "../../tests/test-app";
import { findFreePlan } from "../modules/billing/plans.queries";
import { creationRateMessage } from "./creation-rate";

const t = setupTestApp();
const db = () => t.database.db;

let admin: { cookie: string };
beforeAll(async () => {
  admin = await t.signIn({ isAdmin: true });
});

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${++sequence}`;

async function planWith(creationsPerHour: number | null) {
  const [plan] = await db()
    .insert(subscriptionPlans)
    .values({ name: `Taxa ${unique()}`, priceCents: 990, creationsPerHour, maxShortenedUrls: null })
    .returning();
  return plan!;
}

async function userOn(planId: number) {
  const { user, cookie } = await t.signIn();
  await db()
    .insert(userSubscriptions)
    .values({ userId: user.id, planId, status: "active", expiresAt: new Date(Date.now() + 86_400_000) });
  return { user, cookie };
}

/** A new short link to a new address; `fields` besides (a custom code). */
const shorten = (cookie: string, fields: object = {}) =>
  t.request({
    method: "POST",
    url: "/api/shortened-urls",
    cookie,
    payload: { original_url: `https://exemplo.com.br/${unique()}`, ...fields },
  });
const createPage = (cookie: string) =>
  t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie,
    payload: { slug: `p${unique()}`, title: "Ana" },
  });
const createLink = (cookie: string, pageId: number) =>
  t.request({
    method: "POST",
    url: `/api/link-pages/${pageId}/links`,
    cookie,
    payload: { title: "Site", url: `https://exemplo.com.br/${unique()}` },
  });

describe("creations per hour, by plan", () => {
  it("refuses the 4th creation on a plan of 3 an hour, with a pt-BR message and Retry-After", async () => {
    const plan = await planWith(3);
    const { cookie } = await userOn(plan.id);
    for (let i = 0; i < 3; i++) expect((await shorten(cookie)).statusCode).toBe(201);
    const refused = await shorten(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      "Você atingiu o limite de 3 criações por hora do seu plano. Tente novamente mais tarde.",
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(60 * 59);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Someone else on the same plan has their own hour.
    const other = await userOn(plan.id);
    expect((await shorten(other.cookie)).statusCode).toBe(201);
  });

  it("counts short links, Link Bio pages and Link Bio links together", async () => {
    const plan = await planWith(3);
    const { cookie } = await userOn(plan.id);
    const page = await createPage(cookie);
    expect(page.statusCode).toBe(201);
    expect((await createLink(cookie, page.json<{ id: number }>().id)).statusCode).toBe(201);
    expect((await shorten(cookie)).statusCode).toBe(201);
    for (const refused of [
      await createPage(cookie),
      await createLink(cookie, page.json<{ id: number }>().id),
      await shorten(cookie),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(creationRateMessage(3));
    }
  });

  it("counts the blocks that lead somewhere, and leaves headings, texts and dividers free", async () => {
    const plan = await planWith(2);
    const { cookie } = await userOn(plan.id);
    const pageId = (await createPage(cookie)).json<{ id: number }>().id;
    const addBlock = (payload: object) =>
      t.request({ method: "POST", url: `/api/link-pages/${pageId}/blocks`, cookie, payload });
    // The page took one of the two: a WhatsApp block has no address we check, a social one has.
    for (const free of [
      { type: "header", data: { text: "Cursos" } },
      { type: "text", data: { text: "Aulas às terças." } },
      { type: "divider", data: {} },
      { type: "whatsapp", data: { phone: "11987654321" } },
    ]) {
      expect((await addBlock(free)).statusCode).toBe(201);
    }
    const social = {
      type: "social",
      data: { items: [{ network: "site", url: `exemplo.com.br/${unique()}` }] },
    };
    expect((await addBlock(social)).statusCode).toBe(201);
    const refused = await addBlock({ type: "link", data: { title: "Site", url: "https://exemplo.com.br" } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(creationRateMessage(2));
    expect((await addBlock({ type: "header", data: { text: "Ainda livre" } })).statusCode).toBe(201);
  });

  it("counts an edit that gives addresses to a block that had none, and not one that changes an address", async () => {
    const plan = await planWith(3);
    const { cookie } = await userOn(plan.id);
    const pageId = (await createPage(cookie)).json<{ id: number }>().id;
    const call = (method: "POST" | "PUT", url: string, payload: object) =>
      t.request({ method, url, cookie, payload });
    const image = (link_url?: string) => ({
      image_url: "https://exemplo.com.br/foto.png",
      alt: "Foto",
      link_url,
    });
    const free = (
      await call("POST", `/api/link-pages/${pageId}/blocks`, { type: "image", data: image() })
    ).json<{ id: number }>();
    const linked = await call("POST", `/api/link-pages/${pageId}/blocks`, {
      type: "link",
      data: { title: "Site", url: "https://exemplo.com.br/a" },
    });
    // The page and the link took two of the three; the image without a link was free.
    expect(
      (
        await call("PUT", `/api/blocks/${linked.json<{ id: number }>().id}`, {
          data: { title: "Site", url: "https://exemplo.com.br/b" },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call("PUT", `/api/blocks/${free.id}`, { data: image("https://exemplo.com.br/c") })).statusCode,
    ).toBe(200);
    const refused = await call("POST", `/api/link-pages/${pageId}/blocks`, {
      type: "link",
      data: { title: "Outro", url: "https://exemplo.com.br/d" },
    });
    expect(refused.statusCode).toBe(429);
  });

  it("counts a page created with its first links as one creation each, all or none", async () => {
    const plan = await planWith(3);
    const { cookie } = await userOn(plan.id);
    const withLinks = (count: number) =>
      t.request({
        method: "POST",
        url: "/api/link-pages",
        cookie,
        payload: {
          slug: `p${unique()}`,
          title: "Ana",
          links: Array.from({ length: count }, (_, i) => ({ title: `L${i}`, url: "https://a.com" })),
        },
      });
    const tooMany = await withLinks(3);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toBe(creationRateMessage(3));
    // Nothing was taken by the refused one: a page with two links still fits, then nothing does.
    expect((await withLinks(2)).statusCode).toBe(201);
    expect((await shorten(cookie)).statusCode).toBe(429);
  });

  it("gives back a creation that failed (a code already taken)", async () => {
    const plan = await planWith(2);
    const { cookie } = await userOn(plan.id);
    const code = `taken${unique()}`;
    expect((await shorten(cookie, { custom_code: code })).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await shorten(cookie, { custom_code: code })).statusCode).toBe(409);
    // The budget is freed after the answer is sent: wait for it rather than race it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await shorten(cookie)).statusCode).toBe(201);
    expect((await shorten(cookie)).statusCode).toBe(429);
  });

  it("counts the rows of a CSV import, and refuses the rows past the hour's budget", async () => {
    const plan = await planWith(3);
    const { cookie } = await userOn(plan.id);
    expect((await shorten(cookie)).statusCode).toBe(201);
    const csv = [
      "original_url",
      ...[1, 2, 3, 4].map((n) => `https://exemplo.com.br/csv-${unique()}-${n}`),
    ].join("\n");
    const imported = await t.request({
      method: "POST",
      url: "/api/shortened-urls/import",
      cookie,
      payload: { csv },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().created).toBe(2);
    expect(imported.json().refused).toEqual([
      { row: 4, field: "limit", message: creationRateMessage(3) },
      { row: 5, field: "limit", message: creationRateMessage(3) },
    ]);
    expect((await shorten(cookie)).statusCode).toBe(429);
  });

  it("does not count a body the schema refuses", async () => {
    const plan = await planWith(1);
    const { cookie } = await userOn(plan.id);
    const bad = await t.request({ method: "POST", url: "/api/shortened-urls", cookie, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect((await shorten(cookie)).statusCode).toBe(201);
    const refused = await shorten(cookie);
    expect(refused.json().error).toBe(
      "Você atingiu o limite de 1 criação por hora do seu plano. Tente novamente mais tarde.",
    );
  });

  it("has no limit when the plan's is empty (null), and an edit of the plan holds at once", async () => {
    const plan = await planWith(2);
    const { cookie } = await userOn(plan.id);
    for (let i = 0; i < 2; i++) expect((await shorten(cookie)).statusCode).toBe(201);
    expect((await shorten(cookie)).statusCode).toBe(429);

    const body = { name: plan.name, price_cents: plan.priceCents, creations_per_hour: "" };
    const saved = await t.request({
      method: "PUT",
      url: `/api/admin/subscription-plans/${plan.id}`,
      cookie: admin.cookie,
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ plan: AdminPlan }>().plan.creations_per_hour).toBeNull();
    for (let i = 0; i < 8; i++) expect((await shorten(cookie)).statusCode).toBe(201);
  });

  it("follows the free plan for a user without a subscription", async () => {
    const free = await findFreePlan(db());
    const before = free.creationsPerHour;
    await db()
      .update(subscriptionPlans)
      .set({ creationsPerHour: 2 })
      .where(eq(subscriptionPlans.id, free.id));
    try {
      const { cookie } = await t.signIn();
      for (let i = 0; i < 2; i++) expect((await createPage(cookie)).statusCode).toBe(201);
      expect((await createPage(cookie)).json().error).toBe(creationRateMessage(2));
    } finally {
      await db()
        .update(subscriptionPlans)
        .set({ creationsPerHour: before })
        .where(eq(subscriptionPlans.id, free.id));
    }
  });
});

describe("the admin plan form's creations per hour", () => {
  const put = (id: number, payload: object) =>
    t.request({ method: "PUT", url: `/api/admin/subscription-plans/${id}`, cookie: admin.cookie, payload });
  const stored = async (id: number) =>
    (await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)))[0]!.creationsPerHour;

  it("is saved, listed, kept when absent, and refused in pt-BR when not a count", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/admin/subscription-plans",
      cookie: admin.cookie,
      payload: { name: `Novo ${unique()}`, price_cents: 500 },
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json<{ plan: AdminPlan }>().plan;
    // Absent on a new plan: the column's default.
    expect(plan.creations_per_hour).toBe(60);

    expect(
      (await put(plan.id, { name: plan.name, price_cents: 500, creations_per_hour: 120 })).statusCode,
    ).toBe(200);
    expect(await stored(plan.id)).toBe(120);
    expect((await put(plan.id, { name: plan.name, price_cents: 500 })).statusCode).toBe(200);
    expect(await stored(plan.id)).toBe(120);
    const listed = await t.request({
      method: "GET",
      url: "/api/admin/subscription-plans",
      cookie: admin.cookie,
    });
    expect(listed.json<AdminPlan[]>().find((row) => row.id === plan.id)?.creations_per_hour).toBe(120);

    const bad = await put(plan.id, { name: plan.name, price_cents: 500, creations_per_hour: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Use um número inteiro");
    expect(await stored(plan.id)).toBe(120);
  });
});
