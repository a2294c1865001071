import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domains } from "../../../db/schema";
import { allowDomainOnPlan, subscribeUser } from "../../../tests/factories";
import { setupTestApp, unavailableLocation } from "../../../tests/test-app";

// Host routing (docs/decisions/004, custom domains): pages and short links answer only on their own
// domain; the app itself answers on the main host and on any host no active custom domain claims;
// an active custom domain serves its pages, links and what they need, and sends the rest away.

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-hosts-"));
fs.writeFileSync(
  path.join(distDir, "index.html"),
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Atalho</title></head><body><div id="root"></div></body></html>`,
);
fs.writeFileSync(path.join(distDir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg"></svg>`);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const t = setupTestApp({}, { distDir });
const MAIN = "http://localhost:3000";
const run = `${process.pid}-${Date.now()}`;
const HOST_A = `a-${run}.exemplo.com.br`;
const HOST_B = `b-${run}.exemplo.com.br`;
const HOST_OFF = `off-${run}.exemplo.com.br`;
const UNKNOWN = "203.0.113.9:3000";

let ipCounter = 0;
const fromNewIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
type Json = Record<string, unknown>;

const fixture = {} as {
  a: number;
  b: number;
  off: number;
  cookie: string;
  pageA: string;
  pageMain: string;
  pageOff: string;
  codeA: string;
  codeMain: string;
  linkA: number;
};

async function create(cookie: string, url: string, payload: Json) {
  const response = await t.request({ method: "POST", url, payload, cookie, remoteAddress: fromNewIp() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number };
}

async function addDomain(domain: string) {
  const [row] = await t.database.db.insert(domains).values({ domain, displayName: domain }).returning();
  await allowDomainOnPlan(t.database.db, "Pro", row!.id);
  return row!.id;
}

beforeAll(async () => {
  fixture.a = await addDomain(HOST_A);
  fixture.b = await addDomain(HOST_B);
  fixture.off = await addDomain(HOST_OFF);
  await t.app.domains.reload();
  const { user, cookie } = await t.signIn();
  await subscribeUser(t.database.db, user.id, "Pro");
  fixture.cookie = cookie;
  fixture.pageA = `pa-${run}`;
  fixture.pageMain = `pm-${run}`;
  fixture.pageOff = `po-${run}`;
  const pageA = await create(cookie, "/api/link-pages", {
    slug: fixture.pageA,
    title: "Página A",
    custom_domain_id: fixture.a,
  });
  await create(cookie, "/api/link-pages", { slug: fixture.pageMain, title: "Página principal" });
  await create(cookie, "/api/link-pages", {
    slug: fixture.pageOff,
    title: "Página desligada",
    custom_domain_id: fixture.off,
  });
  const link = await create(cookie, `/api/link-pages/${pageA.id}/links`, {
    title: "Loja",
    url: "https://loja.exemplo.com.br/",
  });
  fixture.linkA = link.id;
  fixture.codeA = `ca${Date.now()}`;
  fixture.codeMain = `cm${Date.now()}`;
  await create(cookie, "/api/shortened-urls", {
    custom_code: fixture.codeA,
    original_url: "https://destino-a.exemplo.com.br/",
    custom_domain_id: fixture.a,
  });
  await create(cookie, "/api/shortened-urls", {
    custom_code: fixture.codeMain,
    original_url: "https://destino-principal.exemplo.com.br/",
  });
  // A domain switched off after its page was made: its Host is no longer ours to route.
  await t.database.db.update(domains).set({ isActive: false }).where(eq(domains.id, fixture.off));
  await t.app.domains.reload();
});

const get = (url: string, host: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers: { host, ...headers } });

