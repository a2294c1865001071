import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_LIMITS, type BlogPostCard, type BlogPostsPage } from "../../../common/contract/blog";
import { TOO_MANY_REQUESTS } from "../../../common/contract/errors";
import { blogCategories, blogPostCategories, blogPosts, blogSlugRedirects } from "../../../db/schema/blog";
import { linkPages } from "../../../db/schema/link-pages";
import { createUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { InvalidationBus } from "../../lib/invalidation-bus";
import { createSession } from "../auth/session";
import { blogChanged } from "./blog-events";
import { escapeLike } from "./blog-public.queries";
import { BLOG_RATE_LIMIT } from "./blog-public.routes";
import { BlogViews } from "./blog-views";

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-blog-"));
fs.writeFileSync(
  path.join(distDir, "index.html"),
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><meta name="description" content="shell" /><title>Atalho</title></head><body><div id="root"></div></body></html>`,
);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const t = setupTestApp({}, { distDir });

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const OTHER_BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = "203.0.113.7") =>
  t.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER, ...headers }, remoteAddress });

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

let seq = 0;
async function post(values: Partial<typeof blogPosts.$inferInsert> & { categories?: number[] } = {}) {
  seq++;
  const { categories = [], ...row } = values;
  const [created] = await t.database.db
    .insert(blogPosts)
    .values({
      slug: `post-${seq}`,
      title: `Post número ${seq}`,
      excerpt: `Resumo do post ${seq}`,
      content: `<p>${"palavra ".repeat(250)}</p>`,
      status: "published",
      publishedAt: day(seq),
      ...row,
    })
    .returning();
  if (categories.length) {
    await t.database.db
      .insert(blogPostCategories)
      .values(categories.map((categoryId) => ({ postId: created!.id, categoryId })));
  }
  return created!;
}

type Seed = Awaited<ReturnType<typeof seed>>;
let s: Seed;

async function seed() {
  const [dicas, novidades, vazia] = await t.database.db
    .insert(blogCategories)
    .values([
      { name: "Dicas", slug: "dicas" },
      { name: "Novidades", slug: "novidades" },
      { name: "Vazia", slug: "vazia" },
    ])
    .returning();
  const published: (typeof blogPosts.$inferSelect)[] = [];
  for (let i = 0; i < 8; i++) published.push(await post({ categories: i % 2 ? [dicas!.id] : [] }));
  const percent = await post({ title: "Cresça 100% no Instagram", excerpt: "Guia de LINKS curtos" });
  const hostile = await post({
    title: "Títulos </script><script>alert(1)</script> perigosos",
    slug: "titulo-perigoso",
    metaDescription: "Descrição <b>meta</b> do post",
    metaKeywords: "links, bio , links,qr",
    featuredImageUrl: "/uploads/capa.png",
    categories: [dicas!.id, novidades!.id],
    isFeatured: true,
  });
  const featured = [
    await post({ isFeatured: true, categories: [novidades!.id] }),
    await post({ isFeatured: true }),
    await post({ isFeatured: true }),
  ];
  const draft = await post({
    status: "draft",
    title: "Rascunho secreto",
    isFeatured: true,
    categories: [dicas!.id],
    publishedAt: null,
  });
  const archived = await post({
    status: "archived",
    title: "Arquivado secreto",
    isFeatured: true,
    categories: [dicas!.id],
  });
  await t.database.db.insert(blogSlugRedirects).values([
    { slug: "endereco-antigo", postId: hostile.id },
    { slug: "antigo-do-rascunho", postId: draft.id },
  ]);
  return {
    dicas: dicas!,
    novidades: novidades!,
    vazia: vazia!,
    published,
    percent,
    hostile,
    featured,
    draft,
    archived,
  };
}

beforeAll(async () => {
  s = await seed();
});

const titles = (posts: { title: string }[]) => posts.map((p) => p.title);
const SECRET = /secreto/;

describe("public blog API", () => {
  it("lists published posts only, newest first, in pages", async () => {
    const first = (await get("/api/blog/posts")).json() as BlogPostsPage;
    const total = 8 + 1 + 1 + 3;
    expect(first.total).toBe(total);
    expect(first.page_size).toBe(BLOG_LIMITS.pageSize);
    expect(first.total_pages).toBe(2);
    expect(first.posts).toHaveLength(BLOG_LIMITS.pageSize);
    expect(first.posts[0]!.title).toBe(s.featured[2]!.title);
    const second = (await get("/api/blog/posts?page=2")).json() as BlogPostsPage;
    expect(second.posts).toHaveLength(total - BLOG_LIMITS.pageSize);
    const all = [...first.posts, ...second.posts];
    expect(new Set(all.map((p) => p.id)).size).toBe(total);
    expect(titles(all).join()).not.toMatch(SECRET);
    expect(first.posts[0]).toMatchObject({ reading_time_minutes: 2, view_count: 0 });
    expect(first.posts[0]).not.toHaveProperty("content");
    // Bad values fall back instead of failing.
    expect((await get("/api/blog/posts?page=abc&limit=9999")).json()).toMatchObject({
      page: 1,
      page_size: 9,
    });
  });

  it("searches title and excerpt without case, LIKE characters as themselves", async () => {
    const byExcerpt = (await get("/api/blog/posts?search=links%20CURTOS")).json() as BlogPostsPage;
    expect(titles(byExcerpt.posts)).toEqual([s.percent.title]);
    const percent = (await get(`/api/blog/posts?search=${encodeURIComponent("100%")}`)).json();
    expect(titles(percent.posts)).toEqual([s.percent.title]);
    expect((await get("/api/blog/posts?search=%25")).json().total).toBe(1);
    expect((await get("/api/blog/posts?search=_")).json().total).toBe(0);
    expect((await get("/api/blog/posts?search=secreto")).json().total).toBe(0);
    expect(escapeLike("a%b_c\\")).toBe("a\\%b\\_c\\\\");
  });

  it("filters by category slug, published posts only", async () => {
    const page = (await get("/api/blog/posts?category=dicas")).json() as BlogPostsPage;
    expect(page.total).toBe(5);
    expect(titles(page.posts).join()).not.toMatch(SECRET);
    expect(page.posts.every((p) => p.categories.some((c) => c.slug === "dicas"))).toBe(true);
    expect((await get("/api/blog/posts?category=nenhuma")).json().total).toBe(0);
  });

  it("gives up to 3 featured posts, newest first, never a draft or archived one", async () => {
    const featured = (await get("/api/blog/posts/featured")).json() as BlogPostCard[];
    expect(titles(featured)).toEqual(titles([...s.featured].reverse()));
    expect(featured).toHaveLength(BLOG_LIMITS.featured);
  });

  it("counts published posts per category", async () => {
    const categories = (await get("/api/blog/categories")).json() as { slug: string; post_count: number }[];
    expect(Object.fromEntries(categories.map((c) => [c.slug, c.post_count]))).toEqual({
      dicas: 5,
      novidades: 2,
      vazia: 0,
    });
  });

  it("finds a published post by slug or a former slug; drafts and archived posts are not found", async () => {
    const found = await get("/api/blog/posts/slug/TITULO-PERIGOSO");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      id: s.hostile.id,
      tags: ["links", "bio", "qr"],
      categories: [{ slug: "dicas" }, { slug: "novidades" }],
    });
    expect((await get("/api/blog/posts/slug/endereco-antigo")).json().slug).toBe("titulo-perigoso");
    for (const slug of [s.draft.slug, s.archived.slug, "nao-existe", "antigo-do-rascunho"]) {
      const response = await get(`/api/blog/posts/slug/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Post não encontrado" });
    }
  });

  it("suggests up to 3 related posts sharing a category, then the latest, never the post itself", async () => {
    const related = (
      await get(
        `/api/blog/posts/related?post_id=${s.hostile.id}&category_ids=${s.dicas.id},${s.novidades.id}`,
      )
    ).json() as BlogPostCard[];
    expect(related).toHaveLength(3);
    expect(related.map((p) => p.id)).not.toContain(s.hostile.id);
    expect(related[0]!.id).toBe(s.featured[0]!.id);
    expect(related.every((p) => p.categories.length > 0)).toBe(true);
    expect(titles(related).join()).not.toMatch(SECRET);
    // A category with one other post: the latest posts fill the rest.
    const filled = (
      await get(`/api/blog/posts/related?post_id=${s.hostile.id}&category_ids=${s.novidades.id}`)
    ).json() as BlogPostCard[];
    expect(filled.map((p) => p.id)).toEqual([s.featured[0]!.id, s.featured[2]!.id, s.featured[1]!.id]);
    expect((await get("/api/blog/posts/related?post_id=x&category_ids=a,b")).json()).toHaveLength(3);
  });

  it("drops cached answers when the blog changes, from the bus", async () => {
    const before = (await get("/api/blog/posts/featured")).json() as BlogPostCard[];
    expect((await get("/blog")).statusCode).toBe(200);
    await t.database.db
      .update(blogPosts)
      .set({ title: "Título novo" })
      .where(eq(blogPosts.id, s.featured[2]!.id));
    try {
      expect((await get("/api/blog/posts/featured")).json()).toEqual(before);
      expect((await get("/blog")).body).not.toContain("Título novo");
      blogChanged(t.app.bus, s.featured[2]!.slug);
      expect(((await get("/api/blog/posts/featured")).json() as BlogPostCard[])[0]!.title).toBe(
        "Título novo",
      );
      expect((await get("/blog")).body).toContain("Título novo");
    } finally {
      await t.database.db
        .update(blogPosts)
        .set({ title: s.featured[2]!.title })
        .where(eq(blogPosts.id, s.featured[2]!.id));
      blogChanged(t.app.bus);
    }
  });
});

