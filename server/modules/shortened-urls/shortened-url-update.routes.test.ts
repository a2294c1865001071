import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  POWER_LINK_MESSAGES,
  SHORT_URL_MESSAGES,
  type ShortenedUrl,
} from "../../../common/contract/shortened-urls";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import { shortenedUrls } from "../../../db/schema";
import { setupTestApp, withTwoProcesses } from "../../../tests/test-app";
import { createSession } from "../auth/session";

const dataDir = mkdtempSync(path.join(tmpdir(), "atalho-short-url-update-"));
const t = setupTestApp({ dataDir });
let ipCounter = 0;
const fromNewIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const uniqueCode = () => `e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const shorten = (cookie: string, payload: object) =>
  t.request({ method: "POST", url: "/api/shortened-urls", payload, cookie, remoteAddress: fromNewIp() });
const update = (cookie: string, id: number, payload: object) =>
  t.request({ method: "PUT", url: `/api/shortened-urls/${id}`, payload, cookie, remoteAddress: fromNewIp() });
const rowOf = async (id: number) =>
  (await t.database.db.select().from(shortenedUrls).where(eq(shortenedUrls.id, id)))[0]!;
const visit = (code: string) =>
  t.request({
    method: "GET",
    url: `/s/${code}`,
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" },
  });

async function newLink(payload: object = {}) {
  const { user, cookie } = await t.signIn();
  const response = await shorten(cookie, { original_url: "https://exemplo.com.br/antes", ...payload });
  expect(response.statusCode).toBe(201);
  return { user, cookie, link: response.json<ShortenedUrl>() };
}

describe("POST /api/shortened-urls with power options", () => {
  it("stores rules, click limit, expiry target and a hashed password", async () => {
    const { link } = await newLink({
      rules: [
        { type: "device", value: "ios", url: "https://apps.apple.com/app" },
        { type: "country", value: "pt", url: "exemplo.pt" },
        { type: "language", value: "EN", url: "https://exemplo.com/en" },
      ],
      click_limit: 100,
      expired_url: "https://exemplo.com.br/acabou",
      password: "segredo",
    });
    expect(link).toMatchObject({
      rules: [
        { type: "device", value: "ios", url: "https://apps.apple.com/app" },
        { type: "country", value: "PT", url: "https://exemplo.pt" },
        { type: "language", value: "en", url: "https://exemplo.com/en" },
      ],
      click_limit: 100,
      limit_used: 0,
      expired_url: "https://exemplo.com.br/acabou",
      has_password: true,
    });
    const row = await rowOf(link.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(row.passwordHash!, "segredo")).toBe(true);
    expect(JSON.stringify(link)).not.toContain("argon2");
  });

  it.each([
    [
      { rules: [{ type: "device", value: "tv", url: "https://a.com.br" }] },
      "rules.0.value",
      POWER_LINK_MESSAGES.ruleDevice,
    ],
    [
      { rules: [{ type: "country", value: "BRA", url: "https://a.com.br" }] },
      "rules.0.value",
      POWER_LINK_MESSAGES.ruleCountry,
    ],
    [
      { rules: [{ type: "device", value: "ios", url: "http://10.0.0.1/" }] },
      "rules.0.url",
      LINK_TARGET_MESSAGES.internal,
    ],
    [
      { rules: [{ type: "device", value: "ios", url: "http://localhost:3000/s/x" }] },
      "rules.0.url",
      SHORT_URL_MESSAGES.ownShortLink,
    ],
    [{ expired_url: "http://192.168.0.1/" }, "expired_url", LINK_TARGET_MESSAGES.internal],
    [{ click_limit: 0 }, "click_limit", POWER_LINK_MESSAGES.clickLimit],
    [{ password: "abc" }, "password", POWER_LINK_MESSAGES.passwordLength],
  ])("refuses %j by field and creates nothing", async (payload, field, message) => {
    const { user, cookie } = await t.signIn();
    const response = await shorten(cookie, { original_url: "https://exemplo.com.br", ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
    expect(await t.database.db.$count(shortenedUrls, eq(shortenedUrls.userId, user.id))).toBe(0);
  });
});

describe("PUT /api/shortened-urls/{id}", () => {
  it("changes each field, keeps what is absent and sets updated_at", async () => {
    const { cookie, link } = await newLink({ title: "Antes", password: "segredo", click_limit: 5 });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const first = await update(cookie, link.id, { title: "Depois", expires_at: expires });
    expect(first.statusCode).toBe(200);
    const changed = first.json<ShortenedUrl>();
    expect(changed).toMatchObject({
      original_url: "https://exemplo.com.br/antes",
      title: "Depois",
      expires_at: expires,
      click_limit: 5,
      has_password: true,
      short_code: link.short_code,
    });
    expect(new Date(changed.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(link.updated_at).getTime(),
    );

    const code = uniqueCode();
    const second = await update(cookie, link.id, {
      original_url: "exemplo.com.br/depois",
      custom_code: code,
      rules: [{ type: "device", value: "android", url: "https://play.google.com/x" }],
      click_limit: null,
      expired_url: "https://exemplo.com.br/fim",
      password: null,
      title: null,
      expires_at: null,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      original_url: "https://exemplo.com.br/depois",
      short_code: code,
      rules: [{ type: "device", value: "android", url: "https://play.google.com/x" }],
      click_limit: null,
      expired_url: "https://exemplo.com.br/fim",
      has_password: false,
      title: null,
      expires_at: null,
      custom_domain_id: link.custom_domain_id,
    });
    expect((await rowOf(link.id)).passwordHash).toBeNull();

    const third = await update(cookie, link.id, { password: "outra-senha" });
    expect(third.json().has_password).toBe(true);
    expect(await verify((await rowOf(link.id)).passwordHash!, "outra-senha")).toBe(true);
  });

  it("keeps limit_used when the click limit changes", async () => {
    const { cookie, link } = await newLink({ click_limit: 3 });
    await t.database.db.update(shortenedUrls).set({ limitUsed: 2 }).where(eq(shortenedUrls.id, link.id));
    const response = await update(cookie, link.id, { click_limit: 10 });
    expect(response.json()).toMatchObject({ click_limit: 10, limit_used: 2 });
  });

  it("changes the code only while the link has no clicks", async () => {
    const { cookie, link } = await newLink();
    for (const clicked of [{ clickCount: 1 }, { clickCount: 0, limitUsed: 1 }]) {
      await t.database.db.update(shortenedUrls).set(clicked).where(eq(shortenedUrls.id, link.id));
      const response = await update(cookie, link.id, { custom_code: uniqueCode(), title: "x" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: POWER_LINK_MESSAGES.codeLocked,
        details: { custom_code: POWER_LINK_MESSAGES.codeLocked },
      });
      const row = await rowOf(link.id);
      expect(row.shortCode).toBe(link.short_code);
      expect(row.title).toBeNull();
    }
    // The same code again is no change, and other fields still change.
    const same = await update(cookie, link.id, { custom_code: link.short_code, title: "Título" });
    expect(same.statusCode).toBe(200);
    expect(same.json().title).toBe("Título");
  });

  it("refuses a taken or reserved code", async () => {
    const other = await newLink({ custom_code: uniqueCode() });
    const { cookie, link } = await newLink();
    const taken = await update(cookie, link.id, { custom_code: other.link.short_code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details.custom_code).toBe(SHORT_URL_MESSAGES.codeTaken);
    const reserved = await update(cookie, link.id, { custom_code: "admin" });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().details.custom_code).toBe(SHORT_URL_MESSAGES.codeReserved);
    expect((await rowOf(link.id)).shortCode).toBe(link.short_code);
  });

  it.each([
    [
      { original_url: "javascript:alert(1)" },
      "original_url",
      "Informe uma URL válida começando com http:// ou https://",
    ],
    [{ original_url: "http://localhost:3000/s/abc" }, "original_url", SHORT_URL_MESSAGES.ownShortLink],
    [
      { rules: [{ type: "language", value: "português", url: "https://a.com.br" }] },
      "rules.0.value",
      POWER_LINK_MESSAGES.ruleLanguage,
    ],
    [
      { rules: [{ type: "device", value: "ios", url: "http://127.0.0.1/" }] },
      "rules.0.url",
      LINK_TARGET_MESSAGES.internal,
    ],
    [
      {
        rules: Array.from({ length: 11 }, () => ({ type: "device", value: "ios", url: "https://a.com.br" })),
      },
      "rules",
      POWER_LINK_MESSAGES.rulesMax,
    ],
    [{ expired_url: "http://localhost:3000/p/x" }, "expired_url", SHORT_URL_MESSAGES.ownShortLink],
    [{ click_limit: 1.5 }, "click_limit", POWER_LINK_MESSAGES.clickLimit],
    [{ password: "x".repeat(101) }, "password", POWER_LINK_MESSAGES.passwordLength],
    [{ expires_at: "2020-01-01T00:00:00Z" }, "expires_at", SHORT_URL_MESSAGES.expiryInPast],
    [{ custom_code: "a b" }, "custom_code", SHORT_URL_MESSAGES.codeHint],
  ])("refuses %j by field and changes nothing", async (payload, field, message) => {
    const { cookie, link } = await newLink({ title: "Original" });
    const before = await rowOf(link.id);
    const response = await update(cookie, link.id, { title: "Mudou", ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
    expect(await rowOf(link.id)).toEqual(before);
  });

  it("leaves alone targets saved before a rule, and checks every new one", async () => {
    const { cookie, link } = await newLink();
    // Saved before the internal-network rule existed.
    await t.database.db
      .update(shortenedUrls)
      .set({
        originalUrl: "http://10.0.0.9/",
        rules: [{ type: "device", value: "ios", url: "http://10.0.0.8/" }],
      })
      .where(eq(shortenedUrls.id, link.id));
    const kept = await update(cookie, link.id, {
      original_url: "http://10.0.0.9/",
      rules: [{ type: "device", value: "ios", url: "http://10.0.0.8/" }],
      title: "Ainda funciona",
    });
    expect(kept.statusCode).toBe(200);
    const added = await update(cookie, link.id, {
      rules: [
        { type: "device", value: "ios", url: "http://10.0.0.8/" },
        { type: "device", value: "android", url: "http://10.0.0.7/" },
      ],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().details).toEqual({ "rules.1.url": LINK_TARGET_MESSAGES.internal });
  });

  it("answers 404 to anyone but the owner, and changes nothing", async () => {
    const { link } = await newLink();
    const stranger = await t.signIn();
    const response = await update(stranger.cookie, link.id, { original_url: "https://outro.com.br" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(SHORT_URL_MESSAGES.notFound);
    expect((await rowOf(link.id)).originalUrl).toBe("https://exemplo.com.br/antes");
    const anonymous = await t.request({
      method: "PUT",
      url: `/api/shortened-urls/${link.id}`,
      payload: { title: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("the redirect serves the new target and the new code right after the PUT", async () => {
    const { cookie, link } = await newLink();
    expect((await visit(link.short_code)).headers.location).toBe("https://exemplo.com.br/antes");
    const newCode = uniqueCode();
    // A visitor tried the new code before it existed: a cached "not found".
    expect((await visit(newCode)).headers.location).not.toBe("https://exemplo.com.br/depois");
    await t.database.db.update(shortenedUrls).set({ clickCount: 0 }).where(eq(shortenedUrls.id, link.id));

    const target = await update(cookie, link.id, { original_url: "https://exemplo.com.br/depois" });
    expect(target.statusCode).toBe(200);
    expect((await visit(link.short_code)).headers.location).toBe("https://exemplo.com.br/depois");

    await t.app.clicks.flush();
    await t.database.db
      .update(shortenedUrls)
      .set({ clickCount: 0, limitUsed: 0 })
      .where(eq(shortenedUrls.id, link.id));
    const renamed = await update(cookie, link.id, { custom_code: newCode });
    expect(renamed.statusCode).toBe(200);
    expect((await visit(newCode)).headers.location).toBe("https://exemplo.com.br/depois");
    expect((await visit(link.short_code)).headers.location).not.toBe("https://exemplo.com.br/depois");
  });
});

// Two processes on one database: the invalidation travels through Redis.
describe.runIf(process.env.REDIS_URL)("PUT across processes", () => {
  it("a second app instance serves the new target at once", async () => {
    await withTwoProcesses(
      t,
      async (first, second) => {
        const { user, link } = await newLink();
        const visitSecond = () => second.inject({ method: "GET", url: `/s/${link.short_code}` });
        expect((await visitSecond()).headers.location).toBe("https://exemplo.com.br/antes");
        const session = await createSession(t.database.db, user.id);
        const response = await first.inject({
          method: "PUT",
          url: `/api/shortened-urls/${link.id}`,
          payload: { original_url: "https://exemplo.com.br/depois" },
          headers: { cookie: `atalho_session=${session.token}` },
        });
        expect(response.statusCode).toBe(200);
        await vi.waitFor(
          async () => expect((await visitSecond()).headers.location).toBe("https://exemplo.com.br/depois"),
          { timeout: 2000, interval: 20 },
        );
      },
      { dataDir },
    );
  });
});
