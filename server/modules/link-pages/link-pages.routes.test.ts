import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import { clickDaily, clickEvents, domains, linkPages, links, users } from "../../../db/schema";
import { allowDomainOnPlan, subscribeUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";

const t = setupTestApp();
let counter = 0;
const uniqueSlug = (prefix = "pagina") => `${prefix}-${process.pid}-${++counter}`;

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Json }) });

async function createPage(cookie: string, body: Json = {}) {
  const response = await call("POST", "/api/link-pages", cookie, {
    slug: uniqueSlug(),
    title: "Ana",
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Json & { id: number; slug: string };
}

async function createLink(cookie: string, pageId: number, body: Json = {}) {
  const response = await call("POST", `/api/link-pages/${pageId}/links`, cookie, {
    title: "Instagram",
    url: "https://instagram.com/ana",
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Json & { id: number };
}

describe("link pages: create, read, update", () => {
  it("creates a page with the spec's defaults and answers it with button_style as a JSON string", async () => {
    const { cookie } = await t.signIn();
    const slug = uniqueSlug();
    const response = await call("POST", "/api/link-pages", cookie, {
      slug: ` ${slug.toUpperCase()} `,
      title: " Ana Souza ",
      description: "",
      button_style: { width: "80%", unknown: "dropped" },
    });
    expect(response.statusCode).toBe(201);
    const page = response.json();
    expect(page).toMatchObject({
      slug,
      title: "Ana Souza",
      description: null,
      profile_image_url: null,
      background_color: "#ffffff",
      text_color: "#000000",
      button_font: "Inter",
      button_size: "medium",
      custom_domain_id: t.app.domains.default.id,
      is_active: true,
      click_count: 0,
    });
    const style = JSON.parse(page.button_style);
    expect(style).toMatchObject({ width: "80%", backgroundColor: "#2563eb", hoverEffect: "scale" });
    expect(style).not.toHaveProperty("unknown");

    const read = await call("GET", `/api/link-pages/${page.id}`, cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: page.id, slug, button_style: page.button_style });
  });

  it("accepts button_style as a JSON string too", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { button_style: JSON.stringify({ borderRadius: "50px" }) });
    expect(JSON.parse(page.button_style as string).borderRadius).toBe("50px");
  });

  it("lists only the user's own pages, newest first, with links_count", async () => {
    const { cookie } = await t.signIn();
    const first = await createPage(cookie);
    const second = await createPage(cookie);
    await createLink(cookie, first.id);
    await createLink(cookie, first.id);
    const other = await t.signIn();
    await createPage(other.cookie);

    const response = await call("GET", "/api/link-pages", cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Json[];
    expect(list.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(list.map((p) => p.links_count)).toEqual([0, 2]);
  });

  it("updates the page and keeps is_active unless sent", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const slug = uniqueSlug("novo");
    const response = await call("PUT", `/api/link-pages/${page.id}`, cookie, {
      slug,
      title: "Novo título",
      background_color: "#ABCDEF",
      text_color: "#fff",
      button_font: "Poppins",
      button_size: "large",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      slug,
      title: "Novo título",
      background_color: "#abcdef",
      text_color: "#fff",
      button_font: "Poppins",
      button_size: "large",
      is_active: true,
    });
    const off = await call("PUT", `/api/link-pages/${page.id}`, cookie, {
      slug,
      title: "x",
      is_active: false,
    });
    expect(off.json().is_active).toBe(false);
    const kept = await call("PUT", `/api/link-pages/${page.id}`, cookie, { slug, title: "y" });
    expect(kept.json().is_active).toBe(false);
  });

  it("answers 401 without a session", async () => {
    const response = await t.request({ method: "GET", url: "/api/link-pages" });
    expect(response.statusCode).toBe(401);
  });
});

describe("a new page with its first links", () => {
  const firstLinks = [
    { title: "Instagram", url: "https://instagram.com/ana" },
    { title: "Loja", url: "loja.exemplo.com.br", custom_style: { backgroundColor: "#111827" } },
    { title: "WhatsApp", url: "https://wa.me/5511999999999" },
  ];

  it("creates the page and its links together, in the order sent", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { links: firstLinks });
    expect(page.links_count).toBe(3);
    const saved = (await call("GET", `/api/link-pages/${page.id}/links`, cookie)).json();
    expect(saved.map((l: Json) => [l.title, l.url, l.position])).toEqual([
      ["Instagram", "https://instagram.com/ana", 0],
      ["Loja", "https://loja.exemplo.com.br", 1],
      ["WhatsApp", "https://wa.me/5511999999999", 2],
    ]);
    expect(JSON.parse(saved[1].custom_style)).toEqual({ backgroundColor: "#111827" });
    // More links are added after them.
    await createLink(cookie, page.id, { title: "Site" });
    const after = (await call("GET", `/api/link-pages/${page.id}/links`, cookie)).json();
    expect(after.map((l: Json) => l.title)).toEqual(["Instagram", "Loja", "WhatsApp", "Site"]);
  });

  it("creates nothing when one link is refused, and names the link and its field", async () => {
    const { user, cookie } = await t.signIn();
    const slug = uniqueSlug();
    const bad = await call("POST", "/api/link-pages", cookie, {
      slug,
      title: "Ana",
      links: [firstLinks[0], { title: "Interno", url: "http://192.168.0.1/" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: `Link "Interno": ${LINK_TARGET_MESSAGES.internal}`,
      details: { "links.1.url": LINK_TARGET_MESSAGES.internal },
    });
    const invalid = await call("POST", "/api/link-pages", cookie, {
      slug,
      title: "Ana",
      links: [{ title: "", url: "https://a.com" }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual({ "links.0.title": "Título é obrigatório" });
    const tooMany = await call("POST", "/api/link-pages", cookie, {
      slug,
      title: "Ana",
      links: Array.from({ length: 101 }, (_, i) => ({ title: `L${i}`, url: "https://a.com" })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe("Uma página pode ter no máximo 100 links.");
    expect(await t.database.db.$count(linkPages, eq(linkPages.userId, user.id))).toBe(0);
  });

  it("creates no link when the plan refuses the page", async () => {
    const { user, cookie } = await t.signIn();
    await t.database.db.update(users).set({ customMaxLinkPages: 0 }).where(eq(users.id, user.id));
    const refused = await call("POST", "/api/link-pages", cookie, {
      slug: uniqueSlug(),
      title: "Ana",
      links: firstLinks,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toEqual({ limit: "link_pages" });
    expect(await t.database.db.$count(linkPages, eq(linkPages.userId, user.id))).toBe(0);
  });
});

describe("link pages: validation", () => {
  it.each([
    [{ title: "Ana" }, "slug", "Slug é obrigatório"],
    [{ slug: "a", title: "Ana" }, "slug", "O slug deve ter pelo menos 2 caracteres"],
    [{ slug: "a".repeat(51), title: "Ana" }, "slug", "O slug deve ter no máximo 50 caracteres"],
    [
      { slug: "com espaço", title: "Ana" },
      "slug",
      "O slug pode ter apenas letras minúsculas, números, - e _",
    ],
    [{ slug: "ação", title: "Ana" }, "slug", "O slug pode ter apenas letras minúsculas, números, - e _"],
    [{ slug: "admin", title: "Ana" }, "slug", LINK_PAGE_MESSAGES.slugReserved],
    [{ slug: "ana-ok" }, "title", "Título é obrigatório"],
    [{ slug: "ana-ok", title: "   " }, "title", "Título é obrigatório"],
    [{ slug: "ana-ok", title: "x".repeat(101) }, "title", "O título deve ter no máximo 100 caracteres"],
    [
      { slug: "ana-ok", title: "Ana", description: "x".repeat(501) },
      "description",
      "A descrição deve ter no máximo 500 caracteres",
    ],
    [
      { slug: "ana-ok", title: "Ana", background_color: "red" },
      "background_color",
      "Use uma cor no formato hexadecimal, como #3b82f6",
    ],
    [
      { slug: "ana-ok", title: "Ana", text_color: "#12345" },
      "text_color",
      "Use uma cor no formato hexadecimal, como #3b82f6",
    ],
    [
      { slug: "ana-ok", title: "Ana", button_style: { width: "999px" } },
      "button_style.width",
      "Largura: valor inválido",
    ],
    [
      { slug: "ana-ok", title: "Ana", button_style: { backgroundColor: "blue" } },
      "button_style.backgroundColor",
      "Cor de fundo: use uma cor hexadecimal, como #3b82f6",
    ],
    [
      { slug: "ana-ok", title: "Ana", button_style: "{nope" },
      "button_style",
      "Estilo inválido: JSON malformado",
    ],
    [{ slug: "ana-ok", title: "Ana", button_font: "Comic Sans" }, "button_font", "Fonte inválida"],
    [{ slug: "ana-ok", title: "Ana", button_size: "huge" }, "button_size", "Tamanho de botão inválido"],
    [
      { slug: "ana-ok", title: "Ana", profile_image_url: "javascript:alert(1)" },
      "profile_image_url",
      "Imagem de perfil: informe uma URL válida ou envie um arquivo",
    ],
  ])("refuses %j with a pt-BR message and stores nothing", async (payload, field, message) => {
    const { cookie, user } = await t.signIn();
    const response = await call("POST", "/api/link-pages", cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
    expect(response.json().error).toEqual(expect.any(String));
    expect(await t.database.db.$count(linkPages, eq(linkPages.userId, user.id))).toBe(0);
  });

  it("refuses a bad update and leaves the page as it was", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, { background_color: "#123456" });
    const response = await call("PUT", `/api/link-pages/${page.id}`, cookie, {
      slug: page.slug,
      title: "Outro",
      background_color: "azul",
    });
    expect(response.statusCode).toBe(400);
    const read = await call("GET", `/api/link-pages/${page.id}`, cookie);
    expect(read.json()).toMatchObject({ title: "Ana", background_color: "#123456" });
  });

  it("keeps slugs unique per domain (409) but free on another domain", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const other = await t.signIn();
    const taken = await call("POST", "/api/link-pages", other.cookie, { slug: page.slug, title: "B" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(LINK_PAGE_MESSAGES.slugTaken);

    const [domain] = await t.database.db
      .insert(domains)
      .values({ domain: `links-${process.pid}-${counter}.exemplo.com.br`, displayName: "Links" })
      .returning();
    await allowDomainOnPlan(t.database.db, "Pro", domain!.id);
    await subscribeUser(t.database.db, other.user.id, "Pro");
    await t.app.domains.reload();
    const elsewhere = await call("POST", "/api/link-pages", other.cookie, {
      slug: page.slug,
      title: "B",
      custom_domain_id: domain!.id,
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().custom_domain_id).toBe(domain!.id);

    // Renaming onto a taken slug is a conflict too, and changes nothing.
    const mine = await createPage(cookie);
    const rename = await call("PUT", `/api/link-pages/${mine.id}`, cookie, { slug: page.slug, title: "Ana" });
    expect(rename.statusCode).toBe(409);
    expect((await call("GET", `/api/link-pages/${mine.id}`, cookie)).json().slug).toBe(mine.slug);
  });

  it("answers 409, not 500, when two creates race for one slug", async () => {
    const { cookie } = await t.signIn();
    const slug = uniqueSlug("corrida");
    const responses = await Promise.all(
      [1, 2, 3].map(() => call("POST", "/api/link-pages", cookie, { slug, title: "Ana" })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it("refuses a domain the user may not use", async () => {
    const { cookie } = await t.signIn();
    const [inactive] = await t.database.db
      .insert(domains)
      .values({ domain: `off-${process.pid}-${counter}.exemplo.com.br`, displayName: "Off", isActive: false })
      .returning();
    await t.app.domains.reload();
    for (const id of [inactive!.id, 999999]) {
      const response = await call("POST", "/api/link-pages", cookie, {
        slug: uniqueSlug(),
        title: "Ana",
        custom_domain_id: id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(LINK_PAGE_MESSAGES.domainUnavailable);
    }
  });

  it("answers 400 for a non-numeric id", async () => {
    const { cookie } = await t.signIn();
    const response = await call("GET", "/api/link-pages/abc", cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Id inválido");
  });
});

describe("links", () => {
  it("adds links at the end, lists them in order and updates only what is sent", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const a = await createLink(cookie, page.id, { title: "A", url: "exemplo.com.br" });
    const b = await createLink(cookie, page.id, {
      title: "B",
      url: "https://b.com",
      custom_style: JSON.stringify({ backgroundColor: "#FF0000", nope: 1 }),
    });
    expect(a).toMatchObject({ title: "A", url: "https://exemplo.com.br", custom_style: "{}", position: 0 });
    expect(b).toMatchObject({ position: 1, custom_style: JSON.stringify({ backgroundColor: "#ff0000" }) });

    const styled = await call("PUT", `/api/links/${b.id}`, cookie, { custom_style: { animation: "bounce" } });
    expect(styled.statusCode).toBe(200);
    expect(styled.json()).toMatchObject({
      title: "B",
      url: "https://b.com",
      custom_style: '{"animation":"bounce"}',
    });
    const renamed = await call("PUT", `/api/links/${b.id}`, cookie, { title: "B2" });
    expect(renamed.json()).toMatchObject({ title: "B2", custom_style: '{"animation":"bounce"}' });

    const list = await call("GET", `/api/link-pages/${page.id}/links`, cookie);
    expect(list.json().map((l: Json) => l.title)).toEqual(["A", "B2"]);
  });

  it.each([
    [{ url: "https://a.com" }, "title", "Título é obrigatório"],
    [{ title: "A" }, "url", "URL é obrigatória"],
    [
      { title: "A", url: "javascript:alert(1)" },
      "url",
      "Informe uma URL válida começando com http:// ou https://",
    ],
    [
      { title: "A", url: "https://a.com", custom_style: { hoverEffect: "spin" } },
      "custom_style.hoverEffect",
      "Efeito ao passar o mouse: valor inválido",
    ],
  ])("refuses link %j", async (payload, field, message) => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const response = await call("POST", `/api/link-pages/${page.id}/links`, cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toBe(message);
    expect(await t.database.db.$count(links, eq(links.linkPageId, page.id))).toBe(0);
  });

  it("refuses an empty update and a bad url on update", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await createLink(cookie, page.id);
    const empty = await call("PUT", `/api/links/${link.id}`, cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Nada para atualizar");
    const bad = await call("PUT", `/api/links/${link.id}`, cookie, { url: "ftp://x.com" });
    expect(bad.statusCode).toBe(400);
    expect((await call("GET", `/api/link-pages/${page.id}/links`, cookie)).json()[0].url).toBe(link.url);
  });

  it("refuses targets on our own hosts or an internal network, on create and update", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const cases = [
      ["http://2130706433/", LINK_TARGET_MESSAGES.internal],
      ["http://0x7f.1/admin", LINK_TARGET_MESSAGES.internal],
      ["http://192.168.0.1/", LINK_TARGET_MESSAGES.internal],
      ["http://api.localhost/", LINK_TARGET_MESSAGES.internal],
      ["http://localhost:3000/s/abcdefg", LINK_TARGET_MESSAGES.ownLink],
    ];
    for (const [url, message] of cases) {
      const created = await call("POST", `/api/link-pages/${page.id}/links`, cookie, { title: "x", url });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ error: message, details: { url: message } });
    }
    expect((await call("GET", `/api/link-pages/${page.id}/links`, cookie)).json()).toEqual([]);
    const link = await createLink(cookie, page.id);
    const updated = await call("PUT", `/api/links/${link.id}`, cookie, { url: "http://10.0.0.1/" });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().details.url).toBe(LINK_TARGET_MESSAGES.internal);
    expect((await call("GET", `/api/link-pages/${page.id}/links`, cookie)).json()[0].url).toBe(link.url);
    // A link saved before the rule is not touched and still takes a new title (its URL unchanged).
    await t.app.db.update(links).set({ url: "http://10.0.0.1/" }).where(eq(links.id, link.id));
    const renamed = await call("PUT", `/api/links/${link.id}`, cookie, {
      title: "Novo",
      url: "http://10.0.0.1/",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Novo", url: "http://10.0.0.1/" });
  });

  it("caps a page at 100 links", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await t.database.db.insert(links).values(
      Array.from({ length: 100 }, (_, i) => ({
        linkPageId: page.id,
        title: `L${i}`,
        url: "https://a.com",
        position: i,
      })),
    );
    const response = await call("POST", `/api/link-pages/${page.id}/links`, cookie, {
      title: "Mais um",
      url: "https://a.com",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Uma página pode ter no máximo 100 links.");
    expect(await t.database.db.$count(links, eq(links.linkPageId, page.id))).toBe(100);
  });

  it("reorders with exactly the page's link ids, else 400 and nothing moves", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const ids = [];
    for (const title of ["A", "B", "C"]) ids.push((await createLink(cookie, page.id, { title })).id);
    const otherPage = await createPage(cookie);
    const foreign = await createLink(cookie, otherPage.id);

    for (const link_ids of [[ids[0], ids[1]], [ids[0], ids[1], ids[1]], [ids[0], ids[1], foreign.id], []]) {
      const bad = await call("PUT", `/api/link-pages/${page.id}/links/order`, cookie, { link_ids });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe("A nova ordem deve conter exatamente os links desta página.");
    }
    const unchanged = await call("GET", `/api/link-pages/${page.id}/links`, cookie);
    expect(unchanged.json().map((l: Json) => l.id)).toEqual(ids);

    const response = await call("PUT", `/api/link-pages/${page.id}/links/order`, cookie, {
      link_ids: [ids[2], ids[0], ids[1]],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((l: Json) => l.title)).toEqual(["C", "A", "B"]);
    const list = await call("GET", `/api/link-pages/${page.id}/links`, cookie);
    expect(list.json().map((l: Json) => [l.title, l.position])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
    // A new link still goes to the end.
    expect((await createLink(cookie, page.id, { title: "D" })).position).toBe(3);
  });

  it("deletes a link and its click rows", async () => {
    const { cookie, user } = await t.signIn();
    const page = await createPage(cookie);
    const link = await createLink(cookie, page.id);
    const keep = await createLink(cookie, page.id);
    await seedClicks(user.id, page.id, [link.id, keep.id]);
    const response = await call("DELETE", `/api/links/${link.id}`, cookie);
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.$count(links, eq(links.id, link.id))).toBe(0);
    expect(await t.database.db.$count(clickEvents, eq(clickEvents.targetId, link.id))).toBe(0);
    expect(await t.database.db.$count(clickDaily, eq(clickDaily.targetId, link.id))).toBe(0);
    expect(await t.database.db.$count(clickEvents, eq(clickEvents.targetId, keep.id))).toBe(1);
  });
});

describe("deleting a page", () => {
  it("takes the page's clicks out of the account's analytics", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    const link = await createLink(cookie, page.id);
    const other = await createLink(cookie, (await createPage(cookie)).id);
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" };
    for (const id of [link.id, link.id, other.id]) {
      const tracked = await t.request({
        method: "POST",
        url: "/api/track-link-click",
        payload: { link_id: id },
        headers: browser,
      });
      expect(tracked.statusCode).toBe(204);
    }
    await t.app.clicks.flush();
    const totalClicks = async () => (await call("GET", "/api/analytics", cookie)).json().total_clicks;
    expect(await totalClicks()).toBe(3);

    expect((await call("DELETE", `/api/link-pages/${page.id}`, cookie)).statusCode).toBe(204);
    expect(await totalClicks()).toBe(1);
    expect((await call("DELETE", `/api/links/${other.id}`, cookie)).statusCode).toBe(204);
    expect(await totalClicks()).toBe(0);
  });

  it("deletes the page, its links and every click row of both in one go", async () => {
    const { cookie, user } = await t.signIn();
    const page = await createPage(cookie);
    const l1 = await createLink(cookie, page.id);
    const l2 = await createLink(cookie, page.id);
    const kept = await createPage(cookie);
    const keptLink = await createLink(cookie, kept.id);
    await seedClicks(user.id, page.id, [l1.id, l2.id]);
    await seedClicks(user.id, kept.id, [keptLink.id]);

    const response = await call("DELETE", `/api/link-pages/${page.id}`, cookie);
    expect(response.statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.$count(linkPages, eq(linkPages.id, page.id))).toBe(0);
    expect(await db.$count(links, eq(links.linkPageId, page.id))).toBe(0);
    expect(await db.$count(clickEvents, eq(clickEvents.linkPageId, page.id))).toBe(0);
    expect(await db.$count(clickDaily, eq(clickDaily.linkPageId, page.id))).toBe(0);
    expect(await db.$count(clickEvents, eq(clickEvents.linkPageId, kept.id))).toBe(1);
    expect(await db.$count(clickDaily, eq(clickDaily.linkPageId, kept.id))).toBe(1);
    expect((await call("GET", `/api/link-pages/${page.id}`, cookie)).statusCode).toBe(404);
  });
});

describe("ownership", () => {
  it("answers 404 on every route for another user's page or link, and changes nothing", async () => {
    const owner = await t.signIn();
    const page = await createPage(owner.cookie);
    const link = await createLink(owner.cookie, page.id);
    const { cookie } = await t.signIn();
    const attempts: [Parameters<typeof call>[0], string, unknown][] = [
      ["GET", `/api/link-pages/${page.id}`, undefined],
      ["PUT", `/api/link-pages/${page.id}`, { slug: uniqueSlug(), title: "Roubada" }],
      ["DELETE", `/api/link-pages/${page.id}`, undefined],
      ["GET", `/api/link-pages/${page.id}/links`, undefined],
      ["POST", `/api/link-pages/${page.id}/links`, { title: "x", url: "https://x.com" }],
      ["PUT", `/api/link-pages/${page.id}/links/order`, { link_ids: [link.id] }],
      ["PUT", `/api/links/${link.id}`, { title: "Roubado" }],
      ["DELETE", `/api/links/${link.id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toMatch(/não encontrad/);
    }
    const read = await call("GET", `/api/link-pages/${page.id}`, owner.cookie);
    expect(read.json()).toMatchObject({ title: "Ana", slug: page.slug });
    const list = await call("GET", `/api/link-pages/${page.id}/links`, owner.cookie);
    expect(list.json()).toEqual([expect.objectContaining({ id: link.id, title: "Instagram" })]);
    expect((await call("GET", "/api/link-pages", cookie)).json()).toEqual([]);
  });
});

/** One event and one rollup row per link, as the click queue would have written them. */
async function seedClicks(userId: number, pageId: number, linkIds: number[]) {
  for (const id of linkIds) {
    await t.database.db.insert(clickEvents).values({
      userId,
      targetType: "link",
      targetId: id,
      linkPageId: pageId,
      occurredAt: new Date(),
      device: "desktop",
    });
    await t.database.db.insert(clickDaily).values({
      userId,
      day: "2026-11-22",
      targetType: "link",
      targetId: id,
      linkPageId: pageId,
      dimension: "total",
      clicks: 3,
    });
  }
}
