import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsSummary, PageAnalytics, TargetAnalytics } from "../../../common/contract/analytics";
import { addDays, dayOf } from "../../../common/time";
import {
  type ClickTarget,
  clickDaily,
  clickDailyUser,
  linkPages,
  links,
  type PageDimension,
  pageDaily,
  type RollupDimension,
  shortenedUrls,
} from "../../../db/schema";
import { subscribeUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { summaryPeriods } from "./analytics-periods";

const t = setupTestApp();
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

type Seed = {
  day: string;
  clicks: number;
  dimension?: RollupDimension;
  value?: string;
  targetType?: ClickTarget;
  targetId?: number;
  linkPageId?: number;
};

/** Rollup rows as the click queue writes them: per target, and summed per owner. */
async function seed(userId: number, rows: Seed[]) {
  const full = rows.map((row) => ({
    userId,
    day: row.day,
    targetType: row.targetType ?? ("short_url" as const),
    targetId: row.targetId ?? 1,
    linkPageId: row.linkPageId ?? 0,
    dimension: row.dimension ?? ("total" as const),
    value: row.value ?? "",
    clicks: row.clicks,
  }));
  await t.database.db.insert(clickDaily).values(full);
  const owner = new Map<
    string,
    { userId: number; day: string; dimension: RollupDimension; value: string; clicks: number }
  >();
  for (const { day, dimension, value, clicks } of full) {
    const key = `${dimension}|${day}|${value}`;
    const row = owner.get(key);
    if (row) row.clicks += clicks;
    else owner.set(key, { userId, day, dimension, value, clicks });
  }
  await t.database.db
    .insert(clickDailyUser)
    .values([...owner.values()])
    .onConflictDoUpdate({
      target: [clickDailyUser.userId, clickDailyUser.dimension, clickDailyUser.day, clickDailyUser.value],
      set: { clicks: sql`${clickDailyUser.clicks} + excluded.clicks` },
    });
  // A block's clicks are its page's too, as the click batch sums them.
  const pageRows = full.filter((row) => row.targetType !== "short_url" && row.dimension !== "bot");
  for (const row of pageRows) {
    await t.database.db
      .insert(pageDaily)
      .values({ ...row, dimension: row.dimension as PageDimension })
      .onConflictDoUpdate({
        target: [pageDaily.userId, pageDaily.linkPageId, pageDaily.dimension, pageDaily.day, pageDaily.value],
        set: { clicks: sql`${pageDaily.clicks} + excluded.clicks` },
      });
  }
}

async function newShortUrl(userId: number) {
  const [row] = await t.database.db
    .insert(shortenedUrls)
    .values({
      userId,
      domainId: t.app.domains.default.id,
      shortCode: `an${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
      originalUrl: "https://exemplo.com.br",
    })
    .returning();
  return row!;
}

async function newLinkPage(userId: number) {
  const [page] = await t.database.db
    .insert(linkPages)
    .values({
      userId,
      domainId: t.app.domains.default.id,
      slug: `pg${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
      title: "Minha página",
    })
    .returning();
  const [link] = await t.database.db
    .insert(links)
    .values({ linkPageId: page!.id, title: "Loja", url: "https://loja.com.br" })
    .returning();
  return { page: page!, link: link! };
}

const get = (url: string, cookie: string) => t.request({ method: "GET", url, cookie });
// On a plan that keeps five years of analytics: these tests seed clicks up to 400 days old.
const signIn = async () => {
  const session = await t.signIn();
  await subscribeUser(t.database.db, session.user.id, "Enterprise");
  return session;
};

describe("GET /api/analytics", () => {
  it("sums today, the last 7 days, this month, all time and the periods before, bots apart", async () => {
    const { user, cookie } = await signIn();
    const p = summaryPeriods();
    const days = [0, 1, 2, 6, 7, 10, 13, 14, 20, 31, 45, 62, 400].map((n) => addDays(p.today, -n));
    const rows: Seed[] = days.map((day, i) => ({
      day,
      clicks: i + 1,
      targetType: i % 2 ? "link" : "short_url",
    }));
    await seed(user.id, [
      ...rows,
      { day: p.today, clicks: 4, dimension: "bot" },
      { day: addDays(p.today, -40), clicks: 3, dimension: "bot" },
    ]);
    const sum = (from: string, to: string) =>
      rows.filter((r) => r.day >= from && r.day <= to).reduce((total, r) => total + r.clicks, 0);

    const response = await get("/api/analytics", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json<AnalyticsSummary>()).toEqual({
      clicks_today: 1,
      clicks_this_week: sum(p.weekStart, p.today),
      clicks_this_month: sum(p.monthStart, p.today),
      total_clicks: rows.reduce((total, r) => total + r.clicks, 0),
      previous: {
        clicks_yesterday: 2,
        clicks_last_week: sum(p.lastWeekStart, p.lastWeekEnd),
        clicks_last_month: sum(p.lastMonthStart, p.lastMonthEnd),
      },
      // No click here has a country: all of them are unknown's, the total less the known countries.
      top_countries: [{ country: "", clicks: rows.reduce((total, r) => total + r.clicks, 0) }],
      bot_clicks: 7,
    });
    expect(sum(p.weekStart, p.today)).toBe(1 + 2 + 3 + 4);
    expect(sum(p.lastWeekStart, p.lastWeekEnd)).toBe(5 + 6 + 7);
  });

  it("ranks the top 10 countries over all time, unknown ('') among them as in a link's breakdown", async () => {
    const { user, cookie } = await signIn();
    const today = dayOf(new Date());
    const countries = ["BR", "PT", "US", "AR", "AO", "MZ", "ES", "FR", "DE", "IT", "JP", "CL"];
    const known = countries.reduce((total, _, i) => total + 100 - i, 0);
    await seed(user.id, [
      // Unknown has no row: the total less the known countries (decision 031).
      { day: today, clicks: known + 120 },
      ...countries.map((value, i) => ({ day: today, clicks: 100 - i, dimension: "country" as const, value })),
      { day: addDays(today, -300), clicks: 50 },
      { day: addDays(today, -300), clicks: 50, dimension: "country", value: "CL" },
      // A row of unknown written before that (its clicks are in the total) counts once.
      { day: today, clicks: 120, dimension: "country", value: "" },
    ]);
    const body = (await get("/api/analytics", cookie)).json<AnalyticsSummary>();
    expect(body.top_countries).toHaveLength(10);
    expect(body.top_countries.slice(0, 5)).toEqual([
      { country: "CL", clicks: 139 },
      { country: "", clicks: 120 },
      { country: "BR", clicks: 100 },
      { country: "PT", clicks: 99 },
      { country: "US", clicks: 98 },
    ]);
  });

  it("lists unknown countries when they are all there is, instead of no data", async () => {
    const { user, cookie } = await signIn();
    await seed(user.id, [{ day: dayOf(new Date()), clicks: 4 }]);
    const body = (await get("/api/analytics", cookie)).json<AnalyticsSummary>();
    expect(body.top_countries).toEqual([{ country: "", clicks: 4 }]);
  });

  it("shows only the user's own clicks, and zeros for a new user", async () => {
    const ana = await signIn();
    const bia = await signIn();
    await seed(ana.user.id, [{ day: dayOf(new Date()), clicks: 9 }]);
    expect((await get("/api/analytics", bia.cookie)).json()).toEqual({
      clicks_today: 0,
      clicks_this_week: 0,
      clicks_this_month: 0,
      total_clicks: 0,
      previous: { clicks_yesterday: 0, clicks_last_week: 0, clicks_last_month: 0 },
      top_countries: [],
      bot_clicks: 0,
    });
  });

  it("counts clicks that went through the redirect", async () => {
    const { cookie } = await signIn();
    const created = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      payload: { original_url: "https://exemplo.com.br" },
      cookie,
      remoteAddress: "10.3.0.1",
    });
    const code = created.json().short_code;
    // Visitors from Brazil and Portugal, by address (CF-IPCountry counts only behind TRUST_PROXY).
    for (const remoteAddress of ["177.0.0.1", "177.0.0.2", "193.136.0.1"]) {
      await t.request({
        method: "GET",
        url: `/s/${code}`,
        headers: { "user-agent": BROWSER },
        remoteAddress,
      });
    }
    await t.app.clicks.flush();
    const body = (await get("/api/analytics", cookie)).json<AnalyticsSummary>();
    expect(body).toMatchObject({
      clicks_today: 3,
      clicks_this_week: 3,
      clicks_this_month: 3,
      total_clicks: 3,
    });
    expect(body.top_countries).toEqual([
      { country: "BR", clicks: 2 },
      { country: "PT", clicks: 1 },
    ]);
  });

  it("forgets a deleted short link's clicks and keeps the others'", async () => {
    const { cookie } = await signIn();
    const codes: { id: number; short_code: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await t.request({
        method: "POST",
        url: "/api/shortened-urls",
        payload: { original_url: `https://exemplo.com.br/${i}` },
        cookie,
        remoteAddress: `10.3.1.${i}`,
      });
      codes.push(created.json());
    }
    for (const [code, times] of [
      [codes[0]!.short_code, 2],
      [codes[1]!.short_code, 3],
    ] as const) {
      for (let i = 0; i < times; i++) {
        await t.request({
          method: "GET",
          url: `/s/${code}`,
          headers: { "user-agent": BROWSER },
          remoteAddress: "177.0.0.1",
        });
      }
    }
    await t.app.clicks.flush();
    expect((await get("/api/analytics", cookie)).json()).toMatchObject({ total_clicks: 5 });

    await t.request({ method: "DELETE", url: `/api/shortened-urls/${codes[1]!.id}`, cookie });
    const after = (await get("/api/analytics", cookie)).json<AnalyticsSummary>();
    expect(after).toMatchObject({
      clicks_today: 2,
      total_clicks: 2,
      top_countries: [{ country: "BR", clicks: 2 }],
    });
    const trend = (await get("/api/analytics/advanced?range=7d", cookie)).json();
    expect(trend.daily_clicks.at(-1)).toEqual({ date: dayOf(new Date()), clicks: 2 });
  });

  it("needs a session", async () => {
    expect((await get("/api/analytics", "")).statusCode).toBe(401);
  });
});

