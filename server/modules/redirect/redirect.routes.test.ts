import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TargetAnalytics } from "../../../common/contract/analytics";
import { LINK_UNAVAILABLE_PATH, type ShortenedUrl } from "../../../common/contract/shortened-urls";
import { clickEvents, domains, type RollupDimension, shortenedUrls } from "../../../db/schema";
import { eventClicks, rollupClicks } from "../../../tests/click-events";
import { allowDomainOnPlan, subscribeUser } from "../../../tests/factories";
import { BROWSER_USER_AGENT, setupTestApp, testConfig, unavailableLocation } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { buildApp } from "../../app";
import { NUL_CHARACTER } from "../../plugins/nul-characters";

const t = setupTestApp();
let ipCounter = 0;
const fromNewIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function shortLink(cookie: string, payload: object = {}) {
  const response = await t.request({
    method: "POST",
    url: "/api/shortened-urls",
    payload: { original_url: "https://exemplo.com.br/destino", ...payload },
    cookie,
    remoteAddress: fromNewIp(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<ShortenedUrl>();
}

const visit = (code: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.request({ method, url: `/s/${code}`, headers: { "user-agent": BROWSER_USER_AGENT, ...headers } });

async function clickCount(id: number) {
  const [row] = await t.database.db
    .select({ clicks: shortenedUrls.clickCount })
    .from(shortenedUrls)
    .where(eq(shortenedUrls.id, id));
  return row?.clicks;
}

const rollup = (id: number, dimension: RollupDimension) => rollupClicks(t.database.db, id, dimension);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /s/{code}", () => {
  it("answers 302 to the original URL, not cacheable by shared caches, and counts the click", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie, { original_url: "https://exemplo.com.br/ação?q=1" });
    const response = await visit(link.short_code);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://exemplo.com.br/a%C3%A7%C3%A3o?q=1");
    expect(response.headers["cache-control"]).toBe("private, max-age=0");
    expect(response.body).toBe("");
    // The hot path skips the web context: no session cookie work, no CSP.
    expect(response.headers["content-security-policy"]).toBeUndefined();
    await t.app.clicks.flush();
    expect(await clickCount(link.id)).toBe(1);
  });

  it("answers HEAD the same way without counting a click", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    const response = await visit(link.short_code, {}, "HEAD");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://exemplo.com.br/destino");
    await t.app.clicks.flush();
    expect(await clickCount(link.id)).toBe(0);
  });

  it("sends unknown codes to the notice on the home page", async () => {
    for (const code of ["nao-existe-xyz", "a".repeat(80), "%E2%9C%93", "a%00b", "it%27s", "a%5Cb", "a%20b"]) {
      const response = await visit(code);
      expect(response.statusCode).toBe(302);
      // The notice, with the short link for 'Denunciar link' when the code could be one.
      expect(response.headers.location).toBe(
        code === "nao-existe-xyz" ? unavailableLocation(code) : LINK_UNAVAILABLE_PATH,
      );
      expect(response.headers["cache-control"]).toBe("private, max-age=0");
    }
  });

  it("sends an expired code to the notice and counts nothing", async () => {
    const { user } = await t.signIn();
    const code = `exp${Date.now()}`;
    const [row] = await t.database.db
      .insert(shortenedUrls)
      .values({
        userId: user.id,
        domainId: t.app.domains.default.id,
        shortCode: code,
        originalUrl: "https://exemplo.com.br",
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    const response = await visit(code);
    expect(response.headers.location).toBe(unavailableLocation(code));
    await t.app.clicks.flush();
    expect(await clickCount(row!.id)).toBe(0);
  });

  it("stops redirecting as soon as the link expires, even from the cache", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect((await visit(link.short_code)).headers.location).toBe("https://exemplo.com.br/destino");
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61_000);
    expect((await visit(link.short_code)).headers.location).toBe(unavailableLocation(link.short_code));
  });

  it("answers a cached code without a database query", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    await visit(link.short_code);
    const select = vi.spyOn(t.app.db, "select");
    const response = await visit(link.short_code);
    expect(response.headers.location).toBe("https://exemplo.com.br/destino");
    expect(select).not.toHaveBeenCalled();
  });

  it("looks up the cold codes of one moment together, in one statement", async () => {
    const { cookie } = await t.signIn();
    const links = [];
    for (let i = 0; i < 5; i++)
      links.push(await shortLink(cookie, { original_url: `https://exemplo.com.br/frio-${i}` }));
    const prepared = vi.spyOn(t.app.database, "preparedRows");
    const answers = await Promise.all([
      ...links.map((link) => visit(link.short_code)),
      visit("nao-existe-frio"),
    ]);
    expect(answers.slice(0, 5).map((answer) => answer.headers.location)).toEqual(
      links.map((_, i) => `https://exemplo.com.br/frio-${i}`),
    );
    expect(answers[5]!.headers.location).toBe(unavailableLocation("nao-existe-frio"));
    const lookups = prepared.mock.calls.filter(([step]) => step.name === "redirect_links");
    expect(lookups).toHaveLength(1);
  });

  it("stops redirecting at once when the link is deleted", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    expect((await visit(link.short_code)).headers.location).toBe("https://exemplo.com.br/destino");
    await t.request({ method: "DELETE", url: `/api/shortened-urls/${link.id}`, cookie });
    expect((await visit(link.short_code)).headers.location).toBe(unavailableLocation(link.short_code));
  });

  it("redirects at once a code created just after a visitor found it unknown", async () => {
    const { cookie } = await t.signIn();
    const code = `novo${Date.now()}`;
    expect((await visit(code)).headers.location).toBe(unavailableLocation(code));
    await shortLink(cookie, { custom_code: code, original_url: "https://exemplo.com.br/novo" });
    expect((await visit(code)).headers.location).toBe("https://exemplo.com.br/novo");
  });

  it("answers a code on the domain the Host names", async () => {
    const host = `curto-${Date.now()}.exemplo.com.br`;
    const [domain] = await t.database.db
      .insert(domains)
      .values({ domain: host, displayName: host })
      .returning();
    await allowDomainOnPlan(t.database.db, "Pro", domain!.id);
    await t.app.domains.reload();
    const { user, cookie } = await t.signIn();
    await subscribeUser(t.database.db, user.id, "Pro");
    const code = `dom${Date.now()}`;
    await shortLink(cookie, { custom_code: code, original_url: "https://padrao.com.br" });
    await shortLink(cookie, {
      custom_code: code,
      original_url: "https://custom.com.br",
      custom_domain_id: domain!.id,
    });
    expect((await visit(code)).headers.location).toBe("https://padrao.com.br/");
    expect((await visit(code, { host: host.toUpperCase() })).headers.location).toBe("https://custom.com.br/");
  });

  it("is answered the same by the listening server, before Fastify's router", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    const server = t.app.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      const get = (path: string, method = "GET") =>
        fetch(`${origin}${path}`, {
          method,
          redirect: "manual",
          headers: { "user-agent": BROWSER_USER_AGENT },
        });
      const response = await get(`/s/${link.short_code}?utm_source=teste`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://exemplo.com.br/destino");
      expect(response.headers.get("cache-control")).toBe("private, max-age=0");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect((await get(`/s/${link.short_code}`, "HEAD")).status).toBe(302);
      expect((await get("/s/nao-existe-mesmo")).headers.get("location")).toBe(
        unavailableLocation("nao-existe-mesmo"),
      );
      // Not a redirect: the router answers (no route for PUT, nor for a nested path). POST is the
      // password form's, through the router: on a link without a password it redirects like GET.
      expect((await get(`/s/${link.short_code}`, "PUT")).status).toBe(404);
      expect((await get(`/s/${link.short_code}/x`)).status).toBe(404);
      expect((await get(`/s/${link.short_code}`, "POST")).status).toBe(302);
      await t.app.clicks.flush();
      expect(await clickCount(link.id)).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("counts every click of a burst exactly once", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    const responses = await Promise.all(Array.from({ length: 500 }, () => visit(link.short_code)));
    expect(responses.every((r) => r.statusCode === 302)).toBe(true);
    await t.app.clicks.flush();
    expect(await clickCount(link.id)).toBe(500);
    expect(await rollup(link.id, "total")).toEqual({ "": 500 });
    expect(await eventClicks(t.database.db, "short_url", link.id)).toBe(500);
  });

  it("counts bots apart, outside click_count and the totals", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    await visit(link.short_code, {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await visit(link.short_code, { "user-agent": "" });
    await visit(link.short_code);
    await t.app.clicks.flush();
    expect(await clickCount(link.id)).toBe(1);
    expect(await rollup(link.id, "bot")).toEqual({ "": 2 });
    expect(await rollup(link.id, "total")).toEqual({ "": 1 });
  });

  it("keeps the country (GeoIP; CF-IPCountry ignored without TRUST_PROXY), the referrer host and the browser, never the IP", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    await visit(link.short_code, { "cf-ipcountry": "br", referer: "https://www.instagram.com/perfil?x=1" });
    await t.request({
      method: "GET",
      url: `/s/${link.short_code}`,
      headers: { "user-agent": BROWSER_USER_AGENT },
      remoteAddress: "8.8.8.8",
    });
    await t.app.clicks.flush();
    // Any visitor can send CF-IPCountry: only behind a trusted proxy is it the CDN's (click-info.test).
    // The unknown country and referrer ("") have no rollup row: they are the total less the known.
    expect(await rollup(link.id, "country")).toEqual({ US: 1 });
    expect(await rollup(link.id, "referrer")).toEqual({ "www.instagram.com": 1 });
    const figures = (
      await t.request({ method: "GET", url: `/api/analytics/shortened-urls/${link.id}`, cookie })
    ).json<TargetAnalytics>();
    expect(figures.countries).toEqual([
      { value: "", clicks: 1 },
      { value: "US", clicks: 1 },
    ]);
    expect(figures.referrers).toEqual([
      { value: "", clicks: 1 },
      { value: "www.instagram.com", clicks: 1 },
    ]);
    expect(figures.browsers).toEqual([{ value: "Chrome", clicks: 2 }]);
    const events = await t.database.db.select().from(clickEvents).where(eq(clickEvents.targetId, link.id));
    // Only the day's hash of the visitor (network and agent), as a number.
    expect(events.every((event) => typeof event.visitor === "bigint")).toBe(true);
    expect(
      JSON.stringify(events, (_, value) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain("8.8.8.8");
  });
});

describe("GET /api/shortened-urls/redirect/{code}", () => {
  it("answers the original URL and counts the visit", async () => {
    const { cookie } = await t.signIn();
    const link = await shortLink(cookie);
    const response = await t.request({
      method: "GET",
      url: `/api/shortened-urls/redirect/${link.short_code}`,
      headers: { "user-agent": BROWSER_USER_AGENT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ original_url: "https://exemplo.com.br/destino" });
    await t.app.clicks.flush();
    expect(await clickCount(link.id)).toBe(1);
  });

  it("answers 404 with a pt-BR message for unknown and expired codes", async () => {
    const { user } = await t.signIn();
    const code = `exp${Date.now()}`;
    await t.database.db.insert(shortenedUrls).values({
      userId: user.id,
      domainId: t.app.domains.default.id,
      shortCode: code,
      originalUrl: "https://exemplo.com.br",
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const c of [code, "nao-existe-abc", "it%27s", "a%5Cb"]) {
      const response = await t.request({ method: "GET", url: `/api/shortened-urls/redirect/${c}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Este link curto não existe ou expirou." });
    }
    const nul = await t.request({ method: "GET", url: "/api/shortened-urls/redirect/a%00b" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: NUL_CHARACTER });
  });
});

describe.runIf(testDatabaseKind === "postgres" && process.env.REDIS_URL)("across processes (Redis)", () => {
  it("a delete in one process stops the redirect in another", async () => {
    const other = await buildApp(
      testConfig({ redisUrl: process.env.REDIS_URL, redisPrefix: t.app.config.redisPrefix }),
      { database: t.database, distDir: "/nonexistent" },
    );
    try {
      await other.ready();
      const { cookie } = await t.signIn();
      const link = await shortLink(cookie);
      const visitOther = () => other.inject({ method: "GET", url: `/s/${link.short_code}` });
      expect((await visitOther()).headers.location).toBe("https://exemplo.com.br/destino");
      await t.request({ method: "DELETE", url: `/api/shortened-urls/${link.id}`, cookie });
      await vi.waitFor(
        async () => expect((await visitOther()).headers.location).toBe(unavailableLocation(link.short_code)),
        {
          timeout: 2000,
          interval: 20,
        },
      );
    } finally {
      await other.close();
    }
  });
});
