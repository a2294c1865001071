import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { clickEvents, domains, linkPages, links } from "../../../db/schema";
import { allowDomainOnPlan, subscribeUser } from "../../../tests/factories";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { buildApp } from "../../app";
import { NUL_CHARACTER } from "../../plugins/nul-characters";

const t = setupTestApp();
const ORIGIN = "http://localhost:3000";
let counter = 0;
let ipCounter = 0;
const uniqueSlug = () => `pub-${process.pid}-${++counter}`;
const fromNewIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
type Json = Record<string, unknown>;

async function createPage(cookie: string, body: Json = {}) {
  const response = await t.request({
    method: "POST",
    url: "/api/link-pages",
    cookie,
    payload: { slug: uniqueSlug(), title: "Ana Souza", description: "Confeiteira", ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Json & { id: number; slug: string };
}

async function addLink(cookie: string, pageId: number, body: Json = {}) {
  const response = await t.request({
    method: "POST",
    url: `/api/link-pages/${pageId}/links`,
    cookie,
    payload: { title: "Instagram", url: "https://instagram.com/ana", ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Json & { id: number };
}

const getPage = (slug: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url: `/p/${slug}`, headers });

const track = (link_id: unknown, headers: Record<string, string> = {}, remoteAddress = fromNewIp()) =>
  t.request({
    method: "POST",
    url: "/api/track-link-click",
    payload: { link_id },
    remoteAddress,
    headers: { origin: ORIGIN, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0", ...headers },
  });

describe("public API", () => {
  it("answers the page's look and its links, in order", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { background_color: "#101010", button_style: { width: "80%" } });
    const a = await addLink(cookie, page.id, { title: "A", custom_style: { animation: "shake" } });
    const b = await addLink(cookie, page.id, { title: "B" });

    const response = await t.request({ method: "GET", url: `/api/public/link-pages/${page.slug}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "background_color",
        "button_font",
        "button_style",
        "description",
        "profile_image_url",
        "text_color",
        "title",
      ].sort(),
    );
    expect(body).toMatchObject({ title: "Ana Souza", background_color: "#101010", button_font: "Inter" });
    expect(JSON.parse(body.button_style).width).toBe("80%");

    const list = await t.request({ method: "GET", url: `/api/public/link-pages/${page.slug}/links` });
    expect(list.json()).toEqual([
      { id: a.id, title: "A", url: "https://instagram.com/ana", custom_style: '{"animation":"shake"}' },
      { id: b.id, title: "B", url: "https://instagram.com/ana", custom_style: "{}" },
    ]);
  });

  it("answers 404 'Página não encontrada' for a missing, inactive or impossible page", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { is_active: false });
    for (const url of [
      `/api/public/link-pages/${page.slug}`,
      `/api/public/link-pages/${page.slug}/links`,
      "/api/public/link-pages/nao-existe-mesmo",
      "/api/public/link-pages/it's",
      "/api/public/link-pages/a%5Cb/links",
    ]) {
      const response = await t.request({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Página não encontrada" });
    }
    // A NUL is refused before the lookup, as anywhere in the API.
    const nul = await t.request({ method: "GET", url: "/api/public/link-pages/a%00b" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: NUL_CHARACTER });
  });

  it("finds a page on the domain the Host names", async () => {
    const { user, cookie } = await t.signIn();
    const host = `bio-${process.pid}.exemplo.com.br`;
    const [domain] = await t.database.db
      .insert(domains)
      .values({ domain: host, displayName: host })
      .returning();
    await allowDomainOnPlan(t.database.db, "Pro", domain!.id);
    await subscribeUser(t.database.db, user.id, "Pro");
    await t.app.domains.reload();
    const page = await createPage(cookie, { custom_domain_id: domain!.id });
    const url = `/api/public/link-pages/${page.slug}`;
    expect((await t.request({ method: "GET", url, headers: { host } })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url })).statusCode).toBe(404);

    const html = await getPage(page.slug, { host });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`<link rel="canonical" href="https://${host}/p/${page.slug}">`);
    expect((await getPage(page.slug)).statusCode).toBe(404);
  });
});

describe("GET /p/{slug}", () => {
  it("renders a full document with title, description, Open Graph, canonical and the buttons", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await addLink(cookie, page.id);
    const response = await getPage(page.slug);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    expect(html).toContain(`<meta name="viewport" content="width=device-width,initial-scale=1">`);
    expect(html).toContain("<title>Ana Souza</title>");
    expect(html).toContain(`<meta name="description" content="Confeiteira">`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/p/${page.slug}">`);
    expect(html).toContain(`<meta property="og:title" content="Ana Souza">`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/p/${page.slug}">`);
    expect(html).toContain(`<meta name="twitter:card" content="summary">`);
    expect(html).toContain(`<link rel="icon" href="/favicon.svg"`);
    expect(html).toContain(
      `href="https://instagram.com/ana" target="_blank" rel="noopener noreferrer nofollow" data-link-id="${link.id}"`,
    );
    expect(html).toContain(">Feito com Atalho</a>");
    // Small enough: the whole document compressed stays far under the 30 KB budget.
    const br = await getPage(page.slug, { "accept-encoding": "br" });
    expect(br.rawPayload.length).toBeLessThan(30 * 1024);
  });

  it("sets the security headers, and its CSP allows exactly the inline script it sends", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const response = await getPage(page.slug);
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const script = response.body.match(/<script>(.*?)<\/script>/s)![1]!;
    const hash = createHash("sha256").update(script).digest("base64");
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(script).toContain("sendBeacon");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("loads its fonts from our origin only: inline @font-face and the latin files preloaded", async () => {
    const { cookie } = await t.signIn();
    const inter = await createPage(cookie);
    const response = await getPage(inter.slug);
    const html = response.body;
    expect(html).toContain(
      `<link rel="preload" href="/fonts/v5.3.0/inter-latin-wght-normal.woff2" as="font" type="font/woff2" crossorigin>`,
    );
    expect(html).toContain(
      `@font-face{font-family:"Inter";font-style:normal;font-weight:100 900;font-display:swap;`,
    );
    expect(html).not.toMatch(/googleapis|gstatic|<link rel="stylesheet"/);
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("font-src 'self'");
    expect(csp).not.toMatch(/https:\/\/fonts/);

    // A static font: the files of the weights the first screen draws with (title 700, buttons 300).
    const poppins = await createPage(cookie, { button_style: { fontFamily: "Poppins", fontWeight: "300" } });
    await addLink(cookie, poppins.id);
    const preloads = [...(await getPage(poppins.slug)).body.matchAll(/<link rel="preload" href="([^"]+)"/g)];
    expect(preloads.map((m) => m[1])).toEqual([
      "/fonts/v5.3.0/poppins-latin-300-normal.woff2",
      "/fonts/v5.3.0/poppins-latin-400-normal.woff2",
      "/fonts/v5.3.0/poppins-latin-700-normal.woff2",
    ]);

    // System fonts only: no font is loaded at all.
    const georgia = await createPage(cookie, { button_style: { fontFamily: "Georgia" } });
    await addLink(cookie, georgia.id, { custom_style: { fontFamily: "Verdana" } });
    const plain = (await getPage(georgia.slug)).body;
    expect(plain).not.toContain("@font-face");
    expect(plain).not.toContain(`rel="preload"`);
  });

  it("escapes a script attempt in the title, description and link title", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, {
      title: `</title><script>alert("t")</script>`,
      description: `"><img src=x onerror=alert(1)>`,
    });
    await addLink(cookie, page.id, { title: `<script>alert("l")</script>` });
    const html = (await getPage(page.slug)).body;
    expect(html).not.toContain(`<script>alert`);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</title>");
    expect(html).toContain(`content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"`);
    expect(html).toContain("&lt;script&gt;alert(&quot;l&quot;)&lt;/script&gt;</a>");
  });

  it("answers 304 to a matching If-None-Match, and serves br and gzip of the same bytes", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const plain = await getPage(page.slug);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await getPage(page.slug, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const br = await getPage(page.slug, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding, User-Agent");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await getPage(page.slug, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("answers 500 'Erro ao carregar página' when the database fails, and does not keep it", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const spy = vi.spyOn(t.app.db, "select").mockImplementationOnce(() => {
      throw new Error("database down");
    });
    try {
      const failed = await getPage(page.slug);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).toContain("<h1>Erro ao carregar página</h1>");
      expect(failed.headers["cache-control"]).toBe("no-store");
    } finally {
      spy.mockRestore();
    }
    expect((await getPage(page.slug)).statusCode).toBe(200);
  });

  it("redirects a trailing slash to the page", async () => {
    const response = await getPage("ana-souza/");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/p/ana-souza");
  });

  it("answers HEAD with the headers and no body", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const response = await t.request({ method: "HEAD", url: `/p/${page.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toBe("");
  });

  it("answers a styled pt-BR 404 for a missing, inactive or malformed slug", async () => {
    const { cookie } = await t.signIn();
    const inactive = await createPage(cookie, { is_active: false });
    for (const slug of ["nao-existe", inactive.slug, "%3Cscript%3E", "a%00b"]) {
      const response = await getPage(slug);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("<h1>Página não encontrada</h1>");
      expect(response.body).toContain(`lang="pt-BR"`);
    }
  });

  it("is answered the same by the listening server once cached, before Fastify's router", async () => {
    // An app of its own, to count what reaches the router (a hook added before ready).
    const app = await buildApp(testConfig(), { database: t.database, distDir: "/nonexistent" });
    let routed = 0;
    app.addHook("onRequest", async (request) => {
      if (request.url.startsWith("/p/")) routed++;
    });
    await app.ready();
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { title: "Antes do roteador" });
    await addLink(cookie, page.id);
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = app.server.address() as AddressInfo;
      const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
        fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: "manual", headers });
      const first = await get(`/p/${page.slug}`, { "accept-encoding": "br" }); // routed: renders, caches
      const firstBody = await first.text();
      expect(routed).toBe(1);
      const fast = await get(`/p/${page.slug.toUpperCase()}?utm_source=instagram`, {
        "accept-encoding": "br",
      });
      expect(fast.status).toBe(200);
      for (const name of [
        "content-type",
        "content-security-policy",
        "cache-control",
        "etag",
        "vary",
        "content-encoding",
        "content-length",
      ])
        expect(fast.headers.get(name)).toBe(first.headers.get(name));
      expect(fast.headers.get("content-encoding")).toBe("br");
      expect(await fast.text()).toBe(firstBody);
      const etag = fast.headers.get("etag")!;
      expect((await get(`/p/${page.slug}`, { "if-none-match": etag })).status).toBe(304);
      const head = await get(`/p/${page.slug}`, { "accept-encoding": "br" }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
      expect(await head.text()).toBe("");
      expect(routed).toBe(1);

      // An edit (through this app: its bus) drops the page: the next visit is routed and rendered
      // again, then answered early.
      const edited = await app.inject({
        method: "PUT",
        url: `/api/link-pages/${page.id}`,
        headers: { cookie, origin: ORIGIN },
        payload: { slug: page.slug, title: "Depois" },
      });
      expect(edited.statusCode).toBe(200);
      expect(await (await get(`/p/${page.slug}`)).text()).toContain("Depois");
      expect(routed).toBe(2);
      expect(await (await get(`/p/${page.slug}`)).text()).toContain("Depois");
      expect(routed).toBe(2);
      // Unknown and malformed slugs are the router's (its styled 404).
      expect((await get("/p/nao-existe-aqui")).status).toBe(404);
      expect((await get("/p/a%2Fb")).status).toBe(404);
      expect(routed).toBe(4);
    } finally {
      await app.close();
    }
  });

  it("shows every edit at once: page, links, slug change, delete, and a page created after a 404", async () => {
    const { cookie } = await t.signIn();
    const slug = uniqueSlug();
    expect((await getPage(slug)).statusCode).toBe(404); // cached 404
    const page = await createPage(cookie, { slug });
    expect((await getPage(slug)).body).toContain("<title>Ana Souza</title>");

    const put = (body: Json) =>
      t.request({
        method: "PUT",
        url: `/api/link-pages/${page.id}`,
        cookie,
        payload: { slug, title: "Ana", ...body },
      });
    await put({ title: "Título novo" });
    expect((await getPage(slug)).body).toContain("<title>Título novo</title>");

    const link = await addLink(cookie, page.id, { title: "Botão um" });
    expect((await getPage(slug)).body).toContain(">Botão um</a>");
    const other = await addLink(cookie, page.id, { title: "Botão dois" });
    await t.request({ method: "PUT", url: `/api/links/${link.id}`, cookie, payload: { title: "Renomeado" } });
    expect((await getPage(slug)).body).toContain(">Renomeado</a>");
    await t.request({
      method: "PUT",
      url: `/api/link-pages/${page.id}/links/order`,
      cookie,
      payload: { link_ids: [other.id, link.id] },
    });
    const reordered = (await getPage(slug)).body;
    expect(reordered.indexOf("Botão dois")).toBeLessThan(reordered.indexOf("Renomeado"));
    await t.request({ method: "DELETE", url: `/api/links/${link.id}`, cookie });
    expect((await getPage(slug)).body).not.toContain("Renomeado");

    const renamed = uniqueSlug();
    await put({ slug: renamed, title: "Mudou" });
    expect((await getPage(slug)).statusCode).toBe(404);
    expect((await getPage(renamed)).body).toContain("<title>Mudou</title>");

    await t.request({ method: "DELETE", url: `/api/link-pages/${page.id}`, cookie });
    expect((await getPage(renamed)).statusCode).toBe(404);
  });
});

describe("POST /api/track-link-click", () => {
  it("answers 204 and counts the click on the link and its page", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await addLink(cookie, page.id);
    expect((await track(link.id)).statusCode).toBe(204);
    // A visitor from Brazil, by address (CF-IPCountry counts only behind TRUST_PROXY).
    expect((await track(String(link.id), {}, "177.0.0.1")).statusCode).toBe(204);
    await t.app.clicks.flush();
    const [linkRow] = await t.database.db.select().from(links).where(eq(links.id, link.id));
    const [pageRow] = await t.database.db.select().from(linkPages).where(eq(linkPages.id, page.id));
    expect(linkRow!.clickCount).toBe(2);
    expect(pageRow!.clickCount).toBe(2);
    const events = await t.database.db.select().from(clickEvents).where(eq(clickEvents.targetId, link.id));
    expect(events.reduce((n, e) => n + e.clicks, 0)).toBe(2);
    expect(events.every((e) => e.targetType === "link" && e.linkPageId === page.id)).toBe(true);
    expect(events.map((e) => e.country)).toContain("BR");
  });

  it("records where the visitor came from to the page, never the page itself", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await addLink(cookie, page.id);
    const pageUrl = `${ORIGIN}/p/${page.slug}`;
    const click = (payload: Json) =>
      t.request({
        method: "POST",
        url: "/api/track-link-click",
        payload: { link_id: link.id, ...payload },
        remoteAddress: fromNewIp(),
        // What a browser sends with the page's beacon: the page is the Referer.
        headers: {
          origin: ORIGIN,
          referer: pageUrl,
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
        },
      });
    expect((await click({ referrer: "https://l.instagram.com/" })).statusCode).toBe(204);
    expect((await click({ referrer: "" })).statusCode).toBe(204);
    // A page cached before the beacon sent the referrer, or a client that sends none: no origin.
    expect((await click({})).statusCode).toBe(204);
    // A referrer that is not text does not lose the click.
    expect((await click({ referrer: 42 })).statusCode).toBe(204);
    await t.app.clicks.flush();
    const events = await t.database.db.select().from(clickEvents).where(eq(clickEvents.targetId, link.id));
    expect(events.reduce((n, e) => n + e.clicks, 0)).toBe(4);
    const hosts = events.flatMap((e) => Array<string | null>(e.clicks).fill(e.referrerHost));
    expect(hosts.sort()).toEqual(["l.instagram.com", null, null, null]);
    // The page's beacon sends it.
    expect((await getPage(page.slug)).body).toContain("referrer:d.referrer");
  });

  it("records a bot's click as a bot and leaves click_count alone", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await addLink(cookie, page.id);
    const response = await track(link.id, {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(response.statusCode).toBe(204);
    await t.app.clicks.flush();
    const [linkRow] = await t.database.db.select().from(links).where(eq(links.id, link.id));
    const [pageRow] = await t.database.db.select().from(linkPages).where(eq(linkPages.id, page.id));
    expect(linkRow!.clickCount).toBe(0);
    expect(pageRow!.clickCount).toBe(0);
    const [event] = await t.database.db.select().from(clickEvents).where(eq(clickEvents.targetId, link.id));
    expect(event!.isBot).toBe(true);
  });

  it("answers 404 for an unknown link or a link of an inactive page, 400 for a bad body", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { is_active: false });
    const link = await addLink(cookie, page.id);
    expect((await track(link.id)).statusCode).toBe(404);
    expect((await track(2147483000)).statusCode).toBe(404);
    const bad = await track("abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Link inválido");
    await t.app.clicks.flush();
    expect(await t.database.db.$count(clickEvents, eq(clickEvents.targetId, link.id))).toBe(0);
  });

  it("refuses another origin", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await addLink(cookie, page.id);
    expect((await track(link.id, { origin: "https://evil.example" })).statusCode).toBe(403);
  });

  it("is rate limited per IP (429 with Retry-After)", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await addLink(cookie, page.id);
    const send = () =>
      t.request({
        method: "POST",
        url: "/api/track-link-click",
        payload: { link_id: link.id },
        remoteAddress: "10.99.0.1",
        headers: { origin: ORIGIN },
      });
    for (let i = 0; i < 120; i++) expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