describe("GET /api/analytics/advanced", () => {
  it("answers every day of the range, zero-filled, oldest first, ending today", async () => {
    const { user, cookie } = await signIn();
    const today = dayOf(new Date());
    await seed(user.id, [
      { day: today, clicks: 3 },
      { day: today, clicks: 2, targetType: "link", targetId: 7 },
      { day: addDays(today, -6), clicks: 5 },
      { day: addDays(today, -7), clicks: 100 },
      { day: today, clicks: 50, dimension: "bot" },
      { day: today, clicks: 50, dimension: "country", value: "BR" },
    ]);
    const week = (await get("/api/analytics/advanced?range=7d", cookie)).json();
    expect(week.daily_clicks).toEqual([
      { date: addDays(today, -6), clicks: 5 },
      ...[5, 4, 3, 2, 1].map((n) => ({ date: addDays(today, -n), clicks: 0 })),
      { date: today, clicks: 5 },
    ]);

    const month = (await get("/api/analytics/advanced", cookie)).json();
    expect(month.daily_clicks).toHaveLength(30);
    expect(month.daily_clicks[0].date).toBe(addDays(today, -29));
    expect(month.daily_clicks.reduce((n: number, d: { clicks: number }) => n + d.clicks, 0)).toBe(110);
    expect((await get("/api/analytics/advanced?range=365d", cookie)).json().daily_clicks).toHaveLength(365);
  });

  it("refuses an unknown range", async () => {
    const { cookie } = await signIn();
    const response = await get("/api/analytics/advanced?range=2d", cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Período inválido");
  });
});

describe("analytics drill-down", () => {
  it("breaks one short link's clicks down by day, country, referrer, device, browser and OS", async () => {
    const { user, cookie } = await signIn();
    const url = await newShortUrl(user.id);
    const other = await newShortUrl(user.id);
    const today = dayOf(new Date());
    const on = (rows: Seed[]) => rows.map((row) => ({ targetId: url.id, ...row }));
    await seed(user.id, [
      ...on([
        { day: today, clicks: 24 },
        { day: addDays(today, -2), clicks: 6 },
        { day: addDays(today, -40), clicks: 1000 },
        { day: today, clicks: 2, dimension: "bot" },
        { day: today, clicks: 7, dimension: "country", value: "BR" },
        { day: addDays(today, -2), clicks: 3, dimension: "country", value: "PT" },
        // Written before unknown values were derived: skipped, as its clicks are in the total.
        { day: today, clicks: 6, dimension: "referrer", value: "" },
        { day: today, clicks: 4, dimension: "referrer", value: "t.co" },
        { day: today, clicks: 24, dimension: "device", value: "mobile" },
        { day: addDays(today, -2), clicks: 6, dimension: "device", value: "desktop" },
        { day: today, clicks: 30, dimension: "browser", value: "Chrome", targetId: other.id },
        { day: today, clicks: 24, dimension: "browser", value: "Chrome" },
        { day: today, clicks: 25, dimension: "os", value: "Android" },
      ]),
      { day: today, clicks: 77, targetId: other.id },
      ...Array.from({ length: 12 }, (_, i) => ({
        day: today,
        clicks: 1,
        dimension: "referrer" as const,
        value: `site${i}.com`,
        targetId: url.id,
      })),
    ]);
    const response = await get(`/api/analytics/shortened-urls/${url.id}?range=30d`, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<TargetAnalytics>();
    expect(body.daily_clicks).toHaveLength(30);
    expect(body.daily_clicks.at(-1)).toEqual({ date: today, clicks: 24 });
    expect(body.daily_clicks.at(-3)).toEqual({ date: addDays(today, -2), clicks: 6 });
    expect(body.total_clicks).toBe(30);
    expect(body.bot_clicks).toBe(2);
    // Unknown ("") is the period's total less the known values, ranked among them, and absent
    // when every click's value is known (the devices).
    expect(body.countries).toEqual([
      { value: "", clicks: 20 },
      { value: "BR", clicks: 7 },
      { value: "PT", clicks: 3 },
    ]);
    expect(body.referrers).toHaveLength(10);
    expect(body.referrers.slice(0, 3)).toEqual([
      { value: "", clicks: 14 },
      { value: "t.co", clicks: 4 },
      { value: "site0.com", clicks: 1 },
    ]);
    expect(body.devices).toEqual([
      { value: "mobile", clicks: 24 },
      { value: "desktop", clicks: 6 },
    ]);
    expect(body.browsers).toEqual([
      { value: "Chrome", clicks: 24 },
      { value: "", clicks: 6 },
    ]);
    expect(body.os).toEqual([
      { value: "Android", clicks: 25 },
      { value: "", clicks: 5 },
    ]);

    const year = (
      await get(`/api/analytics/shortened-urls/${url.id}?range=365d`, cookie)
    ).json<TargetAnalytics>();
    expect(year.total_clicks).toBe(1030);
  });

  it("sums a Link Bio page's link clicks", async () => {
    const { user, cookie } = await signIn();
    const { page, link } = await newLinkPage(user.id);
    const today = dayOf(new Date());
    await seed(user.id, [
      { day: today, clicks: 5, targetType: "link", targetId: link.id, linkPageId: page.id },
      {
        day: today,
        clicks: 5,
        targetType: "link",
        targetId: link.id,
        linkPageId: page.id,
        dimension: "country",
        value: "BR",
      },
      { day: today, clicks: 9, targetType: "link", targetId: link.id + 1000, linkPageId: page.id + 1000 },
    ]);
    const body = (await get(`/api/analytics/link-pages/${page.id}`, cookie)).json<TargetAnalytics>();
    expect(body.total_clicks).toBe(5);
    expect(body.countries).toEqual([{ value: "BR", views: 0, clicks: 5 }]);
  });

  it("lists the clicks of each block of a page over the range, most first, named as the editor names them", async () => {
    const { user, cookie } = await signIn();
    const { page, link } = await newLinkPage(user.id);
    const [whatsapp, header, social] = await t.database.db
      .insert(links)
      .values([
        { linkPageId: page.id, type: "whatsapp", data: { phone: "+5511987654321" }, position: 1 },
        { linkPageId: page.id, type: "header", data: { text: "Cursos" }, position: 2 },
        {
          linkPageId: page.id,
          type: "social",
          data: { items: [{ network: "instagram", url: "https://www.instagram.com/ana/" }] },
          position: 3,
        },
      ])
      .returning();
    const today = dayOf(new Date());
    const longAgo = addDays(today, -40);
    const on = (target: { id: number; type: string }, day: string, clicks: number) => ({
      day,
      clicks,
      targetType: target.type as ClickTarget,
      targetId: target.id,
      linkPageId: page.id,
    });
    await seed(user.id, [
      on(link, today, 2),
      on(whatsapp!, today, 7),
      on(whatsapp!, longAgo, 50),
      { ...on(social!, today, 3), dimension: "country", value: "BR" },
    ]);
    const week = (await get(`/api/analytics/link-pages/${page.id}?range=7d`, cookie)).json<PageAnalytics>();
    // The header leads nowhere: not listed. The social icons were tapped in no "total" row: 0.
    expect(week.blocks).toEqual([
      { id: whatsapp!.id, type: "whatsapp", title: "(11) 98765-4321", clicks: 7, ctr: 0 },
      { id: link.id, type: "link", title: "Loja", clicks: 2, ctr: 0 },
      { id: social!.id, type: "social", title: "Instagram", clicks: 0, ctr: 0 },
    ]);
    expect(week.blocks.some((block) => block.id === header!.id)).toBe(false);
    const quarter = (
      await get(`/api/analytics/link-pages/${page.id}?range=90d`, cookie)
    ).json<PageAnalytics>();
    expect(quarter.blocks[0]).toEqual({
      id: whatsapp!.id,
      type: "whatsapp",
      title: "(11) 98765-4321",
      clicks: 57,
      ctr: 0,
    });
  });

  it("answers 404 for another user's short link or page, and for ones that do not exist", async () => {
    const ana = await signIn();
    const bia = await signIn();
    const url = await newShortUrl(ana.user.id);
    const { page } = await newLinkPage(ana.user.id);
    for (const [path, message] of [
      [`/api/analytics/shortened-urls/${url.id}`, "URL não encontrada"],
      ["/api/analytics/shortened-urls/99999999", "URL não encontrada"],
      [`/api/analytics/link-pages/${page.id}`, "Página não encontrada"],
    ] as const) {
      const response = await get(path, bia.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(message);
    }
    expect((await get(`/api/analytics/shortened-urls/${url.id}`, ana.cookie)).statusCode).toBe(200);
  });

  it("refuses a bad id or range", async () => {
    const { cookie } = await signIn();
    expect((await get("/api/analytics/shortened-urls/abc", cookie)).json().error).toBe("Id inválido");
    const badRange = await get("/api/analytics/link-pages/1?range=1y", cookie);
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error).toBe("Período inválido");
  });
});
