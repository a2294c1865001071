import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POWER_LINK_MESSAGES } from "../../../common/contract/shortened-urls";
import { type RedirectRule, shortenedUrls } from "../../../db/schema";
import { createShortLink } from "../../../tests/factories";
import { setupTestApp, testConfig, unavailableLocation } from "../../../tests/test-app";
import { buildApp } from "../../app";
import { hashPassword } from "../auth/auth.service";
import { PASSWORD_PAGE_MESSAGES } from "./password-page";
import { PASSWORD_ATTEMPTS } from "./redirect.routes";

const t = setupTestApp();
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const US_IP = "8.8.8.8";
const PRIVATE_IP = "10.9.0.1";
const TARGET = "https://exemplo.com.br/destino";
const EXPIRED = "https://exemplo.com.br/acabou";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A link written straight into the table (the PUT is another module's). */
async function link(values: Partial<typeof shortenedUrls.$inferInsert> = {}) {
  const { user } = await t.signIn();
  return createShortLink(t.database.db, {
    userId: user.id,
    domainId: t.app.domains.default.id,
    originalUrl: TARGET,
    ...values,
  });
}

const visit = (
  code: string,
  {
    ua = DESKTOP,
    ip = PRIVATE_IP,
    headers = {} as Record<string, string>,
    method = "GET" as "GET" | "HEAD",
  } = {},
) => t.request({ method, url: `/s/${code}`, headers: { "user-agent": ua, ...headers }, remoteAddress: ip });

const postPassword = (
  code: string,
  password: string,
  { ua = DESKTOP, headers = {} as Record<string, string>, app = t.app, ip = PRIVATE_IP } = {},
) =>
  app.inject({
    method: "POST",
    url: `/s/${code}`,
    remoteAddress: ip,
    headers: {
      "user-agent": ua,
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:80",
      host: "localhost:80",
      ...headers,
    },
    payload: new URLSearchParams({ password }).toString(),
  });

async function clickCount(id: number) {
  await t.app.clicks.flush();
  const [row] = await t.database.db
    .select({ clicks: shortenedUrls.clickCount, used: shortenedUrls.limitUsed })
    .from(shortenedUrls)
    .where(eq(shortenedUrls.id, id));
  return row!;
}

const RULES: RedirectRule[] = [
  { type: "device", value: "ios", url: "https://exemplo.com.br/ios" },
  { type: "country", value: "US", url: "https://exemplo.com.br/eua" },
  { type: "language", value: "en", url: "https://exemplo.com.br/ingles" },
];

describe("redirect rules", () => {
  it("takes the first rule that matches, in order, else the link's own target", async () => {
    const row = await link({ rules: RULES });
    const go = async (options: Parameters<typeof visit>[1]) =>
      (await visit(row.shortCode, options)).headers.location;
    const english = { "accept-language": "en-US,en;q=0.9" };
    // An iPhone in the US that reads English matches all three: the device rule comes first.
    expect(await go({ ua: IPHONE, ip: US_IP, headers: english })).toBe("https://exemplo.com.br/ios");
    expect(await go({ ua: DESKTOP, ip: US_IP, headers: english })).toBe("https://exemplo.com.br/eua");
    expect(await go({ ua: DESKTOP, ip: PRIVATE_IP, headers: english })).toBe("https://exemplo.com.br/ingles");
    // The highest q wins, not the first written; the region is ignored.
    expect(await go({ headers: { "accept-language": "fr;q=0.5, en-GB;q=0.8, *;q=0.9" } })).toBe(
      "https://exemplo.com.br/ingles",
    );
    expect(await go({ ua: ANDROID, headers: { "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" } })).toBe(TARGET);
    expect(await go({ headers: {} })).toBe(TARGET);
    await expect(clickCount(row.id)).resolves.toMatchObject({ clicks: 6 });
  });

  it("matches Android and desktop devices, and a country rule by GeoIP only without TRUST_PROXY", async () => {
    const row = await link({
      rules: [
        { type: "country", value: "BR", url: "https://exemplo.com.br/brasil" },
        { type: "device", value: "android", url: "https://exemplo.com.br/android" },
        { type: "device", value: "desktop", url: "https://exemplo.com.br/pc" },
      ],
    });
    const go = async (options: Parameters<typeof visit>[1]) =>
      (await visit(row.shortCode, options)).headers.location;
    expect(await go({ ua: ANDROID })).toBe("https://exemplo.com.br/android");
    expect(await go({ ua: DESKTOP })).toBe("https://exemplo.com.br/pc");
    expect(await go({ ua: IPHONE })).toBe(TARGET);
    // Anyone can send CF-IPCountry: it is not the visitor's country unless behind our proxy.
    expect(await go({ ua: IPHONE, headers: { "cf-ipcountry": "BR" } })).toBe(TARGET);
  });

  it("sets Vary for what the rules read, and keeps a plain link's headers as they were", async () => {
    const rules = await link({ rules: RULES });
    expect((await visit(rules.shortCode)).headers.vary).toBe("User-Agent, Accept-Language");
    const country = await link({ rules: [RULES[1]!] });
    expect((await visit(country.shortCode)).headers.vary).toBeUndefined();
    const plain = await link();
    const response = await visit(plain.shortCode);
    expect(response.headers.vary).toBeUndefined();
    expect(Object.keys(response.headers).sort()).toEqual(
      ["cache-control", "connection", "content-length", "date", "location", "x-robots-tag"].sort(),
    );
  });

  it("answers a cached link with rules without a database round trip", async () => {
    const row = await link({ rules: RULES });
    await visit(row.shortCode);
    const prepared = vi.spyOn(t.app.database, "preparedRows");
    const select = vi.spyOn(t.app.db, "select");
    const response = await visit(row.shortCode, { ua: IPHONE });
    expect(response.headers.location).toBe("https://exemplo.com.br/ios");
    expect(prepared).not.toHaveBeenCalled();
    expect(select).not.toHaveBeenCalled();
  });
});

describe("click limit", () => {
  it("lets exactly N of many concurrent clicks through, then sends the rest to the expiry target", async () => {
    const row = await link({ clickLimit: 10, expiredUrl: EXPIRED });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => visit(row.shortCode, { ip: `10.9.1.${i}` })),
    );
    const locations = responses.map((r) => r.headers.location);
    expect(responses.every((r) => r.statusCode === 302)).toBe(true);
    expect(locations.filter((l) => l === TARGET)).toHaveLength(10);
    expect(locations.filter((l) => l === EXPIRED)).toHaveLength(40);
    await expect(clickCount(row.id)).resolves.toEqual({ clicks: 10, used: 10 });
    // Used up: remembered in memory, no more round trips.
    const prepared = vi.spyOn(t.app.database, "preparedRows");
    expect((await visit(row.shortCode)).headers.location).toBe(EXPIRED);
    expect(prepared).not.toHaveBeenCalled();
  });

  it("holds across processes: two apps on one database let exactly N through", async () => {
    const other = await buildApp(testConfig(), { database: t.database, distDir: "/nonexistent" });
    try {
      await other.ready();
      const row = await link({ clickLimit: 10 });
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: "GET",
            url: `/s/${row.shortCode}`,
            headers: { "user-agent": DESKTOP },
          }),
        ),
      );
      const locations = responses.map((r) => r.headers.location);
      expect(locations.filter((l) => l === TARGET)).toHaveLength(10);
      expect(locations.filter((l) => l === unavailableLocation(row.shortCode))).toHaveLength(30);
      await other.clicks.flush();
      await expect(clickCount(row.id)).resolves.toEqual({ clicks: 10, used: 10 });
    } finally {
      await other.close();
    }
  });

  it("does not spend the limit on HEAD requests nor on bots, and costs plain links no query", async () => {
    const row = await link({ clickLimit: 2 });
    for (let i = 0; i < 3; i++) {
      expect((await visit(row.shortCode, { method: "HEAD" })).headers.location).toBe(TARGET);
      expect((await visit(row.shortCode, { ua: GOOGLEBOT })).headers.location).toBe(TARGET);
    }
    await expect(clickCount(row.id)).resolves.toEqual({ clicks: 0, used: 0 });
    expect((await visit(row.shortCode)).headers.location).toBe(TARGET);
    expect((await visit(row.shortCode)).headers.location).toBe(TARGET);
    expect((await visit(row.shortCode)).headers.location).toBe(unavailableLocation(row.shortCode));
    expect((await visit(row.shortCode, { ua: GOOGLEBOT })).headers.location).toBe(
      unavailableLocation(row.shortCode),
    );
    await expect(clickCount(row.id)).resolves.toEqual({ clicks: 2, used: 2 });

    const plain = await link();
    await visit(plain.shortCode);
    const prepared = vi.spyOn(t.app.database, "preparedRows");
    expect((await visit(plain.shortCode)).headers.location).toBe(TARGET);
    expect(prepared).not.toHaveBeenCalled();
  });

  it("sends a link past its date to its expiry target, counting nothing", async () => {
    const row = await link({
      expiresAt: new Date(Date.now() - 1000),
      expiredUrl: "https://exemplo.com.br/fim?x=ã",
    });
    const response = await visit(row.shortCode);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://exemplo.com.br/fim?x=%C3%A3");
    await expect(clickCount(row.id)).resolves.toMatchObject({ clicks: 0 });
  });

  it("answers the lookup API with the rules, the limit and the expiry target too", async () => {
    const row = await link({ clickLimit: 1, expiredUrl: EXPIRED, rules: [RULES[0]!] });
    const lookup = (ua: string) =>
      t.request({
        method: "GET",
        url: `/api/shortened-urls/redirect/${row.shortCode}`,
        headers: { "user-agent": ua },
      });
    expect((await lookup(IPHONE)).json()).toEqual({ original_url: "https://exemplo.com.br/ios" });
    expect((await lookup(DESKTOP)).json()).toEqual({ original_url: EXPIRED });
    const secret = await link({ passwordHash: await hashPassword("segredo") });
    const refused = await t.request({
      method: "GET",
      url: `/api/shortened-urls/redirect/${secret.shortCode}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: POWER_LINK_MESSAGES.passwordPrompt });
  });
});

describe("password-protected links", () => {
  let passwordHash: string | undefined;
  const secretLink = async (values: Partial<typeof shortenedUrls.$inferInsert> = {}) => {
    passwordHash ??= await hashPassword("segredo-123");
    return link({ passwordHash, ...values });
  };

  it("answers a plain pt-BR form, never cached, and counts nothing", async () => {
    const row = await secretLink();
    const response = await visit(row.shortCode);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('<html lang="pt-BR">');
    expect(response.body).toContain(POWER_LINK_MESSAGES.passwordPrompt);
    expect(response.body).toContain(`<form method="post" action="/s/${row.shortCode}">`);
    expect(response.body).toContain('name="password" type="password"');
    expect(response.body).not.toContain("<script");
    expect(response.body).not.toContain(TARGET);
    const head = await visit(row.shortCode, { method: "HEAD" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    await expect(clickCount(row.id)).resolves.toMatchObject({ clicks: 0 });
  });

  it("refuses a wrong password with the page again, and lets the right one through with the rules", async () => {
    const row = await secretLink({ rules: [RULES[0]!] });
    const wrong = await postPassword(row.shortCode, "errada");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["cache-control"]).toBe("private, no-store");
    expect(wrong.body).toContain(POWER_LINK_MESSAGES.passwordWrong);
    expect(wrong.body).toContain('name="password"');
    expect(wrong.headers.location).toBeUndefined();
    const empty = await postPassword(row.shortCode, "");
    expect(empty.statusCode).toBe(401);

    const right = await postPassword(row.shortCode, "segredo-123");
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe(TARGET);
    const ios = await postPassword(row.shortCode, "segredo-123", { ua: IPHONE });
    expect(ios.headers.location).toBe("https://exemplo.com.br/ios");
    await expect(clickCount(row.id)).resolves.toMatchObject({ clicks: 2 });
    // Not remembered: the next visit asks again.
    expect((await visit(row.shortCode)).statusCode).toBe(200);
  });

  it("refuses a post from another site and a body that is not the form's", async () => {
    const row = await secretLink();
    const cross = await postPassword(row.shortCode, "segredo-123", {
      headers: { origin: "https://malicioso.example" },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.body).toContain(PASSWORD_PAGE_MESSAGES.crossOrigin);
    const crossReferer = await postPassword(row.shortCode, "segredo-123", {
      headers: { origin: "", referer: "https://malicioso.example/pagina" },
    });
    expect(crossReferer.statusCode).toBe(403);
    const json = await t.app.inject({
      method: "POST",
      url: `/s/${row.shortCode}`,
      headers: { "content-type": "application/json" },
      payload: { password: "segredo-123" },
    });
    expect(json.statusCode).toBe(415);
    await expect(clickCount(row.id)).resolves.toMatchObject({ clicks: 0 });
  });

  it("counts the right password against the click limit and honours the expiry target", async () => {
    const row = await secretLink({ clickLimit: 1, expiredUrl: EXPIRED });
    expect((await postPassword(row.shortCode, "segredo-123")).headers.location).toBe(TARGET);
    expect((await postPassword(row.shortCode, "segredo-123")).headers.location).toBe(EXPIRED);
    expect((await visit(row.shortCode)).headers.location).toBe(EXPIRED);
  });

  it(`rate limits attempts per address and link: ${PASSWORD_ATTEMPTS} per window, then a pt-BR 429 page`, async () => {
    const limited = await buildApp(
      testConfig({
        rateLimits: true,
        redisUrl: t.app.config.redisUrl,
        redisPrefix: `${t.app.config.redisPrefix}pw:`,
      }),
      { database: t.database, distDir: "/nonexistent" },
    );
    try {
      await limited.ready();
      const row = await secretLink();
      const other = await secretLink();
      // Right passwords do not count: people behind one address who know it are never locked out.
      for (let i = 0; i < PASSWORD_ATTEMPTS + 2; i++) {
        expect((await postPassword(row.shortCode, "segredo-123", { app: limited })).statusCode).toBe(302);
      }
      for (let i = 0; i < PASSWORD_ATTEMPTS; i++) {
        expect((await postPassword(row.shortCode, `errada-${i}`, { app: limited })).statusCode).toBe(401);
      }
      const blocked = await postPassword(row.shortCode, "segredo-123", { app: limited });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["cache-control"]).toBe("private, no-store");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(blocked.body).toContain(PASSWORD_PAGE_MESSAGES.tooMany);
      expect(blocked.headers.location).toBeUndefined();
      // Another address of the same IPv6 /64 is the same visitor.
      const v6 = (ip: string) => postPassword(row.shortCode, "errada", { app: limited, ip });
      for (let i = 0; i < PASSWORD_ATTEMPTS; i++)
        expect((await v6(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
      expect((await v6("2001:db8:1:2:ffff::9")).statusCode).toBe(429);
      // Another link, or another address, is not blocked.
      expect((await postPassword(other.shortCode, "segredo-123", { app: limited })).statusCode).toBe(302);
      expect(
        (await postPassword(row.shortCode, "segredo-123", { app: limited, ip: "10.9.2.2" })).statusCode,
      ).toBe(302);
    } finally {
      await limited.close();
    }
  });

  it("takes the form's POST through the listening server", async () => {
    const row = await secretLink();
    const server = t.app.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      const page = await fetch(`${origin}/s/${row.shortCode}`, { headers: { "user-agent": DESKTOP } });
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const post = (password: string) =>
        fetch(`${origin}/s/${row.shortCode}`, {
          method: "POST",
          redirect: "manual",
          headers: { "user-agent": DESKTOP, origin, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ password }),
        });
      const wrong = await post("nao-e-essa");
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain(POWER_LINK_MESSAGES.passwordWrong);
      const right = await post("segredo-123");
      expect(right.status).toBe(302);
      expect(right.headers.get("location")).toBe(TARGET);
      await expect(clickCount(row.id)).resolves.toMatchObject({ clicks: 1 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
