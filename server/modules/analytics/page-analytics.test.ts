import { and, eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PageAnalytics, TargetAnalytics } from "../../../common/contract/analytics";
import { addDays, dayOf, startOfDayInZone } from "../../../common/time";
import { rowsOf } from "../../../db/client";
import { clickEvents, pageDaily } from "../../../db/schema";
import { subscribeUser } from "../../../tests/factories";
import { BROWSER_USER_AGENT, setupTestApp, TEST_PUBLIC_URL } from "../../../tests/test-app";
import { DailyVisitorKey } from "../../lib/daily-visitor-key";
import { getPageAnalytics } from "./analytics.service";
import { purgeExpiredAnalytics } from "./analytics-retention";

// Issue 35: a Link Bio page's views, unique visitors, clicks and CTR, recorded as events on the
// click pipeline and read from page_daily.

const t = setupTestApp();
let counter = 0;
const uniqueSlug = () => `vistas-${process.pid}-${++counter}`;
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Json = Record<string, unknown>;

async function pageWithLinks(cookie: string, body: Json = {}) {
  const created = await t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie,
    payload: { slug: uniqueSlug(), title: "Ana Souza", ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  const page = created.json<{ id: number; slug: string }>();
  const blocks = [];
  for (const [title, url] of [
    ["Loja", "https://loja.com.br"],
    ["Agenda", "https://agenda.com.br"],
  ]) {
    const block = await t.request({
      method: "POST",
      url: `/api/link-pages/${page.id}/blocks`,
      cookie,
      payload: { type: "link", data: { title, url } },
    });
    expect(block.statusCode, block.body).toBe(201);
    blocks.push(block.json<{ id: number }>());
  }
  return { page, loja: blocks[0]!, agenda: blocks[1]! };
}

const visit = (
  slug: string,
  ip: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) =>
  t.request({
    method,
    url: `/p/${slug}`,
    remoteAddress: ip,
    headers: { "user-agent": PHONE, referer: "https://l.instagram.com/", ...headers },
  });

const tap = (linkId: number, ip: string, agent = PHONE) =>
  t.request({
    method: "POST",
    url: "/api/track-link-click",
    payload: { link_id: linkId, referrer: "https://l.instagram.com/" },
    remoteAddress: ip,
    headers: { origin: TEST_PUBLIC_URL, "user-agent": agent },
  });

async function figures(cookie: string, pageId: number, query = "range=7d") {
  const response = await t.request({
    method: "GET",
    url: `/api/link-pages/${pageId}/analytics?${query}`,
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PageAnalytics>();
}

describe("page views and unique visitors", () => {
  it("counts views and the day's unique visitors: two visitors, one of them twice; clicks and CTR per block", async () => {
    const { cookie } = await t.signIn();
    const { page, loja, agenda } = await pageWithLinks(cookie);
    expect((await visit(page.slug, "203.0.113.10")).statusCode).toBe(200);
    expect((await visit(page.slug, "203.0.113.10")).statusCode).toBe(200);
    expect((await visit(page.slug, "198.51.100.20", { "user-agent": BROWSER_USER_AGENT })).statusCode).toBe(
      200,
    );
    // Two phones behind one carrier address are two people.
    expect((await visit(page.slug, "198.51.100.20")).statusCode).toBe(200);
    expect((await tap(loja.id, "203.0.113.10")).statusCode).toBe(204);
    expect((await tap(loja.id, "198.51.100.20")).statusCode).toBe(204);
    expect((await tap(agenda.id, "203.0.113.10")).statusCode).toBe(204);
    await t.app.clicks.flush();

    const body = await figures(cookie, page.id);
    expect(body).toMatchObject({ views: 4, unique_visitors: 3, clicks: 3, ctr: 0.75 });
    const today = body.daily.at(-1)!;
    expect(today).toEqual({ date: dayOf(Date.now()), views: 4, unique_visitors: 3, clicks: 3 });
    expect(body.daily).toHaveLength(7);
    expect(body.daily.slice(0, 6).every((day) => day.views === 0 && day.clicks === 0)).toBe(true);
    expect(body.blocks).toEqual([
      { id: loja.id, type: "link", title: "Loja", clicks: 2, ctr: 0.5 },
      { id: agenda.id, type: "link", title: "Agenda", clicks: 1, ctr: 0.25 },
    ]);
    expect(body.referrers).toEqual([{ value: "l.instagram.com", views: 4, clicks: 3 }]);
    // Documentation addresses have no country: unknown, the total less the known (none here).
    expect(body.countries).toEqual([{ value: "", views: 4, clicks: 3 }]);
    expect(body.devices).toEqual([
      { value: "mobile", views: 3, clicks: 3 },
      { value: "desktop", views: 1, clicks: 0 },
    ]);
    // The click drill-down's figures agree.
    expect(body.total_clicks).toBe(3);
    // A view is an event, not a click: the page's click count and the account's clicks leave it out.
    const [row] = rowsOf<{ click_count: number }>(
      await t.database.db.execute(sql`select click_count from link_pages where id = ${page.id}`),
    );
    expect(Number(row!.click_count)).toBe(3);
    // No address is kept: only the day's hash.
    const events = await t.database.db
      .select()
      .from(clickEvents)
      .where(and(eq(clickEvents.targetType, "link_page"), eq(clickEvents.targetId, page.id)));
    expect(events.reduce((n, e) => n + e.clicks, 0)).toBe(4);
    expect(events.every((e) => typeof e.visitor === "bigint")).toBe(true);
    expect(JSON.stringify(events, (_, v) => (typeof v === "bigint" ? v.toString() : v))).not.toContain(
      "203.0.113",
    );
  });

  it("counts no view for a HEAD, a bot, a prefetch, the owner's preview, a 404 or the 18+ notice", async () => {
    const { cookie } = await t.signIn();
    const { page } = await pageWithLinks(cookie);
    const ip = "192.0.2.30";
    expect((await visit(page.slug, ip, {}, "HEAD")).statusCode).toBe(200);
    expect((await visit(page.slug, ip, { "user-agent": GOOGLEBOT })).statusCode).toBe(200);
    expect((await visit(page.slug, ip, { "user-agent": "" })).statusCode).toBe(200);
    expect((await visit(page.slug, ip, { "sec-purpose": "prefetch" })).statusCode).toBe(200);
    expect((await visit(page.slug, ip, { "sec-purpose": "prefetch;prerender" })).statusCode).toBe(200);
    expect((await visit(page.slug, ip, { purpose: "prefetch" })).statusCode).toBe(200);
    expect((await visit(`${page.slug}?previa=1`, ip)).statusCode).toBe(200);
    expect((await visit(`${page.slug}-nao-existe`, ip)).statusCode).toBe(404);
    const adult = await pageWithLinks(cookie, { is_sensitive: true });
    const notice = await visit(adult.page.slug, ip);
    expect(notice.statusCode).toBe(200);
    expect(notice.body).toContain("?idade=18");
    await t.app.clicks.flush();
    expect((await figures(cookie, page.id)).views).toBe(0);
    expect((await figures(cookie, adult.page.id)).views).toBe(0);
    // The confirmed page shows the blocks: that is a view. A revalidation (304) is one too.
    const confirmed = await visit(`${adult.page.slug}?idade=18`, ip);
    expect(confirmed.statusCode).toBe(200);
    const again = await visit(`${adult.page.slug}?idade=18`, ip, {
      "if-none-match": String(confirmed.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    await t.app.clicks.flush();
    expect(await figures(cookie, adult.page.id)).toMatchObject({ views: 2, unique_visitors: 1 });
  });

  it("counts a visitor again on a new day (Brasília), and sums a period's daily uniques", async () => {
    const { user, cookie } = await t.signIn();
    const { page } = await pageWithLinks(cookie);
    const tomorrow = startOfDayInZone(addDays(dayOf(Date.now()), 1)).getTime() + 60_000;
    // Another process's key, on the same salts: the app's own must not be moved to tomorrow.
    const visitors = new DailyVisitorKey(t.database.db);
    await visitors.refresh();
    const view = (at: number) => ({
      userId: user.id,
      targetType: "link_page" as const,
      targetId: page.id,
      linkPageId: page.id,
      occurredAt: new Date(at),
      country: "BR",
      referrerHost: null,
      device: "mobile",
      browser: "Chrome",
      os: "Android",
      isBot: false,
      visitor: visitors.visitorOf("203.0.113.40", PHONE, at),
      inApp: null,
      opened: null,
    });
    t.app.clicks.push(view(Date.now()));
    t.app.clicks.push(view(Date.now()));
    t.app.clicks.push(view(tomorrow));
    t.app.clicks.push(view(tomorrow));
    await t.app.clicks.flush();
    const rows = await t.database.db
      .select({ day: pageDaily.day, views: pageDaily.views, visitors: pageDaily.visitors })
      .from(pageDaily)
      .where(and(eq(pageDaily.linkPageId, page.id), eq(pageDaily.dimension, "total")))
      .orderBy(pageDaily.day);
    expect(rows).toEqual([
      { day: dayOf(Date.now()), views: 2, visitors: 1 },
      { day: dayOf(tomorrow), views: 2, visitors: 1 },
    ]);
    const twoDays = await getPageAnalytics(
      t.database.db,
      { kind: "link_page", userId: user.id, id: page.id },
      { range: "7d" },
      tomorrow,
    );
    expect(twoDays).toMatchObject({ views: 4, unique_visitors: 2 });
  });

  it("gives short links their unique visitors the same way", async () => {
    const { cookie } = await t.signIn();
    const created = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie,
      payload: { original_url: "https://exemplo.com.br/promo" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<{ id: number; short_code: string }>();
    for (const ip of ["203.0.113.50", "203.0.113.50", "203.0.113.51"]) {
      const response = await t.request({
        method: "GET",
        url: `/s/${link.short_code}`,
        remoteAddress: ip,
        headers: { "user-agent": PHONE },
      });
      expect(response.statusCode).toBe(302);
    }
    await t.app.clicks.flush();
    const body = (
      await t.request({ method: "GET", url: `/api/analytics/shortened-urls/${link.id}?range=7d`, cookie })
    ).json<TargetAnalytics>();
    expect(body).toMatchObject({ total_clicks: 3, unique_visitors: 2 });
  });
});

describe("GET /api/link-pages/{id}/analytics", () => {
  it("reads a period by from/to, refuses a bad one in pt-BR, and hides another user's page", async () => {
    const { cookie } = await t.signIn();
    const { page } = await pageWithLinks(cookie);
    await visit(page.slug, "203.0.113.60");
    await t.app.clicks.flush();
    const today = dayOf(Date.now());
    const period = await figures(cookie, page.id, `from=${addDays(today, -2)}&to=${today}`);
    expect(period.daily.map((day) => day.date)).toEqual([addDays(today, -2), addDays(today, -1), today]);
    expect(period.views).toBe(1);
    const before = await figures(cookie, page.id, `from=${addDays(today, -9)}&to=${addDays(today, -3)}`);
    expect(before.views).toBe(0);
    for (const [query, message] of [
      [`from=${today}`, "Informe a data inicial e a final"],
      [`from=${today}&to=${addDays(today, -1)}`, "A data final deve ser igual ou posterior à data inicial"],
      [`from=2025-01-01&to=2026-06-01`, "O período pode ter no máximo 366 dias"],
      ["from=2026-02-30&to=2026-03-01", "Data inválida"],
      ["range=2d", "Período inválido"],
    ] as const) {
      const response = await t.request({
        method: "GET",
        url: `/api/link-pages/${page.id}/analytics?${query}`,
        cookie,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
    const other = await t.signIn();
    const hidden = await t.request({
      method: "GET",
      url: `/api/link-pages/${page.id}/analytics`,
      cookie: other.cookie,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe("Página não encontrada");
  });

  it("shows no more than the plan keeps, and the purge deletes the page's old figures", async () => {
    const { user, cookie } = await t.signIn();
    const { page } = await pageWithLinks(cookie);
    const today = dayOf(Date.now());
    // The free plan keeps 30 days; the purge waits 30 more.
    await t.database.db.insert(pageDaily).values([
      {
        userId: user.id,
        linkPageId: page.id,
        day: addDays(today, -40),
        dimension: "total",
        views: 9,
        visitors: 9,
      },
      {
        userId: user.id,
        linkPageId: page.id,
        day: addDays(today, -70),
        dimension: "total",
        views: 5,
        visitors: 5,
      },
      {
        userId: user.id,
        linkPageId: page.id,
        day: addDays(today, -1),
        dimension: "total",
        views: 2,
        visitors: 1,
      },
    ]);
    expect(await figures(cookie, page.id, "range=90d")).toMatchObject({ views: 2, unique_visitors: 1 });
    await purgeExpiredAnalytics(t.database.db);
    const kept = await t.database.db
      .select({ day: pageDaily.day })
      .from(pageDaily)
      .where(eq(pageDaily.linkPageId, page.id));
    expect(kept.map((row) => row.day).sort()).toEqual([addDays(today, -40), addDays(today, -1)]);
    // On a plan that keeps a year, the 40-day-old views show again.
    await subscribeUser(t.database.db, user.id, "Pro");
    expect((await figures(cookie, page.id, "range=90d")).views).toBe(11);
  });

  it("exports the period's days as CSV for a spreadsheet in Brazil", async () => {
    const { cookie } = await t.signIn();
    const { page, loja } = await pageWithLinks(cookie);
    await visit(page.slug, "203.0.113.70");
    await visit(page.slug, "203.0.113.71");
    await tap(loja.id, "203.0.113.70");
    await t.app.clicks.flush();
    const response = await t.request({
      method: "GET",
      url: `/api/link-pages/${page.id}/analytics/export.csv?range=7d`,
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="pagina-\d+-estatisticas-.*\.csv"$/,
    );
    expect(response.body.startsWith("\uFEFFData;Visualizações;Visitantes únicos;Cliques;CTR\r\n")).toBe(true);
    const lines = response.body.trim().split("\r\n");
    expect(lines).toHaveLength(8);
    const [y, m, d] = dayOf(Date.now()).split("-");
    expect(lines.at(-1)).toBe(`${d}/${m}/${y};2;2;1;50%`);
    expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d{4};0;0;0;0%$/);
    const other = await t.signIn();
    expect(
      (
        await t.request({
          method: "GET",
          url: `/api/link-pages/${page.id}/analytics/export.csv`,
          cookie: other.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("forgets a deleted block's clicks in its page's figures, and a deleted page's figures", async () => {
    const { cookie } = await t.signIn();
    const { page, loja, agenda } = await pageWithLinks(cookie);
    // A visitor with no country (a documentation address) and one from Brazil.
    await visit(page.slug, "203.0.113.80");
    await tap(loja.id, "203.0.113.80");
    await tap(agenda.id, "203.0.113.80");
    await visit(page.slug, "177.0.0.1");
    await tap(agenda.id, "177.0.0.1");
    await t.app.clicks.flush();
    const before = await figures(cookie, page.id);
    expect(before).toMatchObject({ views: 2, clicks: 3 });
    expect(before.countries).toEqual([
      { value: "", views: 1, clicks: 2 },
      { value: "BR", views: 1, clicks: 1 },
    ]);
    // No row holds the unknown: it is derived when read (decision 031).
    const unknownRows = await t.database.db
      .select()
      .from(pageDaily)
      .where(
        and(eq(pageDaily.linkPageId, page.id), eq(pageDaily.value, ""), ne(pageDaily.dimension, "total")),
      );
    expect(unknownRows).toEqual([]);
    expect((await t.request({ method: "DELETE", url: `/api/blocks/${agenda.id}`, cookie })).statusCode).toBe(
      204,
    );
    const after = await figures(cookie, page.id);
    expect(after).toMatchObject({ views: 2, clicks: 1, ctr: 0.5 });
    expect(after.referrers).toEqual([{ value: "l.instagram.com", views: 2, clicks: 1 }]);
    // The unknown country is still the total less the known, both without the block's clicks.
    expect(after.countries).toEqual([
      { value: "", views: 1, clicks: 1 },
      { value: "BR", views: 1, clicks: 0 },
    ]);
    expect(
      (await t.request({ method: "DELETE", url: `/api/link-pages/${page.id}`, cookie })).statusCode,
    ).toBe(204);
    expect(await t.database.db.select().from(pageDaily).where(eq(pageDaily.linkPageId, page.id))).toEqual([]);
    const views = await t.database.db
      .select()
      .from(clickEvents)
      .where(and(eq(clickEvents.targetType, "link_page"), eq(clickEvents.targetId, page.id)));
    expect(views).toEqual([]);
  });
});