function jsonLd(html: string) {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(match).not.toBeNull();
  return { raw: match![1]!, data: JSON.parse(match![1]!) as { "@type": string }[] };
}

describe("server-rendered blog pages", () => {
  it("renders /blog with the featured posts, the form, the cards and the data for hydration", async () => {
    const response = await get("/blog");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const html = response.body;
    expect(html).toContain("<title>Blog · Atalho</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blog">');
    expect(html).toContain("Destaques");
    expect(html).toContain('action="/blog"');
    expect(html).toContain("13 posts encontrados");
    expect(html).toContain('href="/blog?page=2"');
    expect(html).toContain('id="ssr-state"');
    expect(html).not.toMatch(SECRET);
    const search = (await get("/blog?search=instagram&category=")).body;
    expect(search).toContain("1 post encontrado");
    expect(search).toContain('<meta name="robots" content="noindex">');
    const empty = (await get("/blog?category=vazia")).body;
    expect(empty).toContain("Nenhum post encontrado");
    expect(empty).toContain('<link rel="canonical" href="http://localhost:3000/blog?category=vazia">');
  });

  it("renders a post with its head: description, keywords, canonical, Open Graph, Twitter, JSON-LD escaped", async () => {
    const response = await get("/blog/titulo-perigoso");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(
      "<title>Títulos &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; perigosos · Blog Atalho</title>",
    );
    expect(head).toContain('<meta name="description" content="Descrição &lt;b&gt;meta&lt;/b&gt; do post">');
    expect(head).toContain('<meta name="keywords" content="links, bio , links,qr">');
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/blog/titulo-perigoso">');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:image" content="http://localhost:3000/uploads/capa.png">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain('<meta name="twitter:image" content="http://localhost:3000/uploads/capa.png">');
    expect(html).not.toContain("<script>alert(1)");
    const { raw, data } = jsonLd(html);
    expect(raw).not.toContain("<");
    expect(data.map((d) => d["@type"])).toEqual(["BlogPosting", "BreadcrumbList"]);
    expect(data[0]).toMatchObject({
      headline: s.hostile.title,
      image: ["http://localhost:3000/uploads/capa.png"],
    });
    // The page itself: breadcrumbs, reading time, views, tags, share links, related, call to action.
    expect(html).toContain("Trilha de navegação");
    expect(html).toContain("2 min de leitura");
    expect(html).toContain("0 visualizações");
    expect(html).toContain("#bio");
    expect(html).toContain(`https://wa.me/?text=`);
    expect(html).toContain(encodeURIComponent("http://localhost:3000/blog/titulo-perigoso"));
    expect(html).toContain("Posts relacionados");
    expect(html).toContain('href="/dashboard"');
    expect(html).toContain("Começar Grátis");
  });

  it("answers 404 with 'Post não encontrado' for drafts, archived posts and unknown slugs", async () => {
    for (const slug of [s.draft.slug, s.archived.slug, "nao-existe", "antigo-do-rascunho"]) {
      const response = await get(`/blog/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("Post não encontrado");
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toMatch(SECRET);
    }
  });

  it("sends a former slug, or the slug in capitals, to the post's address with 301", async () => {
    const response = await get("/blog/endereco-antigo");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/blog/titulo-perigoso");
    const upper = await get("/blog/Titulo-Perigoso");
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe("/blog/titulo-perigoso");
  });

  it("keeps pages of what exists only: searches, 404s, unknown categories and pages are rendered each time", async () => {
    const cache = t.app.blogCache;
    cache.clear();
    const kept = [
      "/blog",
      "/blog?category=dicas",
      "/blog?page=2",
      "/blog?category=vazia",
      `/blog/${s.hostile.slug}`,
    ];
    for (const url of kept) expect((await get(url)).statusCode).toBe(200);
    expect(cache.pages.size).toBe(kept.length);
    for (const url of [
      "/blog?search=instagram",
      "/blog?search=qualquer-coisa&page=7",
      "/blog?search=outra&category=dicas",
      "/blog?category=nao-existe",
      "/blog?page=3",
      "/blog/nao-existe-1",
      "/blog/nao-existe-2",
    ]) {
      expect((await get(url)).statusCode).toBe(url.startsWith("/blog/") ? 404 : 200);
    }
    expect(cache.pages.size).toBe(kept.length);
    // A search is rendered fresh: a change the cache has not heard of shows at once.
    await t.database.db
      .update(blogPosts)
      .set({ title: "Cresça no Instagram já" })
      .where(eq(blogPosts.id, s.percent.id));
    try {
      expect((await get("/blog?search=instagram")).body).toContain("Cresça no Instagram já");
    } finally {
      await t.database.db
        .update(blogPosts)
        .set({ title: s.percent.title })
        .where(eq(blogPosts.id, s.percent.id));
    }
    // The API keeps no search either.
    const dataSize = () => (cache as unknown as { data: { size: number } }).data.size;
    const before = dataSize();
    await get("/api/blog/posts?search=uma-busca");
    await get("/api/blog/posts?search=outra-busca");
    expect(dataSize()).toBe(before);
  });

  it("sends a kept page pre-encoded and an answer not kept compressed per response", async () => {
    const kept = await get("/blog", { "accept-encoding": "br" });
    const keptAgain = await get("/blog", { "accept-encoding": "gzip" });
    const plain = await get("/blog", { "accept-encoding": "identity" });
    expect(kept.headers["content-encoding"]).toBe("br");
    expect(keptAgain.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(keptAgain.rawPayload).toString()).toBe(plain.body);
    expect(kept.headers.vary).toMatch(/accept-encoding/i);
    const search = await get("/blog?search=instagram", { "accept-encoding": "br" });
    expect(search.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(search.rawPayload).toString()).toContain("1 post encontrado");
    const missing = await get("/blog/nao-existe", { "accept-encoding": "gzip" });
    expect(missing.statusCode).toBe(404);
    expect(gunzipSync(missing.rawPayload).toString()).toContain("Post não encontrado");
  });

  it("answers 429 past the rate limit per IP (an IPv6 /64), a page for pages and JSON for the API", async () => {
    const max = BLOG_RATE_LIMIT.max;
    for (let i = 0; i < max; i++) expect((await get("/blog", {}, "192.0.2.201")).statusCode).toBe(200);
    const page = await get("/blog/titulo-perigoso", {}, "192.0.2.201");
    expect(page.statusCode).toBe(429);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["retry-after"]).toBeDefined();
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain(TOO_MANY_REQUESTS);
    // Another address is not limited; the API is counted apart.
    expect((await get("/blog", {}, "192.0.2.202")).statusCode).toBe(200);
    expect((await get("/api/blog/categories", {}, "192.0.2.201")).statusCode).toBe(200);
    for (let i = 0; i < max; i++) {
      expect((await get("/api/blog/categories", {}, `2001:db8:42::${i.toString(16)}`)).statusCode).toBe(200);
    }
    const api = await get("/api/blog/posts/featured", {}, "2001:db8:42:0:ffff::1");
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual({ error: TOO_MANY_REQUESTS });
    expect((await get("/api/blog/categories", {}, "2001:db8:43::1")).statusCode).toBe(200);
  });

  it("drops a cached post page when the blog changes", async () => {
    const target = s.published[0]!;
    expect((await get(`/blog/${target.slug}`)).body).toContain(target.title);
    await t.database.db.update(blogPosts).set({ status: "archived" }).where(eq(blogPosts.id, target.id));
    try {
      expect((await get(`/blog/${target.slug}`)).statusCode).toBe(200);
      blogChanged(t.app.bus, target.slug);
      expect((await get(`/blog/${target.slug}`)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(blogPosts).set({ status: "published" }).where(eq(blogPosts.id, target.id));
      blogChanged(t.app.bus, target.slug);
    }
  });
});

async function parseXml(xml: string) {
  // jsdom (a dev dependency) has the browser's XML parser: a malformed document is a parsererror.
  const { JSDOM } = (await import("jsdom" as string)) as {
    JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
  };
  const doc = new new JSDOM().window.DOMParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

describe("feed, sitemap and robots.txt", () => {
  it("serves RSS 2.0 of the latest published posts with absolute links", async () => {
    const response = await get("/blog/rss.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const doc = await parseXml(response.body);
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    const items = [...doc.getElementsByTagName("item")];
    expect(items).toHaveLength(13);
    const links = items.map((item) => item.getElementsByTagName("link")[0]!.textContent);
    expect(links[0]).toBe(`http://localhost:3000/blog/${s.featured[2]!.slug}`);
    expect(links).toContain("http://localhost:3000/blog/titulo-perigoso");
    const hostile = items.find((i) =>
      i.getElementsByTagName("link")[0]!.textContent?.endsWith("titulo-perigoso"),
    );
    expect(hostile!.getElementsByTagName("title")[0]!.textContent).toBe(s.hostile.title);
    expect(response.body).not.toMatch(SECRET);
  });

  it("lists the site, published posts and active users' Link Bio pages in the sitemap", async () => {
    const owner = await createUser(t.database.db);
    const gone = await createUser(t.database.db, { isActive: false });
    const domainId = t.app.domains.default.id;
    await t.database.db.insert(linkPages).values([
      { userId: owner.id, domainId, slug: "pagina-ativa", title: "Ativa" },
      { userId: owner.id, domainId, slug: "pagina-desligada", title: "Off", isActive: false },
      { userId: gone.id, domainId, slug: "pagina-de-inativo", title: "Inativo" },
    ]);
    blogChanged(t.app.bus);
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    const doc = await parseXml(response.body);
    const locs = [...doc.getElementsByTagName("loc")].map((l) => l.textContent);
    for (const p of [
      "/",
      "/pricing",
      "/terms",
      "/privacy",
      "/blog",
      "/blog/titulo-perigoso",
      "/p/pagina-ativa",
    ]) {
      expect(locs).toContain(`http://localhost:3000${p}`);
    }
    expect(locs).toHaveLength(5 + 13 + 1);
    expect(locs.join()).not.toMatch(/pagina-desligada|pagina-de-inativo|post-1[45]\b/);
    expect(response.body).toContain("<lastmod>");
  });

  it("serves robots.txt keeping /api/, /admin and /s/ out and naming the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Allow: \/$/m);
    for (const p of ["/api/", "/admin", "/s/"]) expect(response.body).toContain(`Disallow: ${p}\n`);
    expect(response.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

describe("views", () => {
  it("counts a visitor once a day, not bots, not the administrator, written in batches", async () => {
    const target = s.published[1]!;
    const url = `/blog/${target.slug}`;
    await t.app.blogViews.flush();
    const start = await viewsOf(target.id);

    await get(url);
    await get(url); // the same visitor again (and now from the cache)
    await get(url, { "user-agent": OTHER_BROWSER }); // the same IP with another user agent: the same
    await get(url, {}, "198.51.100.9"); // another visitor
    await get(url, {}, "2001:db8:1:2::10"); // another visitor
    await get(url, { "user-agent": OTHER_BROWSER }, "2001:db8:1:2:ffff::99"); // the same /64: the same
    await get(url, {}, "2001:db8:1:3::10"); // another /64: another visitor
    await get(url, { "user-agent": BOT });
    await get(url, { "user-agent": "" });
    const admin = await createUser(t.database.db, { isAdmin: true });
    const session = await createSession(t.database.db, admin.id);
    await get(url, { cookie: `atalho_session=${session.token}` }, "192.0.2.50");
    // The beacon of a post opened inside the app: the same visitor was already counted.
    const beacon = await t.app.inject({
      method: "POST",
      url: `/api/blog/posts/${target.id}/view`,
      headers: { "user-agent": BROWSER, origin: "http://localhost:3000", "content-type": "application/json" },
      payload: {},
      remoteAddress: "203.0.113.7",
    });
    expect(beacon.json()).toEqual({ ok: true });

    // Nothing written yet: the views wait for the batch.
    expect(await viewsOf(target.id)).toBe(start);
    expect(t.app.blogViews.size).toBe(4);
    await t.app.blogViews.flush();
    expect(await viewsOf(target.id)).toBe(start + 4);
    expect(t.app.blogViews.size).toBe(0);
    // The page shows the written count (its cached copy was dropped).
    expect((await get(url, {}, "192.0.2.77")).body).toContain(`${start + 4} visualizações`);
    await t.app.blogViews.flush();
  });

  it("counts a view from the beacon for a new visitor; drafts are not found", async () => {
    const target = s.published[2]!;
    const start = await viewsOf(target.id);
    const beacon = (id: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/blog/posts/${id}/view`,
        headers: {
          "user-agent": BROWSER,
          origin: "http://localhost:3000",
          "content-type": "application/json",
        },
        payload: {},
        remoteAddress: "203.0.113.99",
      });
    expect((await beacon(target.id)).statusCode).toBe(200);
    expect((await beacon(target.id)).statusCode).toBe(200);
    expect((await beacon(s.draft.id)).statusCode).toBe(404);
    await t.app.blogViews.flush();
    expect(await viewsOf(target.id)).toBe(start + 1);
  });

  it("forgets visitors with the day: a new day counts them again; one statement for many posts", async () => {
    let now = Date.UTC(2026, 5, 1, 23, 59);
    const views = new BlogViews(t.database, new InvalidationBus(), t.app.log, {
      now: () => now,
      flushMs: 60_000,
    });
    const [a, b] = [s.published[3]!, s.published[4]!];
    const [startA, startB] = [await viewsOf(a.id), await viewsOf(b.id)];
    const visitor = { ip: "203.0.113.5", userAgent: BROWSER };
    expect(await views.record(a, visitor)).toBe(true);
    expect(await views.record(a, visitor)).toBe(false);
    expect(await views.record(b, visitor)).toBe(true);
    now += 2 * 60_000;
    expect(await views.record(a, visitor)).toBe(true);
    expect(await views.record(a, { ...visitor, userAgent: BOT })).toBe(false);
    await views.close();
    expect([await viewsOf(a.id), await viewsOf(b.id)]).toEqual([startA + 2, startB + 1]);
  });

  it("counts one visitor for at most maxPerVisitor posts a day, whatever their user agent", async () => {
    const views = new BlogViews(t.database, new InvalidationBus(), t.app.log, {
      flushMs: 60_000,
      maxPerVisitor: 2,
    });
    const [a, b, c] = [s.published[3]!, s.published[4]!, s.published[5]!];
    const [startA, startB, startC] = [await viewsOf(a.id), await viewsOf(b.id), await viewsOf(c.id)];
    const visitor = { ip: "2001:db8:5::1", userAgent: BROWSER };
    expect(await views.record(a, visitor)).toBe(true);
    expect(await views.record(a, { ...visitor, userAgent: OTHER_BROWSER })).toBe(false);
    expect(await views.record(b, { ip: "2001:db8:5:0:ffff::2", userAgent: OTHER_BROWSER })).toBe(true);
    // Past the cap: nothing more from this /64 today, another visitor still counts.
    expect(await views.record(c, visitor)).toBe(false);
    expect(await views.record(c, { ...visitor, ip: "2001:db8:5:1::1" })).toBe(true);
    await views.close();
    expect([await viewsOf(a.id), await viewsOf(b.id), await viewsOf(c.id)]).toEqual([
      startA + 1,
      startB + 1,
      startC + 1,
    ]);
  });

  it("keeps no IP: the visitor set holds keyed hashes only", async () => {
    const views = new BlogViews(t.database, new InvalidationBus(), t.app.log, { flushMs: 60_000 });
    await views.record(s.published[5]!, { ip: "203.0.113.42", userAgent: BROWSER });
    const held = views as unknown as { localSeen: Map<string, true>; localCounts: Map<string, number> };
    const seen = JSON.stringify([...held.localSeen.keys(), ...held.localCounts.keys()]);
    expect(held.localCounts.size).toBe(1);
    expect(seen).not.toContain("203.0.113.42");
    expect(seen).not.toContain("Chrome");
    await views.close();
    await t.database.db
      .update(blogPosts)
      .set({ viewCount: 0 })
      .where(inArray(blogPosts.id, [s.published[5]!.id]));
  });
});

describe.runIf(process.env.REDIS_URL)("views across processes (Redis)", () => {
  it("counts a visitor once whichever process sees them, with the day's salt shared (database)", async () => {
    const { connectRedis } = await import("../../lib/redis");
    const redis = [connectRedis(process.env.REDIS_URL!), connectRedis(process.env.REDIS_URL!)];
    const prefix = `atalho-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
    const [one, two] = redis.map(
      (r) =>
        new BlogViews(t.database, new InvalidationBus(), t.app.log, {
          redis: r,
          prefix,
          flushMs: 60_000,
          maxPerVisitor: 2,
        }),
    );
    try {
      const target = s.published[6]!;
      const start = await viewsOf(target.id);
      const visitor = { ip: "203.0.113.8", userAgent: BROWSER };
      const other = s.published[7]!;
      const otherStart = await viewsOf(other.id);
      expect(await one!.record(target, visitor)).toBe(true);
      expect(await two!.record(target, visitor)).toBe(false);
      expect(await two!.record(target, { ...visitor, userAgent: OTHER_BROWSER })).toBe(false);
      expect(await two!.record(target, { ...visitor, ip: "203.0.113.9" })).toBe(true);
      // The same IPv6 /64 is one visitor, in either process.
      expect(await one!.record(target, { ...visitor, ip: "2001:db8:7::1" })).toBe(true);
      expect(await two!.record(target, { ...visitor, ip: "2001:db8:7:0:1::2" })).toBe(false);
      // Past the per-visitor cap (2 posts), nothing more counts for that visitor.
      expect(await two!.record(other, visitor)).toBe(true);
      expect(await one!.record(s.published[0]!, visitor)).toBe(false);
      expect(await one!.record(s.published[0]!, { ...visitor, userAgent: OTHER_BROWSER })).toBe(false);
      // The pairs and the per-visitor counts; the day's salt is in the database (visitor_salts).
      const keys = await redis[0]!.keys(`${prefix}*`);
      expect(keys.length).toBe(2);
      for (const key of keys) expect(await redis[0]!.ttl(key)).toBeGreaterThan(86_400);
      const members = await redis[0]!.smembers(keys.find((k) => k.endsWith(":seen"))!);
      expect(members.join()).not.toContain("203.0.113");
      const counts = await redis[0]!.hgetall(keys.find((k) => k.endsWith(":per-visitor"))!);
      expect(Object.values(counts).sort()).toEqual(["1", "1", "2"]);
      expect(Object.keys(counts).join()).not.toMatch(/203\.0\.113|2001:db8/);
      await Promise.all([one!.close(), two!.close()]);
      expect(await viewsOf(target.id)).toBe(start + 3);
      expect(await viewsOf(other.id)).toBe(otherStart + 1);
      await redis[0]!.del(...keys);
    } finally {
      for (const r of redis) r.disconnect();
    }
  });
});

async function viewsOf(id: number) {
  return (
    await t.database.db.select({ v: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.id, id))
  )[0]!.v;
}
