import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  ABUSE_MESSAGES,
  type BlockedDomainCreated,
  type BlockedDomainsPage,
} from "../../../common/contract/abuse";
import { auditLog, blockedDomains, domains } from "../../../db/schema";
import { subscribeUser } from "../../../tests/factories";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { buildApp } from "../../app";
import { BLOCKED_PAGE_MESSAGES } from "./blocked-page";

const t = setupTestApp();
let counter = 0;
let ipCounter = 0;
/** A domain no other test (nor another run on the same database) blocks. */
const uniqueDomain = (name = "golpe") => `${name}-${process.pid}-${Date.now().toString(36)}-${++counter}.com`;
const fromNewIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const admin = () => t.signIn({ isAdmin: true });
const block = (cookie: string, payload: object) =>
  t.request({ method: "POST", url: "/api/admin/blocked-domains", cookie, payload });
const unblock = (cookie: string, id: number) =>
  t.request({ method: "DELETE", url: `/api/admin/blocked-domains/${id}`, cookie });
const listOf = (cookie: string, query = "") =>
  t.request({ method: "GET", url: `/api/admin/blocked-domains${query}`, cookie });
/** A call with `cookie`'s session, each from a new address. */
const send = (method: "POST" | "PUT", url: string, cookie: string, payload: object) =>
  t.request({ method, url, payload, cookie, remoteAddress: fromNewIp() });
const shorten = (cookie: string, payload: object) => send("POST", "/api/shortened-urls", cookie, payload);