describe("pages and short links answer on their own domain only", () => {
  it("serves a custom domain's page on that domain, and 404 on every other host", async () => {
    const right = await get(`/p/${fixture.pageA}`, HOST_A);
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("Página A");
    expect(right.body).toContain(`https://${HOST_A}/p/${fixture.pageA}`);
    expect((await get(`/p/${fixture.pageA}`, HOST_A.toUpperCase())).statusCode).toBe(200);
    for (const host of [HOST_B, "localhost:3000", UNKNOWN]) {
      const wrong = await get(`/p/${fixture.pageA}`, host);
      expect(wrong.statusCode, host).toBe(404);
      expect(wrong.body).not.toContain("Página A");
    }
  });

  it("serves the default domain's page on the main host and on unknown hosts, not on a custom domain", async () => {
    for (const host of ["localhost:3000", UNKNOWN, HOST_OFF]) {
      const page = await get(`/p/${fixture.pageMain}`, host);
      expect(page.statusCode, host).toBe(200);
      expect(page.body).toContain("Página principal");
    }
    expect((await get(`/p/${fixture.pageMain}`, HOST_A)).statusCode).toBe(404);
    expect((await get(`/p/${fixture.pageMain}`, HOST_B)).statusCode).toBe(404);
  });

  it("does not serve a page of a switched-off domain on its old host", async () => {
    expect((await get(`/p/${fixture.pageOff}`, HOST_OFF)).statusCode).toBe(404);
  });

  it("answers the public API of a page on its own domain only", async () => {
    const url = `/api/public/link-pages/${fixture.pageA}`;
    expect((await get(url, HOST_A)).json()).toMatchObject({ title: "Página A" });
    expect((await get(`${url}/links`, HOST_A)).json()).toHaveLength(1);
    expect((await get(url, HOST_B)).statusCode).toBe(404);
    expect((await get(url, "localhost:3000")).statusCode).toBe(404);
  });

  it("redirects a short link on its own domain; elsewhere the code is unknown", async () => {
    const right = await get(`/s/${fixture.codeA}`, HOST_A);
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe("https://destino-a.exemplo.com.br/");
    // Port in the Host (a proxy on a non-standard port), trailing dots: still the same domain.
    for (const host of [`${HOST_A}:8443`, `${HOST_A}.`, `${HOST_A}..:8443`]) {
      expect((await get(`/s/${fixture.codeA}`, host)).headers.location, host).toBe(
        "https://destino-a.exemplo.com.br/",
      );
    }
    // On another custom domain the unavailable notice is on the main site: the custom domain
    // serves no app to show it.
    const wrong = await get(`/s/${fixture.codeA}`, HOST_B);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe(`${MAIN}${unavailableLocation(fixture.codeA, `https://${HOST_B}`)}`);
    for (const host of ["localhost:3000", UNKNOWN]) {
      expect((await get(`/s/${fixture.codeA}`, host)).headers.location, host).toBe(
        unavailableLocation(fixture.codeA),
      );
    }
  });

  it("redirects a default-domain short link on the main host and unknown hosts, not on a custom domain", async () => {
    for (const host of ["localhost:3000", UNKNOWN, HOST_OFF]) {
      expect((await get(`/s/${fixture.codeMain}`, host)).headers.location, host).toBe(
        "https://destino-principal.exemplo.com.br/",
      );
    }
    expect((await get(`/s/${fixture.codeMain}`, HOST_A)).headers.location).toBe(
      `${MAIN}${unavailableLocation(fixture.codeMain, `https://${HOST_A}`)}`,
    );
  });

  it("takes a page's click beacon on its custom domain", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/track-link-click",
      payload: { link_id: fixture.linkA },
      remoteAddress: fromNewIp(),
      headers: { host: HOST_A, origin: `https://${HOST_A}` },
    });
    expect(response.statusCode).toBe(204);
  });

  it("gives a custom domain's page what it loads: the icon", async () => {
    const icon = await get("/favicon.svg", HOST_A);
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain("<svg");
  });
});

