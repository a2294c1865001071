import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  RANDOM_CODE_ALPHABET,
  SHORT_URL_MESSAGES,
  SHORT_URL_SEARCH_COUNT_MAX,
  type ShortenedUrl,
} from "../../../common/contract/shortened-urls";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import { clickDaily, clickEvents, domains, shortenedUrls } from "../../../db/schema";
import { allowDomainOnPlan, insertShortLinks, subscribeUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";

const t = setupTestApp();
let ipCounter = 0;
// Each request speaks from its own address, so the per-IP shortening limit does not leak between tests.
const fromNewIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
/** A body to https://exemplo.com.br with `fields` besides. */
const bodyWith = (fields: object) => ({ original_url: "https://exemplo.com.br", ...fields });

const shorten = (cookie: string, payload: object, ip = fromNewIp()) =>
  t.request({ method: "POST", url: "/api/shortened-urls", payload, cookie, remoteAddress: ip });
const list = (cookie: string, query = "") =>
  t.request({ method: "GET", url: `/api/shortened-urls${query}`, cookie });
const countOf = (userId: number) => t.database.db.$count(shortenedUrls, eq(shortenedUrls.userId, userId));
const uniqueCode = () => `c-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function addDomain(domain: string, isActive = true) {
  const [row] = await t.database.db
    .insert(domains)
    .values({ domain, displayName: domain, isActive })
    .returning();
  // Offered to the Pro plan; users on the free plan see only the default domain.
  await allowDomainOnPlan(t.database.db, "Pro", row!.id);
  await t.app.domains.reload();
  return row!;
}

describe("POST /api/shortened-urls", () => {
  it("shortens with a random 7-character code on the default domain", async () => {
    const { user, cookie } = await t.signIn();
    const response = await shorten(cookie, { original_url: "https://exemplo.com.br/artigo?x=1" });
    expect(response.statusCode).toBe(201);
    const body = response.json<ShortenedUrl>();
    expect(body).toMatchObject({
      original_url: "https://exemplo.com.br/artigo?x=1",
      title: null,
      custom_domain_id: t.app.domains.default.id,
      click_count: 0,
      expires_at: null,
    });
    expect(body.id).toEqual(expect.any(Number));
    expect(body.short_code).toHaveLength(7);
    for (const char of body.short_code) expect(RANDOM_CODE_ALPHABET).toContain(char);
    expect(body.short_code).not.toMatch(/[0O1lI]/);
    expect(new Date(body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await countOf(user.id)).toBe(1);
  });

  it("keeps a custom code, a title, an expiry and adds https:// to a bare host", async () => {
    const { cookie } = await t.signIn();
    const code = uniqueCode();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const response = await shorten(cookie, {
      original_url: "exemplo.com.br/promo",
      title: "  Promoção  ",
      custom_code: code,
      expires_at: expires,
      custom_domain_id: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      original_url: "https://exemplo.com.br/promo",
      title: "Promoção",
      short_code: code,
      expires_at: expires,
    });
  });

  it.each([
    [{}, "original_url", "URL é obrigatória"],
    [{ original_url: "" }, "original_url", "URL é obrigatória"],
    [{ original_url: "javascript:alert(1)" }, "original_url", "Informe uma URL válida"],
    [{ original_url: "ftp://exemplo.com.br/arquivo" }, "original_url", "Informe uma URL válida"],
    [bodyWith({ custom_code: "ab" }), "custom_code", "pelo menos 3"],
    [bodyWith({ custom_code: "a".repeat(51) }), "custom_code", "no máximo 50"],
    [bodyWith({ custom_code: "com espaço" }), "custom_code", SHORT_URL_MESSAGES.codeHint],
    [bodyWith({ custom_code: "ação" }), "custom_code", SHORT_URL_MESSAGES.codeHint],
    [bodyWith({ custom_code: "Admin" }), "custom_code", SHORT_URL_MESSAGES.codeReserved],
    [bodyWith({ expires_at: "2020-01-01T00:00:00Z" }), "expires_at", SHORT_URL_MESSAGES.expiryInPast],
    [bodyWith({ expires_at: "amanhã" }), "expires_at", "Data de expiração inválida"],
    [bodyWith({ custom_domain_id: "1" }), "custom_domain_id", "Domínio inválido"],
    [{ original_url: "http://localhost:3000/s/abcdefg" }, "original_url", SHORT_URL_MESSAGES.ownShortLink],
    [{ original_url: "http://localhost:3000/%73/abcdefg" }, "original_url", SHORT_URL_MESSAGES.ownShortLink],
  ])("refuses %j with a pt-BR message and creates nothing", async (payload, field, message) => {
    const { user, cookie } = await t.signIn();
    const response = await shorten(cookie, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toEqual(expect.any(String));
    expect(body.details[field]).toContain(message);
    expect(await countOf(user.id)).toBe(0);
  });

  it("accepts a URL of 2048 characters but not 2049", async () => {
    const { user, cookie } = await t.signIn();
    const long = `https://exemplo.com.br/${"a".repeat(2048 - 23)}`;
    expect(long).toHaveLength(2048);
    const tooLong = await shorten(cookie, { original_url: `${long}a` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.original_url).toBe("A URL deve ter no máximo 2048 caracteres");
    expect(await countOf(user.id)).toBe(0);
    expect((await shorten(cookie, { original_url: long })).statusCode).toBe(201);
  });

  it.each([
    ["http://localhost:3000/p/minha-pagina", SHORT_URL_MESSAGES.ownShortLink],
    ["http://2130706433/", LINK_TARGET_MESSAGES.internal],
    ["http://0x7f.1/", LINK_TARGET_MESSAGES.internal],
    ["http://10.0.0.1:8080/admin", LINK_TARGET_MESSAGES.internal],
    ["http://169.254.169.254/latest/meta-data/", LINK_TARGET_MESSAGES.internal],
    ["http://localhost:4000/", LINK_TARGET_MESSAGES.internal],
  ])("refuses %s (ours or an internal network) and creates nothing", async (url, message) => {
    const { user, cookie } = await t.signIn();
    const response = await shorten(cookie, { original_url: url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, details: { original_url: message } });
    expect(await countOf(user.id)).toBe(0);
  });

  it("refuses short links of any of our domains", async () => {
    await addDomain("links.exemplo.com.br");
    const { user, cookie } = await t.signIn();
    const response = await shorten(cookie, { original_url: "https://LINKS.exemplo.com.br/s/abc" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(SHORT_URL_MESSAGES.ownShortLink);
    expect(await countOf(user.id)).toBe(0);
  });

  it("refuses a domain that does not exist or is not active", async () => {
    const inactive = await addDomain(`off-${Date.now()}.exemplo.com.br`, false);
    const { user, cookie } = await t.signIn();
    for (const id of [inactive.id, 999_999]) {
      const response = await shorten(cookie, {
        original_url: "https://exemplo.com.br",
        custom_domain_id: id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: SHORT_URL_MESSAGES.domainUnavailable,
        details: { custom_domain_id: SHORT_URL_MESSAGES.domainUnavailable },
      });
    }
    expect(await countOf(user.id)).toBe(0);
  });

  it("says a taken code is taken on that domain, and lets it be used on another", async () => {
    const other = await addDomain(`outro-${Date.now()}.exemplo.com.br`);
    const ana = await t.signIn();
    const bia = await t.signIn();
    await subscribeUser(t.database.db, bia.user.id, "Pro");
    const code = uniqueCode();
    expect(
      (await shorten(ana.cookie, { original_url: "https://a.com.br", custom_code: code })).statusCode,
    ).toBe(201);

    const taken = await shorten(bia.cookie, { original_url: "https://b.com.br", custom_code: code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: SHORT_URL_MESSAGES.codeTaken,
      details: { custom_code: SHORT_URL_MESSAGES.codeTaken },
    });
    expect(await countOf(bia.user.id)).toBe(0);

    const elsewhere = await shorten(bia.cookie, {
      original_url: "https://b.com.br",
      custom_code: code,
      custom_domain_id: other.id,
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({ short_code: code, custom_domain_id: other.id });
  });

  it("gives a custom code to exactly one of 10 simultaneous requests", async () => {
    const { user, cookie } = await t.signIn();
    const code = uniqueCode();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        shorten(cookie, { original_url: `https://exemplo.com.br/${i}`, custom_code: code }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await countOf(user.id)).toBe(1);
  });

  it("limits shortening to 60 a minute per account", async () => {
    const { user, cookie } = await t.signIn();
    await subscribeUser(t.database.db, user.id, "Enterprise"); // past the free plan's 50 links
    const responses = [];
    for (let i = 0; i < 61; i++)
      responses.push(await shorten(cookie, { original_url: `https://e.com.br/${i}` }));
    expect(responses.slice(0, 60).every((r) => r.statusCode === 201)).toBe(true);
    const limited = responses[60]!;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Aguarde/);
    expect(await countOf(user.id)).toBe(60);
  });

  it("limits shortening to 60 a minute per address, whatever the account", async () => {
    const ip = "10.9.9.9";
    const users = await Promise.all([t.signIn(), t.signIn()]);
    for (let i = 0; i < 60; i++) {
      const response = await shorten(users[i % 2]!.cookie, { original_url: `https://e.com.br/${i}` }, ip);
      expect(response.statusCode).toBe(201);
    }
    const third = await t.signIn();
    expect((await shorten(third.cookie, { original_url: "https://e.com.br/x" }, ip)).statusCode).toBe(429);
    expect(await countOf(third.user.id)).toBe(0);
  });

  it("needs a session", async () => {
    const response = await shorten("", { original_url: "https://exemplo.com.br" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("Faça login para continuar.");
  });
});

describe("GET /api/shortened-urls", () => {
  it("lists only the user's own links, newest first, with the total in X-Total-Count", async () => {
    const ana = await t.signIn();
    const bia = await t.signIn();
    const created: ShortenedUrl[] = [];
    for (const path of ["um", "dois", "tres"]) {
      created.push((await shorten(ana.cookie, { original_url: `https://ana.com.br/${path}` })).json());
    }
    await shorten(bia.cookie, { original_url: "https://bia.com.br" });

    const response = await list(ana.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("3");
    expect(response.json<ShortenedUrl[]>().map((u) => u.id)).toEqual(created.map((u) => u.id).reverse());
    expect(response.json()[0]).toEqual(created[2]);
  });

  it("pages with limit and offset", async () => {
    const { cookie } = await t.signIn();
    for (let i = 0; i < 5; i++) await shorten(cookie, { original_url: `https://pag.com.br/${i}` });
    const page = await list(cookie, "?limit=2&offset=3");
    expect(page.headers["x-total-count"]).toBe("5");
    expect(page.json<ShortenedUrl[]>().map((u) => u.original_url)).toEqual([
      "https://pag.com.br/1",
      "https://pag.com.br/0",
    ]);
  });

  it("searches title, URL and code, ignoring case, with % and _ taken literally", async () => {
    const { cookie } = await t.signIn();
    const code = `Busca_${Date.now().toString(36)}`;
    await shorten(cookie, { original_url: "https://loja.com.br/a", title: "Black Friday 50%" });
    await shorten(cookie, { original_url: "https://LOJA.com.br/CAMISETAS" });
    await shorten(cookie, { original_url: "https://outra.com.br", custom_code: code });
    await shorten(cookie, { original_url: "https://nada.com.br/xyz" });

    const titles = await list(cookie, `?q=${encodeURIComponent("friday 50%")}`);
    expect(titles.json<ShortenedUrl[]>().map((u) => u.title)).toEqual(["Black Friday 50%"]);
    const urls = await list(cookie, "?q=camisetas");
    expect(urls.json<ShortenedUrl[]>().map((u) => u.original_url)).toEqual(["https://LOJA.com.br/CAMISETAS"]);
    expect(urls.headers["x-total-count"]).toBe("1");
    const codes = await list(cookie, `?q=${code.toLowerCase()}`);
    expect(codes.json<ShortenedUrl[]>().map((u) => u.short_code)).toEqual([code]);
    expect((await list(cookie, "?q=%25")).json()).toHaveLength(1);
    expect((await list(cookie, "?q=_")).json()).toHaveLength(1);
  });

  it("counts a search's matches up to 10,000 and leaves X-Total-Count out beyond", async () => {
    const { user, cookie } = await t.signIn();
    const insertLinks = (from: number, to: number, title: string) =>
      insertShortLinks(t.database.db, {
        userId: user.id,
        domainId: t.app.domains.default.id,
        from,
        to,
        title,
        host: "cap.com.br",
      });
    await insertLinks(1, SHORT_URL_SEARCH_COUNT_MAX, "Oferta");
    await insertLinks(SHORT_URL_SEARCH_COUNT_MAX + 1, SHORT_URL_SEARCH_COUNT_MAX + 1, "Liquidação");

    const counted = await list(cookie, "?q=oferta&limit=2");
    expect(counted.headers["x-total-count"]).toBe(String(SHORT_URL_SEARCH_COUNT_MAX));
    expect(counted.json<ShortenedUrl[]>().map((u) => u.title)).toEqual([
      `Oferta ${SHORT_URL_SEARCH_COUNT_MAX}`,
      `Oferta ${SHORT_URL_SEARCH_COUNT_MAX - 1}`,
    ]);

    const uncounted = await list(cookie, "?q=cap.com.br&limit=2");
    expect(uncounted.statusCode).toBe(200);
    expect(uncounted.headers["x-total-count"]).toBeUndefined();
    expect(uncounted.json<ShortenedUrl[]>().map((u) => u.title)).toEqual([
      `Liquidação ${SHORT_URL_SEARCH_COUNT_MAX + 1}`,
      `Oferta ${SHORT_URL_SEARCH_COUNT_MAX}`,
    ]);
    // The last page knows how many there were; past it, the count says so again.
    const last = await list(cookie, `?q=cap.com.br&limit=2&offset=${SHORT_URL_SEARCH_COUNT_MAX}`);
    expect(last.headers["x-total-count"]).toBe(String(SHORT_URL_SEARCH_COUNT_MAX + 1));
    expect(last.json<ShortenedUrl[]>().map((u) => u.title)).toEqual(["Oferta 1"]);
    const past = await list(cookie, "?q=oferta&offset=20000");
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe(String(SHORT_URL_SEARCH_COUNT_MAX));
    // Without a search the total is the user's counter, however large.
    expect((await list(cookie, "?limit=1")).headers["x-total-count"]).toBe(
      String(SHORT_URL_SEARCH_COUNT_MAX + 1),
    );
  });

  it.each([
    ["?limit=0", "Limite inválido"],
    ["?limit=501", "O limite máximo é 500"],
    ["?limit=abc", "Limite inválido"],
    ["?offset=-1", "Posição inválida"],
  ])("refuses %s", async (query, message) => {
    const { cookie } = await t.signIn();
    const response = await list(cookie, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it("needs a session", async () => {
    expect((await list("")).statusCode).toBe(401);
  });
});

describe("GET /api/shortened-urls/{id}", () => {
  it("answers the owner's link, and 404 to anyone else", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const created = (
      await shorten(owner.cookie, { original_url: "https://exemplo.com.br/um", title: "Um" })
    ).json<ShortenedUrl>();
    const mine = await t.request({
      method: "GET",
      url: `/api/shortened-urls/${created.id}`,
      cookie: owner.cookie,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: created.id, title: "Um", short_code: created.short_code });
    const theirs = await t.request({
      method: "GET",
      url: `/api/shortened-urls/${created.id}`,
      cookie: other.cookie,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: "URL não encontrada" });
    expect(
      (await t.request({ method: "GET", url: "/api/shortened-urls/abc", cookie: owner.cookie })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/shortened-urls/${created.id}` })).statusCode).toBe(
      401,
    );
  });
});

describe("DELETE /api/shortened-urls/{id}", () => {
  it("deletes the link and its click rows", async () => {
    const { user, cookie } = await t.signIn();
    const created = (await shorten(cookie, { original_url: "https://exemplo.com.br" })).json<ShortenedUrl>();
    await t.request({
      method: "GET",
      url: `/s/${created.short_code}`,
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" },
    });
    await t.app.clicks.flush();
    const rowsOf = async () => ({
      events: await t.database.db.$count(
        clickEvents,
        and(eq(clickEvents.targetType, "short_url"), eq(clickEvents.targetId, created.id)),
      ),
      rollups: await t.database.db.$count(
        clickDaily,
        and(eq(clickDaily.targetType, "short_url"), eq(clickDaily.targetId, created.id)),
      ),
    });
    expect((await rowsOf()).events).toBe(1);

    const response = await t.request({ method: "DELETE", url: `/api/shortened-urls/${created.id}`, cookie });
    expect(response.statusCode).toBe(204);
    expect(await countOf(user.id)).toBe(0);
    expect(await rowsOf()).toEqual({ events: 0, rollups: 0 });
    const again = await t.request({ method: "DELETE", url: `/api/shortened-urls/${created.id}`, cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(SHORT_URL_MESSAGES.notFound);
  });

  it("answers 404 for another user's link and leaves it alone", async () => {
    const ana = await t.signIn();
    const bia = await t.signIn();
    const created = (
      await shorten(ana.cookie, { original_url: "https://exemplo.com.br" })
    ).json<ShortenedUrl>();
    const response = await t.request({
      method: "DELETE",
      url: `/api/shortened-urls/${created.id}`,
      cookie: bia.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(await countOf(ana.user.id)).toBe(1);
  });

  it.each(["abc", "0", "-1", "99999999999"])("refuses the id %s", async (id) => {
    const { cookie } = await t.signIn();
    const response = await t.request({ method: "DELETE", url: `/api/shortened-urls/${id}`, cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(SHORT_URL_MESSAGES.invalidId);
  });
});
