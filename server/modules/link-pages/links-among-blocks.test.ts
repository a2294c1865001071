import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LINK_PAGE_MESSAGES, linkListSchema } from "../../../common/contract/link-pages";
import { links } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";

// The spec's link calls on a page of blocks (decision 024): they see the link blocks only, a link's
// id is its block's id, and what they change leaves the other blocks where they are.

const t = setupTestApp();
let counter = 0;
const uniqueSlug = () => `entre-blocos-${process.pid}-${++counter}`;

type Json = Record<string, unknown>;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Json }) });

async function createPage(cookie: string, body: Json = {}) {
  const response = await call("POST", "/api/link-pages", cookie, {
    slug: uniqueSlug(),
    title: "Ana",
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number; slug: string };
}

async function addLink(cookie: string, pageId: number, body: Json = {}) {
  const response = await call("POST", `/api/link-pages/${pageId}/links`, cookie, {
    title: "Instagram",
    url: "https://instagram.com/ana",
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number };
}

async function addBlock(cookie: string, pageId: number, body: Json) {
  const response = await call("POST", `/api/link-pages/${pageId}/blocks`, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json & { id: number; type: string; data: Json };
}

const blocksOf = async (cookie: string, pageId: number) =>
  (await call("GET", `/api/link-pages/${pageId}/blocks`, cookie)).json() as (Json & {
    id: number;
    type: string;
    data: Json;
  })[];
const linksOf = async (cookie: string, pageId: number) =>
  (await call("GET", `/api/link-pages/${pageId}/links`, cookie)).json() as (Json & { id: number })[];

/** A page: link A, a header, link B, a divider, link C (links by the spec's call and as blocks). */
async function mixedPage(cookie: string) {
  const page = await createPage(cookie);
  const a = await addLink(cookie, page.id, { title: "A", url: "https://a.com" });
  const header = await addBlock(cookie, page.id, { type: "header", data: { text: "Meus links" } });
  const b = await addBlock(cookie, page.id, {
    type: "link",
    data: {
      title: "B",
      url: "b.com",
      custom_style: { backgroundColor: "#111827" },
      highlight: true,
      open_in_app: false,
    },
  });
  const divider = await addBlock(cookie, page.id, { type: "divider" });
  const c = await addLink(cookie, page.id, { title: "C", url: "https://c.com" });
  return { page, a, header, b, divider, c };
}

describe("the spec's link calls on a page of blocks", () => {
  it("GET …/links lists only the link blocks, in page order, in the spec's shape", async () => {
    const { cookie } = await t.signIn();
    const { page, a, b, c } = await mixedPage(cookie);
    const response = await call("GET", `/api/link-pages/${page.id}/links`, cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json() as (Json & { id: number; position: number })[];
    expect(linkListSchema.safeParse(list).success).toBe(true);
    expect(list.map((link) => link.id)).toEqual([a.id, b.id, c.id]);
    for (const link of list) {
      expect(Object.keys(link).sort()).toEqual([
        "click_count",
        "custom_style",
        "id",
        "position",
        "title",
        "url",
      ]);
      expect(Number.isInteger(link.position)).toBe(true);
    }
    expect(list[1]).toMatchObject({
      title: "B",
      url: "https://b.com",
      custom_style: JSON.stringify({ backgroundColor: "#111827" }),
      click_count: 0,
    });
    const positions = list.map((link) => link.position);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });

  it("counts links only in links_count", async () => {
    const { cookie } = await t.signIn();
    const { page } = await mixedPage(cookie);
    const pages = (await call("GET", "/api/link-pages", cookie)).json() as (Json & { id: number })[];
    expect(pages.find((p) => p.id === page.id)?.links_count).toBe(3);
  });

  it("PUT …/links/order reorders the links in the links' places; the other blocks stay put", async () => {
    const { cookie } = await t.signIn();
    const { page, a, header, b, divider, c } = await mixedPage(cookie);
    const response = await call("PUT", `/api/link-pages/${page.id}/links/order`, cookie, {
      link_ids: [c.id, a.id, b.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(linkListSchema.safeParse(response.json()).success).toBe(true);
    expect(response.json().map((link: Json) => link.title)).toEqual(["C", "A", "B"]);
    expect((await linksOf(cookie, page.id)).map((link) => link.id)).toEqual([c.id, a.id, b.id]);
    const blocks = await blocksOf(cookie, page.id);
    expect(blocks.map((block) => [block.type, block.id])).toEqual([
      ["link", c.id],
      ["header", header.id],
      ["link", a.id],
      ["divider", divider.id],
      ["link", b.id],
    ]);
    expect(blocks.map((block) => block.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it("PUT …/links/order refuses a block that is not a link, and moves nothing", async () => {
    const { cookie } = await t.signIn();
    const { page, a, header, b, c } = await mixedPage(cookie);
    const before = await blocksOf(cookie, page.id);
    for (const link_ids of [
      [a.id, b.id, c.id, header.id],
      [header.id, b.id, c.id],
      [a.id, b.id],
    ]) {
      const response = await call("PUT", `/api/link-pages/${page.id}/links/order`, cookie, { link_ids });
      expect(response.statusCode, JSON.stringify(link_ids)).toBe(400);
      expect(response.json().error).toBe("A nova ordem deve conter exatamente os links desta página.");
    }
    expect(await blocksOf(cookie, page.id)).toEqual(before);
  });

  it("PUT and DELETE /api/links/{id} answer 404 for a block that is not a link, and leave it", async () => {
    const { cookie } = await t.signIn();
    const { page, header, divider } = await mixedPage(cookie);
    for (const id of [header.id, divider.id]) {
      const deleted = await call("DELETE", `/api/links/${id}`, cookie);
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json().error).toBe(LINK_PAGE_MESSAGES.linkNotFound);
      const edited = await call("PUT", `/api/links/${id}`, cookie, {
        title: "Virou link",
        url: "https://x.com",
      });
      expect(edited.statusCode).toBe(404);
      expect(edited.json().error).toBe(LINK_PAGE_MESSAGES.linkNotFound);
    }
    const blocks = await blocksOf(cookie, page.id);
    expect(blocks.find((block) => block.id === header.id)).toMatchObject({
      type: "header",
      data: { text: "Meus links" },
    });
    expect(blocks).toHaveLength(5);
  });

  it("a link made by POST …/links is a block of type link with the same id, at the end", async () => {
    const { cookie } = await t.signIn();
    const { page } = await mixedPage(cookie);
    const link = await addLink(cookie, page.id, {
      title: "Loja",
      url: "loja.exemplo.com.br",
      custom_style: { animation: "bounce" },
    });
    const blocks = await blocksOf(cookie, page.id);
    expect(blocks.at(-1)).toEqual({
      id: link.id,
      type: "link",
      position: blocks.length - 1,
      is_active: true,
      starts_at: null,
      ends_at: null,
      data: {
        title: "Loja",
        url: "https://loja.exemplo.com.br",
        custom_style: { animation: "bounce" },
        highlight: false,
        open_in_app: true,
      },
    });
  });

  it("an edit through either call is seen by the other; a spec edit keeps the highlight and 'Abrir no app'", async () => {
    const { cookie } = await t.signIn();
    const { page, b } = await mixedPage(cookie);
    const renamed = await call("PUT", `/api/links/${b.id}`, cookie, { title: "B novo" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: b.id, title: "B novo", url: "https://b.com" });
    const block = (await blocksOf(cookie, page.id)).find((x) => x.id === b.id)!;
    expect(block.data).toEqual({
      title: "B novo",
      url: "https://b.com",
      custom_style: { backgroundColor: "#111827" },
      highlight: true,
      open_in_app: false,
    });

    const edited = await call("PUT", `/api/blocks/${b.id}`, cookie, {
      data: { title: "B de bloco", url: "https://b2.com" },
    });
    expect(edited.statusCode).toBe(200);
    const link = (await linksOf(cookie, page.id)).find((x) => x.id === b.id);
    expect(link).toMatchObject({ title: "B de bloco", url: "https://b2.com", custom_style: "{}" });
  });

  it("DELETE /api/links/{id} deletes the link block and keeps the others in their order", async () => {
    const { cookie } = await t.signIn();
    const { page, a, header, b, divider, c } = await mixedPage(cookie);
    expect((await call("DELETE", `/api/links/${b.id}`, cookie)).statusCode).toBe(204);
    expect((await blocksOf(cookie, page.id)).map((block) => block.id)).toEqual([
      a.id,
      header.id,
      divider.id,
      c.id,
    ]);
  });

  it("POST …/links counts every block against the page's 100", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie);
    await t.database.db.insert(links).values(
      Array.from({ length: 100 }, (_, i) => ({
        linkPageId: page.id,
        type: "divider" as const,
        position: i,
      })),
    );
    const response = await call("POST", `/api/link-pages/${page.id}/links`, cookie, {
      title: "Mais um",
      url: "https://a.com",
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.$count(links, eq(links.linkPageId, page.id))).toBe(100);
    expect(await linksOf(cookie, page.id)).toEqual([]);
  });

  it("a page PUT with the spec's fields only keeps the new page fields", async () => {
    const { cookie } = await t.signIn();
    const page = await createPage(cookie, {
      background_type: "gradient",
      background_color: "#112233",
      background_gradient_to: "#445566",
      background_gradient_direction: "135deg",
      is_sensitive: true,
      seo_title: "Ana, confeiteira",
      seo_description: "Bolos por encomenda",
    });
    const fields = {
      background_type: "gradient",
      background_gradient_to: "#445566",
      background_gradient_direction: "135deg",
      is_sensitive: true,
      seo_title: "Ana, confeiteira",
      seo_description: "Bolos por encomenda",
    };
    expect(page).toMatchObject(fields);
    const updated = await call("PUT", `/api/link-pages/${page.id}`, cookie, {
      slug: page.slug,
      title: "Ana Souza",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: "Ana Souza", ...fields });
  });
});