describe("the app answers on the main host only", () => {
  it("serves the app on the main host and on any host no active custom domain claims", async () => {
    for (const host of ["localhost:3000", UNKNOWN, HOST_OFF]) {
      const login = await get("/login", host);
      expect(login.statusCode, host).toBe(200);
      expect(login.body).toContain('<div id="root">');
      const api = await get("/api/auth/session", host);
      expect(api.statusCode, host).toBe(200);
    }
    expect((await get("/robots.txt", "localhost:3000")).body).toContain("Sitemap:");
  });

  it("sends an app address asked on a custom domain to the same address on the main host", async () => {
    for (const url of ["/login", "/dashboard?aba=links", "/blog/um-post", "/admin", "/assets/index.js"]) {
      const response = await get(url, HOST_A);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(`${MAIN}${url}`);
    }
    const head = await t.request({ method: "HEAD", url: "/cadastro", headers: { host: HOST_B } });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(`${MAIN}/cadastro`);
  });

  it("answers 404 to the API on a custom domain, whatever the method or the session", async () => {
    const session = await get("/api/auth/session", HOST_A, { cookie: fixture.cookie });
    expect(session.statusCode).toBe(404);
    expect(session.json()).toHaveProperty("error");
    expect(session.body).not.toContain("email");
    expect((await get("/api/user/available-domains", HOST_A, { cookie: fixture.cookie })).statusCode).toBe(
      404,
    );
    expect((await get("/api/admin/users", HOST_A, { cookie: fixture.cookie })).statusCode).toBe(404);
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "ninguem@exemplo.com.br", password: "x" },
      headers: { host: HOST_A, origin: `https://${HOST_A}` },
    });
    expect(login.statusCode).toBe(404);
    const post = await t.request({ method: "POST", url: "/login", headers: { host: HOST_A } });
    expect(post.statusCode).toBe(404);
  });

  it("answers a custom domain's own robots.txt: its pages and links only", async () => {
    const robots = await get("/robots.txt", HOST_A);
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toBe("User-agent: *\nAllow: /p/\nAllow: /s/\nDisallow: /\n");
  });

  it("sends a custom domain's root to the main site, or to the address its owner chose", async () => {
    const root = await get("/", HOST_A);
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe(`${MAIN}/`);
    expect((await get("/?utm_source=x", HOST_A)).headers.location).toBe(`${MAIN}/`);

    await t.database.db
      .update(domains)
      .set({ rootRedirectUrl: "https://loja.exemplo.com.br/inicio" })
      .where(eq(domains.id, fixture.a));
    await t.app.domains.reload();
    try {
      const chosen = await get("/", HOST_A);
      expect(chosen.statusCode).toBe(302);
      expect(chosen.headers.location).toBe("https://loja.exemplo.com.br/inicio");
      expect((await get("/", HOST_B)).headers.location).toBe(`${MAIN}/`);
    } finally {
      await t.database.db.update(domains).set({ rootRedirectUrl: null }).where(eq(domains.id, fixture.a));
      await t.app.domains.reload();
    }
  });

  it("routes the same on the listening server (the redirect answered before the router)", async () => {
    const server = t.app.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // node:http, not fetch: fetch sends the URL's host whatever the headers say.
      const getOn = (url: string, host: string) =>
        new Promise<http.IncomingMessage>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path: url, headers: { host } }, (response) => {
              response.resume();
              resolve(response);
            })
            .on("error", reject);
        });
      const short = await getOn(`/s/${fixture.codeA}`, HOST_A);
      expect(short.statusCode).toBe(302);
      expect(short.headers.location).toBe("https://destino-a.exemplo.com.br/");
      expect((await getOn(`/s/${fixture.codeA}`, HOST_B)).headers.location).toBe(
        `${MAIN}${unavailableLocation(fixture.codeA, `https://${HOST_B}`)}`,
      );
      expect((await getOn("/", HOST_A)).headers.location).toBe(`${MAIN}/`);
      expect((await getOn("/login", `127.0.0.1:${port}`)).statusCode).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