async function shortLink(cookie: string, originalUrl: string): Promise<{ id: number; short_code: string }> {
  const response = await shorten(cookie, { original_url: originalUrl });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function blocked(cookie: string, domain: string, reason = "Phishing"): Promise<BlockedDomainCreated> {
  const response = await block(cookie, { domain, reason });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("POST /api/admin/blocked-domains", () => {
  it("stores the host of what was typed or pasted, lower-case and punycode, with an audit line", async () => {
    const { user, cookie } = await admin();
    const base = uniqueDomain();
    const pasted = await blocked(
      cookie,
      `  HTTPS://www.${base.toUpperCase()}:8443/login?x=1#y `,
      "Golpe do Pix",
    );
    expect(pasted).toEqual({
      id: expect.any(Number),
      domain: base,
      reason: "Golpe do Pix",
      created_at: expect.any(String),
    });
    const idn = await blocked(cookie, `café-${base}`);
    expect(idn.domain).toBe(new URL(`http://café-${base}`).hostname);
    expect(idn.domain.startsWith("xn--")).toBe(true);
    const sub = await blocked(cookie, `*.loja.${uniqueDomain()}`);
    expect(sub.domain.startsWith("loja.")).toBe(true);

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "blocked_domain.create"), eq(auditLog.targetId, String(pasted.id))));
    expect(line).toMatchObject({
      actorId: user.id,
      targetType: "blocked_domain",
      targetLabel: base,
      after: { domain: base, reason: "Golpe do Pix" },
    });
  });

  it("answers 409 in pt-BR when the domain is already blocked, in any spelling", async () => {
    const { cookie } = await admin();
    const domain = uniqueDomain();
    await blocked(cookie, domain);
    const again = await block(cookie, { domain: `https://WWW.${domain}/outra`, reason: "De novo" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "Este domínio já está bloqueado" });
    expect(await t.database.db.$count(blockedDomains, eq(blockedDomains.domain, domain))).toBe(1);
  });

  it.each([
    [{ domain: "", reason: "x" }, ABUSE_MESSAGES.domainRequired],
    [{ reason: "x" }, ABUSE_MESSAGES.domainRequired],
    [{ domain: "exemplo.com", reason: "   " }, ABUSE_MESSAGES.reasonRequired],
    [{ domain: "exemplo.com" }, ABUSE_MESSAGES.reasonRequired],
    [{ domain: "exemplo.com", reason: "x".repeat(501) }, ABUSE_MESSAGES.reasonTooLong],
    [{ domain: "sem-ponto", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
    [{ domain: "exemplo .com", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
    [{ domain: "8.8.8.8", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
    [{ domain: "http://[2001:db8::1]/", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
    [{ domain: "exemplo.123", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
    [{ domain: "ex_ample!.com", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
    // Our own host (PUBLIC_URL's, any port) and a parent of it would block our own links.
    [{ domain: "localhost:3000", reason: "x" }, ABUSE_MESSAGES.domainInvalid],
  ])("refuses %j with a pt-BR message and stores nothing", async (payload, message) => {
    const { cookie } = await admin();
    const before = await t.database.db.$count(blockedDomains);
    const response = await block(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(await t.database.db.$count(blockedDomains)).toBe(before);
  });

  it("refuses our own domains and their parents", async () => {
    const { cookie } = await admin();
    const [row] = await t.database.db
      .insert(domains)
      .values({ domain: `links.${uniqueDomain("nosso")}`, displayName: "Nosso", isActive: true })
      .returning();
    await t.app.domains.reload();
    for (const domain of [row!.domain, `https://${row!.domain}/s/abc`, row!.domain.slice("links.".length)]) {
      const response = await block(cookie, { domain, reason: "x" });
      expect(response.statusCode, domain).toBe(400);
      expect(response.json()).toMatchObject({ error: ABUSE_MESSAGES.domainOwn });
    }
  });
});

describe("GET and DELETE /api/admin/blocked-domains", () => {
  it("lists newest first, paged, searched by domain (also in Unicode) or reason; delete is audited", async () => {
    const { user, cookie } = await admin();
    const tag = uniqueDomain("lista").replace(/\.com$/, "");
    const made: BlockedDomainCreated[] = [];
    for (let n = 0; n < 22; n++) made.push(await blocked(cookie, `${tag}-${n}.com`, `Motivo ${n}`));
    const idn = await blocked(cookie, `ação-${tag}.com.br`, "Marca falsa");

    const first = (await listOf(cookie, `?q=${tag}`)).json<BlockedDomainsPage>();
    expect(first.total).toBe(23);
    expect(first.page_size).toBe(20);
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]).toMatchObject({
      id: idn.id,
      display_domain: `ação-${tag}.com.br`,
      created_by_email: user.email,
    });
    const second = (await listOf(cookie, `?q=${tag}&page=2`)).json<BlockedDomainsPage>();
    expect(second.entries.map((e) => e.domain)).toEqual([`${tag}-2.com`, `${tag}-1.com`, `${tag}-0.com`]);
    // As typed, in Unicode: found through its punycode form.
    const unicode = (
      await listOf(cookie, `?q=${encodeURIComponent(`ação-${tag}`)}`)
    ).json<BlockedDomainsPage>();
    expect(unicode.entries.map((e) => e.id)).toEqual([idn.id]);
    const byReason = (
      await listOf(cookie, `?q=${encodeURIComponent("Marca falsa")}`)
    ).json<BlockedDomainsPage>();
    expect(byReason.entries.map((e) => e.id)).toContain(idn.id);
    expect((await listOf(cookie, "?page=0")).statusCode).toBe(400);

    const removed = await unblock(cookie, made[3]!.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: ABUSE_MESSAGES.unblocked });
    expect((await unblock(cookie, made[3]!.id)).json()).toMatchObject({ error: ABUSE_MESSAGES.notFound });
    expect((await unblock(cookie, made[3]!.id)).statusCode).toBe(404);
    expect((await unblock(cookie, 0)).statusCode).toBe(400);
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "blocked_domain.delete"), eq(auditLog.targetId, String(made[3]!.id))));
    expect(line).toMatchObject({ actorId: user.id, before: { domain: `${tag}-3.com`, reason: "Motivo 3" } });
  });

  it("is for administrators only: 401 signed out, 403 for a user", async () => {
    const { cookie } = await t.signIn();
    const domain = uniqueDomain();
    expect((await listOf("")).statusCode).toBe(401);
    for (const response of [
      await listOf(cookie),
      await block(cookie, { domain, reason: "x" }),
      await unblock(cookie, 1),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect(await t.database.db.$count(blockedDomains, eq(blockedDomains.domain, domain))).toBe(0);
  });
});

describe("saving a target on a blocked domain", () => {
  it("refuses short links (create, edit, CSV import) and Link Bio links on the domain and its subdomains", async () => {
    const { cookie: adminCookie } = await admin();
    const { cookie } = await t.signIn();
    const domain = uniqueDomain();
    const existing = await shortLink(cookie, `https://${domain}/antes`);
    await blocked(adminCookie, domain);

    for (const url of [
      `https://${domain}/x`,
      `https://pix.${domain}/`,
      `HTTP://WWW.${domain.toUpperCase()}`,
    ]) {
      const response = await shorten(cookie, { original_url: url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        error: "Este domínio está bloqueado por violar os termos de uso.",
      });
    }
    expect((await shorten(cookie, { original_url: `https://nao${domain}/` })).statusCode).toBe(201);
    // Trailing dots name the same host to a browser: however many, they hide nothing.
    for (const url of [`https://${domain}../x`, `https://${domain}.../`, `https://pix.${domain}.:443/`]) {
      const response = await shorten(cookie, { original_url: url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: ABUSE_MESSAGES.blockedTarget });
    }

    const edit = await send("PUT", `/api/shortened-urls/${existing.id}`, cookie, {
      original_url: `https://m.${domain}/`,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.body).toContain(ABUSE_MESSAGES.blockedTarget);

    const imported = await send("POST", "/api/shortened-urls/import", cookie, {
      csv: `original_url\nhttps://${domain}/a\nhttps://exemplo.com.br/ok\n`,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.body).toContain(ABUSE_MESSAGES.blockedTarget);

    const page = await send("POST", "/api/link-pages", cookie, {
      slug: `bloq-${process.pid}-${++counter}`,
      title: "Página",
    });
    expect(page.statusCode).toBe(201);
    const link = await send("POST", `/api/link-pages/${page.json().id}/links`, cookie, {
      title: "Oferta",
      url: `https://loja.${domain}/oferta`,
    });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({ error: ABUSE_MESSAGES.blockedTarget });
  });

  it("refuses other shorteners only while the setting is on", async () => {
    const { cookie: adminCookie } = await admin();
    const { cookie } = await t.signIn();
    const set = (value: boolean) =>
      t.request({
        method: "PUT",
        url: "/api/admin/system-config",
        cookie: adminCookie,
        payload: { block_other_shorteners: value },
      });
    expect((await shorten(cookie, { original_url: "https://bit.ly/3abc" })).statusCode).toBe(201);
    try {
      const on = await set(true);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ block_other_shorteners: true });
      const refused = await shorten(cookie, { original_url: "https://bit.ly/3abc" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: ABUSE_MESSAGES.shortenerTarget });
      expect((await shorten(cookie, { original_url: "https://www.tinyurl.com/x" })).statusCode).toBe(400);
      expect((await shorten(cookie, { original_url: "https://exemplo.com.br/" })).statusCode).toBe(201);
    } finally {
      await set(false);
    }
    expect((await shorten(cookie, { original_url: "https://bit.ly/3abc" })).statusCode).toBe(201);
  });
});

describe("existing links on a newly blocked domain", () => {
  it("answer the warning page at once instead of redirecting, and redirect again once unblocked", async () => {
    const { cookie: adminCookie } = await admin();
    const { cookie } = await t.signIn();
    const domain = uniqueDomain();
    const link = await shortLink(cookie, `https://loja.${domain}/promo`);
    const visit = (method: "GET" | "HEAD" = "GET") => t.request({ method, url: `/s/${link.short_code}` });
    // Cached before the block: the change must reach the cache's answer too.
    expect((await visit()).statusCode).toBe(302);

    const row = await blocked(adminCookie, domain);
    const warning = await visit();
    expect(warning.statusCode).toBe(403);
    expect(warning.headers.location).toBeUndefined();
    expect(warning.headers["cache-control"]).toBe("no-store");
    expect(warning.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(warning.body).toContain(BLOCKED_PAGE_MESSAGES.title);
    expect(warning.body).toContain(
      "Este link foi bloqueado porque o destino dele foi denunciado como inseguro.",
    );
    expect(warning.body).not.toContain("<script");
    expect(warning.body).not.toContain(domain);
    const shortUrl = `http://localhost:3000/s/${link.short_code}`;
    expect(warning.body).toContain(
      `href="http://localhost:3000/denunciar?url=${encodeURIComponent(shortUrl)}">Denunciar link</a>`,
    );
    expect(warning.body).toContain(`href="http://localhost:3000/">`);
    const head = await visit("HEAD");
    expect(head.statusCode).toBe(403);
    expect(head.body).toBe("");
    // The lookup API refuses it too.
    const lookup = await t.request({
      method: "GET",
      url: `/api/shortened-urls/redirect/${link.short_code}`,
      remoteAddress: fromNewIp(),
    });
    expect(lookup.statusCode).toBe(403);
    expect(lookup.json()).toMatchObject({ error: ABUSE_MESSAGES.linkBlocked });

    await unblock(adminCookie, row.id);
    const again = await visit();
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`https://loja.${domain}/promo`);
  });

  it("covers a target written with trailing dots", async () => {
    const { cookie: adminCookie } = await admin();
    const { cookie } = await t.signIn();
    const domain = uniqueDomain();
    const links = [
      await shortLink(cookie, `https://${domain}../x`),
      await shortLink(cookie, `https://loja.${domain}.../promo`),
    ];
    for (const link of links) {
      expect((await t.request({ method: "GET", url: `/s/${link.short_code}` })).statusCode).toBe(302);
    }
    await blocked(adminCookie, domain);
    for (const link of links) {
      const visit = await t.request({ method: "GET", url: `/s/${link.short_code}` });
      expect(visit.statusCode).toBe(403);
      expect(visit.headers.location).toBeUndefined();
    }
  });

  it("covers a redirect rule's target too", async () => {
    const { cookie: adminCookie } = await admin();
    const { user, cookie } = await t.signIn();
    await subscribeUser(t.database.db, user.id, "Business");
    const domain = uniqueDomain();
    const response = await shorten(cookie, {
      original_url: "https://exemplo.com.br/",
      rules: [{ type: "device", value: "ios", url: `https://app.${domain}/` }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const code = response.json().short_code;
    expect((await t.request({ method: "GET", url: `/s/${code}` })).statusCode).toBe(302);
    await blocked(adminCookie, domain);
    expect((await t.request({ method: "GET", url: `/s/${code}` })).statusCode).toBe(403);
  });

  it("Link Bio pages point such links at the warning page, at once", async () => {
    const { cookie: adminCookie } = await admin();
    const { cookie } = await t.signIn();
    const domain = uniqueDomain();
    const slug = `aviso-${process.pid}-${++counter}`;
    const page = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug, title: "Ana" },
    });
    const pageId = page.json().id;
    for (const [title, url] of [
      ["Loja", `https://loja.${domain}/x`],
      ["Instagram", "https://instagram.com/ana"],
    ]) {
      const added = await t.request({
        method: "POST",
        url: `/api/link-pages/${pageId}/links`,
        cookie,
        payload: { title, url },
      });
      expect(added.statusCode).toBe(201);
    }
    const before = await t.request({ method: "GET", url: `/p/${slug}` });
    expect(before.body).toContain(`https://loja.${domain}/x`);

    const row = await blocked(adminCookie, domain);
    const after = await t.request({ method: "GET", url: `/p/${slug}` });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(domain);
    const warningHref = `http://localhost:3000/aviso/bloqueado?url=${encodeURIComponent(`http://localhost:3000/p/${slug}`)}`;
    expect(after.body).toContain(`href="${warningHref.replace(/&/g, "&amp;")}"`);
    expect(after.body).toContain("https://instagram.com/ana");
    // The public JSON of the page's links says the same.
    const json = await t.request({ method: "GET", url: `/api/public/link-pages/${slug}/links` });
    expect(json.json().map((link: { url: string }) => link.url)).toEqual([
      warningHref,
      "https://instagram.com/ana",
    ]);

    const warning = await t.request({
      method: "GET",
      url: warningHref.slice("http://localhost:3000".length),
    });
    expect(warning.statusCode).toBe(403);
    expect(warning.headers["cache-control"]).toBe("no-store");
    expect(warning.body).toContain(ABUSE_MESSAGES.linkBlocked);
    expect(warning.body).toContain(`/denunciar?url=${encodeURIComponent(`http://localhost:3000/p/${slug}`)}`);
    // Another site's address is never echoed into the report link.
    const foreign = await t.request({
      method: "GET",
      url: `/aviso/bloqueado?url=${encodeURIComponent("https://outro-site.com/x")}`,
    });
    expect(foreign.body).not.toContain("outro-site");
    expect(foreign.body).toContain('href="http://localhost:3000/denunciar"');

    await unblock(adminCookie, row.id);
    expect((await t.request({ method: "GET", url: `/p/${slug}` })).body).toContain(
      `https://loja.${domain}/x`,
    );
  });
});

const crossProcess = testDatabaseKind === "postgres" && !!process.env.REDIS_URL;

describe("across processes", () => {
  // Skipped (and named so) without TEST_DATABASE_URL and REDIS_URL: it needs Postgres + Redis.
  it.skipIf(!crossProcess)(
    "a domain blocked through one process stops links and saves in another at once (Postgres + Redis run only)",
    async () => {
      const other = await buildApp(
        testConfig({ redisUrl: process.env.REDIS_URL, redisPrefix: t.app.config.redisPrefix }),
        { database: t.database, distDir: "/nonexistent" },
      );
      try {
        await other.ready();
        const { cookie: adminCookie } = await admin();
        const { cookie } = await t.signIn();
        const domain = uniqueDomain();
        const link = await shortLink(cookie, `https://${domain}/x`);
        const visit = () => other.inject({ method: "GET", url: `/s/${link.short_code}` });
        expect((await visit()).statusCode).toBe(302);
        const row = await blocked(adminCookie, domain);
        await vi.waitFor(async () => expect((await visit()).statusCode).toBe(403), {
          timeout: 2000,
          interval: 20,
        });
        expect(other.blockedDomains.blocks(`www.${domain}`)).toBe(true);
        const save = await other.inject({
          method: "POST",
          url: "/api/shortened-urls",
          headers: { cookie },
          remoteAddress: fromNewIp(),
          payload: { original_url: `https://${domain}/y` },
        });
        expect(save.statusCode).toBe(400);
        await unblock(adminCookie, row.id);
        await vi.waitFor(async () => expect((await visit()).statusCode).toBe(302), {
          timeout: 2000,
          interval: 20,
        });
      } finally {
        await other.close();
      }
    },
  );
});
