import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogPost,
  type BlogPostBody,
  type BlogPostRow,
  type BlogStats,
} from "../../../common/contract/blog";
import { FORBIDDEN, UNAUTHENTICATED } from "../../../common/contract/errors";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { auditLog, blogPostCategories, blogPosts, blogSlugRedirects } from "../../../db/schema";
import { setupAdmin, setupTestApp } from "../../../tests/test-app";
import { BLOG_TOPIC } from "./blog-events";
import { expectHarmless, PNG, XSS_CORPUS } from "./blog-sanitize.fixtures";

const dataDir = mkdtempSync(path.join(tmpdir(), "atalho-blog-admin-"));
const t = setupTestApp({ dataDir });
const db = () => t.database.db;

const { admin, send } = setupAdmin(t);
const changed: string[] = [];
beforeAll(() => {
  t.app.bus.on(BLOG_TOPIC, (key) => changed.push(key));
});

let sequence = 0;
const unique = (prefix = "post") => `${prefix}-${Date.now().toString(36)}-${++sequence}`;

const validBody = (overrides: Partial<BlogPostBody> = {}): BlogPostBody => ({
  title: "Como encurtar links",
  slug: unique(),
  content: "<p>Conteúdo do post.</p>",
  excerpt: "Resumo",
  meta_description: "Descrição",
  meta_keywords: "links, encurtador",
  featured_image_url: null,
  status: "draft",
  is_featured: false,
  category_ids: [],
  ...overrides,
});

async function createPost(overrides: Partial<BlogPostBody> = {}): Promise<BlogPost> {
  const response = await send("POST", "/api/admin/blog/posts", validBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BlogPost>();
}

async function savePost(post: BlogPost, overrides: Partial<BlogPostBody> = {}): Promise<BlogPost> {
  const {
    id,
    categories: _c,
    published_at: _p,
    created_at: _cr,
    updated_at: _u,
    view_count: _v,
    ...body
  } = post;
  const response = await send("PUT", `/api/admin/blog/posts/${id}`, { ...body, ...overrides });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BlogPost>();
}

async function createCategory(overrides: Record<string, unknown> = {}): Promise<BlogCategory> {
  const slug = unique("categoria");
  const response = await send("POST", "/api/admin/blog/categories", {
    name: `Categoria ${slug}`,
    slug,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BlogCategory>();
}

const postCount = async () => (await db().select({ value: count() }).from(blogPosts))[0]!.value;
const redirectsOf = (postId: number) =>
  db()
    .select({ slug: blogSlugRedirects.slug })
    .from(blogSlugRedirects)
    .where(eq(blogSlugRedirects.postId, postId));
const auditOf = (targetType: string, id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(id))))
    .orderBy(desc(auditLog.id));

/** The 400 of spec 5: joined message, the list, and the first message of each field. */
async function expectInvalid(
  body: unknown,
  messages: string[],
  options: { publishing?: boolean; method?: "POST" | "PUT"; url?: string } = {},
) {
  const before = await postCount();
  const response = await send(options.method ?? "POST", options.url ?? "/api/admin/blog/posts", body);
  expect(response.statusCode, response.body).toBe(400);
  const prefix = options.publishing ? "Erro na publicação: " : "Erro de validação: ";
  const json = response.json<{
    error: string;
    validation_errors: string[];
    details: Record<string, string>;
  }>();
  expect(json.error).toBe(`${prefix}${messages.join(", ")}`);
  expect(json.validation_errors).toEqual(messages);
  expect(Object.values(json.details)).toEqual(expect.arrayContaining(messages));
  expect(await postCount()).toBe(before);
  return json;
}

describe("access", () => {
  const routes: [string, string][] = [
    ["GET", "/api/admin/blog/posts"],
    ["POST", "/api/admin/blog/posts"],
    ["GET", "/api/admin/blog/posts/1"],
    ["PUT", "/api/admin/blog/posts/1"],
    ["DELETE", "/api/admin/blog/posts/1"],
    ["GET", "/api/admin/blog/stats"],
    ["GET", "/api/admin/blog/categories"],
    ["POST", "/api/admin/blog/categories"],
    ["PUT", "/api/admin/blog/categories/1"],
    ["DELETE", "/api/admin/blog/categories/1"],
  ];

  it("refuses visitors (401) and signed-in users who are not administrators (403), changing nothing", async () => {
    const { cookie } = await t.signIn();
    const before = await postCount();
    for (const [method, url] of routes) {
      const payload = method === "POST" || method === "PUT" ? validBody({ status: "published" }) : undefined;
      const visitor = await send(method as "GET", url, payload, "");
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().error).toBe(UNAUTHENTICATED);
      const user = await send(method as "GET", url, payload, cookie);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json().error).toBe(FORBIDDEN);
    }
    expect(await postCount()).toBe(before);
  });
});

describe("post validation (spec 5)", () => {
  it("new posts need a title, content and a slug of 3 or more, all reported at once", async () => {
    const json = await expectInvalid({}, [
      "Título é obrigatório",
      "Conteúdo é obrigatório",
      "Slug é obrigatório (mínimo 3 caracteres)",
    ]);
    expect(json.details).toEqual({
      title: "Título é obrigatório",
      content: "Conteúdo é obrigatório",
      slug: "Slug é obrigatório (mínimo 3 caracteres)",
    });
    await expectInvalid(validBody({ title: "   ", content: " ", slug: "ab" }), [
      "Título é obrigatório",
      "Conteúdo é obrigatório",
      "Slug é obrigatório (mínimo 3 caracteres)",
    ]);
    await expectInvalid(validBody({ slug: "ab" }), ["Slug é obrigatório (mínimo 3 caracteres)"]);
  });

  it("publishing names each missing field 'para publicação' and prefixes 'Erro na publicação'", async () => {
    await expectInvalid(
      { status: "published" },
      [
        "Título é obrigatório para publicação",
        "Conteúdo é obrigatório para publicação",
        "Slug é obrigatório para publicação",
      ],
      { publishing: true },
    );
  });

  it("publishing: title at most 200, slug 3 to 100 of letters, digits, - and _", async () => {
    const published = (overrides: Partial<BlogPostBody>) => validBody({ status: "published", ...overrides });
    await expectInvalid(published({ title: "t".repeat(201) }), ["Título deve ter no máximo 200 caracteres"], {
      publishing: true,
    });
    await expectInvalid(published({ slug: "ab" }), ["Slug deve ter entre 3 e 100 caracteres"], {
      publishing: true,
    });
    await expectInvalid(published({ slug: "a".repeat(101) }), ["Slug deve ter entre 3 e 100 caracteres"], {
      publishing: true,
    });
    for (const slug of ["com espaco", "acentuação", "barra/slug", "ponto.slug"]) {
      await expectInvalid(published({ slug }), ["Slug deve conter apenas letras, números, - e _"], {
        publishing: true,
      });
    }
    await expectInvalid(
      published({ title: "t".repeat(201), slug: "a b", excerpt: "e".repeat(301) }),
      [
        "Título deve ter no máximo 200 caracteres",
        "Slug deve conter apenas letras, números, - e _",
        "Excerpt deve ter no máximo 300 caracteres",
      ],
      { publishing: true },
    );
    // The bounds themselves pass.
    const post = await createPost(
      published({ title: "t".repeat(200), slug: `${unique()}-`.padEnd(100, "x") }),
    );
    expect(post.title).toHaveLength(200);
    expect(post.slug).toHaveLength(100);
    const short = await createPost(published({ slug: `a${Date.now().toString(36).slice(-2)}` }));
    expect(short.slug).toHaveLength(3);
  });

  it("always: excerpt 300, meta description 160, meta keywords 500", async () => {
    await expectInvalid(
      validBody({
        excerpt: "e".repeat(301),
        meta_description: "m".repeat(161),
        meta_keywords: "k".repeat(501),
      }),
      [
        "Excerpt deve ter no máximo 300 caracteres",
        "Meta description deve ter no máximo 160 caracteres",
        "Meta keywords deve ter no máximo 500 caracteres",
      ],
    );
    await expectInvalid(
      validBody({ status: "published", meta_description: "m".repeat(161) }),
      ["Meta description deve ter no máximo 160 caracteres"],
      { publishing: true },
    );
    const post = await createPost({
      excerpt: "e".repeat(300),
      meta_description: "m".repeat(160),
      meta_keywords: "k".repeat(500),
    });
    expect([post.excerpt?.length, post.meta_description?.length, post.meta_keywords?.length]).toEqual([
      300, 160, 500,
    ]);
  });

  it("bounds a draft too: title 500, slug 100, and a known status", async () => {
    await expectInvalid(validBody({ title: "t".repeat(501) }), [BLOG_MESSAGES.titleTooLongDraft]);
    await expectInvalid(validBody({ slug: "a".repeat(101) }), ["Slug deve ter entre 3 e 100 caracteres"]);
    await expectInvalid(validBody({ slug: "a b" }), ["Slug deve conter apenas letras, números, - e _"]);
    await expectInvalid(validBody({ status: "pending" as "draft" }), [BLOG_MESSAGES.statusInvalid]);
    const draft = await createPost({ title: "t".repeat(300) });
    expect(draft.status).toBe("draft");
  });

  it("content left empty by the sanitiser counts as no content", async () => {
    await expectInvalid(validBody({ content: "<script>alert(1)</script>" }), ["Conteúdo é obrigatório"]);
    await expectInvalid(
      validBody({ status: "published", content: "<style>p{}</style><iframe></iframe>" }),
      ["Conteúdo é obrigatório para publicação"],
      { publishing: true },
    );
  });

  it("checks the same rules on PUT, and answers 404 for an unknown post", async () => {
    const post = await createPost();
    await expectInvalid(
      { ...validBody({ status: "published", title: "" }) },
      ["Título é obrigatório para publicação"],
      {
        publishing: true,
        method: "PUT",
        url: `/api/admin/blog/posts/${post.id}`,
      },
    );
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const response = await send(
        method,
        "/api/admin/blog/posts/99999999",
        method === "PUT" ? validBody() : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ error: BLOG_MESSAGES.notFound });
    }
    expect((await send("GET", "/api/admin/blog/posts/abc")).statusCode).toBe(400);
  });

  it("refuses a body that is not an object", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/admin/blog/posts",
      cookie: admin.cookie,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(["x"]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Dados inválidos.");
  });

  it("trims text, stores empty optional text as null, lowercases the slug and coerces is_featured", async () => {
    const slug = unique("Maiusculas");
    const post = await createPost({
      title: "  Título  ",
      slug: `  ${slug}  `,
      excerpt: "   ",
      meta_description: "",
      meta_keywords: null,
      is_featured: "true" as unknown as boolean,
    });
    expect(post).toMatchObject({
      title: "Título",
      slug: slug.toLowerCase(),
      excerpt: null,
      meta_description: null,
      meta_keywords: null,
      is_featured: true,
    });
  });
});

describe("POST and GET /api/admin/blog/posts/{id}", () => {
  it("answers the saved post in the contract's shape, with categories and the administrator as author", async () => {
    const [b, a] = [await createCategory({ name: "Bbb" }), await createCategory({ name: "Aaa" })];
    const events = changed.length;
    const post = await createPost({ category_ids: [b.id, a.id, b.id], is_featured: true });
    expect(Object.keys(post).sort()).toEqual(
      [
        "id",
        "slug",
        "title",
        "excerpt",
        "content",
        "featured_image_url",
        "status",
        "is_featured",
        "published_at",
        "created_at",
        "updated_at",
        "view_count",
        "meta_description",
        "meta_keywords",
        "categories",
        "category_ids",
      ].sort(),
    );
    expect(post.categories).toEqual([
      { id: a.id, name: "Aaa", slug: a.slug },
      { id: b.id, name: "Bbb", slug: b.slug },
    ]);
    expect(post.category_ids).toEqual([a.id, b.id]);
    expect(post).toMatchObject({ status: "draft", published_at: null, view_count: 0, is_featured: true });
    expect((await send("GET", `/api/admin/blog/posts/${post.id}`)).json()).toEqual(post);
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.authorId).toBe(admin.user.id);
    expect(changed.slice(events)).toEqual([post.slug]);
    const [line] = await auditOf("blog_post", post.id);
    expect(line).toMatchObject({
      action: "blog.post.create",
      actorId: admin.user.id,
      targetLabel: post.title,
      after: expect.objectContaining({ slug: post.slug, status: "draft", category_ids: [b.id, a.id] }),
    });
  });

  it("refuses a category that does not exist (400), saving nothing", async () => {
    const before = await postCount();
    const response = await send("POST", "/api/admin/blog/posts", validBody({ category_ids: [99999999] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: BLOG_MESSAGES.categoryInvalid,
      details: { category_ids: BLOG_MESSAGES.categoryInvalid },
    });
    expect(await postCount()).toBe(before);
    const bad = await send(
      "POST",
      "/api/admin/blog/posts",
      validBody({ category_ids: ["x" as unknown as number] }),
    );
    expect(bad.json().validation_errors).toEqual([BLOG_MESSAGES.categoryInvalid]);
  });
});

describe("slugs", () => {
  it("are unique among posts: 409 on create and on update", async () => {
    const first = await createPost();
    const response = await send(
      "POST",
      "/api/admin/blog/posts",
      validBody({ slug: first.slug.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: BLOG_MESSAGES.slugTaken,
      details: { slug: BLOG_MESSAGES.slugTaken },
    });
    const second = await createPost();
    const update = await send("PUT", `/api/admin/blog/posts/${second.id}`, validBody({ slug: first.slug }));
    expect(update.statusCode).toBe(409);
    expect((await send("GET", `/api/admin/blog/posts/${second.id}`)).json().slug).toBe(second.slug);
    // Saving a post with its own slug is no conflict.
    await savePost(second, { title: "Outro título" });
  });

  it("a changed slug leaves a redirect from the old one; a slug taken again stops redirecting", async () => {
    const post = await createPost({ status: "published" });
    const oldSlug = post.slug;
    const events = changed.length;
    const moved = await savePost(post, { slug: unique("novo") });
    expect(changed.slice(events)).toEqual([oldSlug, moved.slug]);
    expect(await redirectsOf(post.id)).toEqual([{ slug: oldSlug }]);

    // Another post takes the old address: it is that post's now.
    const other = await createPost({ slug: oldSlug });
    expect(await redirectsOf(post.id)).toEqual([]);
    expect(other.slug).toBe(oldSlug);

    // Moving again and back: the current slug never redirects.
    const third = await savePost(moved, { slug: unique("terceiro") });
    expect((await redirectsOf(post.id)).map((row) => row.slug)).toEqual([moved.slug]);
    await savePost(third, { slug: moved.slug });
    expect((await redirectsOf(post.id)).map((row) => row.slug)).toEqual([third.slug]);

    // Deleting the post drops its former slugs (and tells the public side about them).
    const before = changed.length;
    expect((await send("DELETE", `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(200);
    expect(await redirectsOf(post.id)).toEqual([]);
    expect(changed.slice(before).sort()).toEqual([moved.slug, third.slug].sort());
  });
});

describe("published_at and updated_at", () => {
  it("published_at is set the first time the post is published and kept afterwards", async () => {
    const draft = await createPost();
    expect(draft.published_at).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const published = await savePost(draft, { status: "published" });
    expect(published.published_at).not.toBeNull();
    expect(new Date(published.updated_at).getTime()).toBeGreaterThan(new Date(draft.updated_at).getTime());
    expect(published.created_at).toBe(draft.created_at);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await savePost(published, { title: "Editado" });
    expect(edited.published_at).toBe(published.published_at);
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThan(new Date(published.updated_at).getTime());
    const archived = await savePost(edited, { status: "archived" });
    expect(archived.published_at).toBe(published.published_at);
    const republished = await savePost(archived, { status: "published" });
    expect(republished.published_at).toBe(published.published_at);

    const direct = await createPost({ status: "published" });
    expect(direct.published_at).not.toBeNull();
    expect(direct.published_at).toBe(direct.created_at);
  });
});

describe("featured image", () => {
  const fileOf = (url: string | null) => path.join(dataDir, url ?? "none");

  it("stores a data URL as a file, keeps URLs, deletes a replaced or removed file and the post's on delete", async () => {
    const post = await createPost({ featured_image_url: PNG });
    expect(post.featured_image_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const first = fileOf(post.featured_image_url);
    expect(existsSync(first)).toBe(true);

    // Saved again as it is: the same file.
    const same = await savePost(post, { title: "Mesmo arquivo" });
    expect(same.featured_image_url).toBe(post.featured_image_url);
    expect(existsSync(first)).toBe(true);

    // Replaced by another upload: the old file goes.
    const replaced = await savePost(same, { featured_image_url: PNG });
    expect(replaced.featured_image_url).not.toBe(post.featured_image_url);
    expect(existsSync(first)).toBe(false);
    const second = fileOf(replaced.featured_image_url);
    expect(existsSync(second)).toBe(true);

    // Replaced by a URL: kept as given (a scheme added when missing); the file goes.
    const url = await savePost(replaced, { featured_image_url: "https://cdn.exemplo.com.br/capa.png" });
    expect(url.featured_image_url).toBe("https://cdn.exemplo.com.br/capa.png");
    expect(existsSync(second)).toBe(false);
    const bare = await savePost(url, { featured_image_url: "cdn.exemplo.com.br/capa.png" });
    expect(bare.featured_image_url).toBe("https://cdn.exemplo.com.br/capa.png");

    // Removed.
    const third = await savePost(bare, { featured_image_url: PNG });
    const removed = await savePost(third, { featured_image_url: null });
    expect(removed.featured_image_url).toBeNull();
    expect(existsSync(fileOf(third.featured_image_url))).toBe(false);

    // Deleting the post deletes its file.
    const last = await savePost(removed, { featured_image_url: PNG });
    expect(existsSync(fileOf(last.featured_image_url))).toBe(true);
    expect((await send("DELETE", `/api/admin/blog/posts/${last.id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(last.featured_image_url))).toBe(false);
  });

  it("refuses what is not an image of ours or an http(s) URL, keeping the current one", async () => {
    const post = await createPost({ featured_image_url: PNG });
    const other = await createPost({ featured_image_url: PNG });
    const cases: [string, string][] = [
      ["data:image/svg+xml;base64,PHN2Zz4=", BLOG_MESSAGES.imageFailed],
      ["data:text/html;base64,PHNjcmlwdD4=", BLOG_MESSAGES.imageFailed],
      ["javascript:alert(1)", BLOG_MESSAGES.imageUrlInvalid],
      ["ftp://files.example/a.png", BLOG_MESSAGES.imageUrlInvalid],
    ];
    for (const [value, message] of cases) {
      const response = await send(
        "PUT",
        `/api/admin/blog/posts/${post.id}`,
        validBody({ featured_image_url: value }),
      );
      expect(response.statusCode, value).toBe(400);
      expect(response.json().validation_errors, value).toEqual([message]);
    }
    // Declared as PNG, but not one: checked by content.
    const fake = await send(
      "PUT",
      `/api/admin/blog/posts/${post.id}`,
      validBody({
        featured_image_url: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
      }),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe(LINK_PAGE_MESSAGES.imageInvalid);
    // Another record's stored file cannot be claimed (and later deleted) by this post.
    const foreign = await send(
      "PUT",
      `/api/admin/blog/posts/${post.id}`,
      validBody({ featured_image_url: other.featured_image_url }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(BLOG_MESSAGES.imageUrlInvalid);
    const now = (await send("GET", `/api/admin/blog/posts/${post.id}`)).json<BlogPost>();
    expect(now.featured_image_url).toBe(post.featured_image_url);
    expect(existsSync(fileOf(other.featured_image_url))).toBe(true);
  });
});

describe("GET /api/admin/blog/posts", () => {
  const list = async (query: string) => {
    const response = await send("GET", `/api/admin/blog/posts?${query}`);
    expect(response.statusCode).toBe(200);
    return { rows: response.json<BlogPostRow[]>(), total: Number(response.headers["x-total-count"]) };
  };

  it("answers rows without content, newest first by publish date else creation date, with X-Total-Count", async () => {
    const token = unique("ordem");
    const old = await createPost({ title: `${token} antigo`, status: "published" });
    const draft = await createPost({ title: `${token} rascunho` });
    const recent = await createPost({ title: `${token} recente`, status: "published" });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await db()
      .update(blogPosts)
      .set({ createdAt: day(1), publishedAt: day(20) })
      .where(eq(blogPosts.id, old.id));
    await db()
      .update(blogPosts)
      .set({ createdAt: day(10) })
      .where(eq(blogPosts.id, draft.id));
    await db()
      .update(blogPosts)
      .set({ createdAt: day(2), publishedAt: day(5) })
      .where(eq(blogPosts.id, recent.id));

    const { rows, total } = await list(`search=${token}`);
    expect(total).toBe(3);
    expect(rows.map((row) => row.id)).toEqual([old.id, draft.id, recent.id]);
    expect(rows[0]).not.toHaveProperty("content");
    expect(rows[0]).toMatchObject({ slug: old.slug, categories: [], category_ids: [] });

    const page = await list(`search=${token}&limit=2&page=2`);
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.id)).toEqual([recent.id]);
  });

  it("searches title and excerpt case-insensitively, with LIKE's wildcards taken literally", async () => {
    const token = unique("Busca");
    const byTitle = await createPost({ title: `${token} no TÍTULO`, excerpt: null });
    const byExcerpt = await createPost({ title: "Sem termo", excerpt: `resumo com ${token.toUpperCase()}` });
    await createPost({ title: "Outro", excerpt: "nada", content: `<p>${token} só no conteúdo</p>` });
    const found = await list(`search=${encodeURIComponent(token.toLowerCase())}`);
    expect(found.rows.map((row) => row.id).sort()).toEqual([byTitle.id, byExcerpt.id].sort());

    const literal = await createPost({ title: `${token} 100%_off` });
    expect((await list(`search=${encodeURIComponent("100%_off")}`)).rows.map((row) => row.id)).toEqual([
      literal.id,
    ]);
    expect((await list(`search=${encodeURIComponent(`${token} 100_`)}`)).rows).toEqual([]);
    expect((await list(`search=${encodeURIComponent(`${token}%`)}`)).rows).toEqual([]);
  });

  it("filters by status and by category", async () => {
    const token = unique("filtro");
    const category = await createCategory();
    const draft = await createPost({ title: token, category_ids: [category.id] });
    const published = await createPost({ title: token, status: "published" });
    const archived = await createPost({ title: token, status: "archived", category_ids: [category.id] });
    const ids = async (query: string) =>
      (await list(`search=${token}&${query}`)).rows.map((row) => row.id).sort();
    expect(await ids("status=draft")).toEqual([draft.id]);
    expect(await ids("status=published")).toEqual([published.id]);
    expect(await ids("status=archived")).toEqual([archived.id]);
    expect(await ids(`category_id=${category.id}`)).toEqual([draft.id, archived.id].sort());
    expect(await ids(`category_id=${category.id}&status=archived`)).toEqual([archived.id]);
    // A bad filter value falls back to no filter.
    expect(await ids("status=bogus")).toEqual([draft.id, published.id, archived.id].sort());
    const [row] = (await list(`search=${token}&status=draft`)).rows;
    expect(row!.categories).toEqual([{ id: category.id, name: category.name, slug: category.slug }]);
  });
});

describe("GET /api/admin/blog/stats", () => {
  it("counts every post by status and sums the views, whatever the list's page", async () => {
    const before = (await send("GET", "/api/admin/blog/stats")).json<BlogStats>();
    const draft = await createPost();
    await createPost({ status: "published" });
    await createPost({ status: "published" });
    await createPost({ status: "archived" });
    await db().update(blogPosts).set({ viewCount: 41 }).where(eq(blogPosts.id, draft.id));
    const after = (await send("GET", "/api/admin/blog/stats")).json<BlogStats>();
    expect(after).toEqual({
      total: before.total + 4,
      published: before.published + 2,
      draft: before.draft + 1,
      archived: before.archived + 1,
      views: before.views + 41,
    });
    const [totals] = await db().select({ value: count() }).from(blogPosts);
    expect(after.total).toBe(totals!.value);
  });
});

describe("DELETE /api/admin/blog/posts/{id}", () => {
  it("deletes the post and its links, writes the audit line and tells the public side", async () => {
    const category = await createCategory();
    const post = await createPost({ category_ids: [category.id], status: "published" });
    const events = changed.length;
    const response = await send("DELETE", `/api/admin/blog/posts/${post.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: BLOG_MESSAGES.postDeleted });
    expect((await send("GET", `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect(
      await db().select().from(blogPostCategories).where(eq(blogPostCategories.postId, post.id)),
    ).toEqual([]);
    expect(changed.slice(events)).toEqual([post.slug]);
    const [line] = await auditOf("blog_post", post.id);
    expect(line).toMatchObject({
      action: "blog.post.delete",
      before: expect.objectContaining({ slug: post.slug }),
    });
  });

  it("writes an audit line for an update, with before and after", async () => {
    const post = await createPost();
    await savePost(post, { title: "Novo título", status: "published" });
    const [line] = await auditOf("blog_post", post.id);
    expect(line).toMatchObject({
      action: "blog.post.update",
      targetLabel: "Novo título",
      before: expect.objectContaining({ title: post.title, status: "draft" }),
      after: expect.objectContaining({ title: "Novo título", status: "published" }),
    });
  });
});

describe("categories", () => {
  it("creates, lists with post counts, updates and deletes, with audit lines and cache events", async () => {
    const events = changed.length;
    const category = await createCategory({ description: "  Sobre links  ", meta_description: "" });
    expect(category).toEqual({
      id: expect.any(Number),
      name: `Categoria ${category.slug}`,
      slug: category.slug,
      description: "Sobre links",
      meta_description: null,
      post_count: 0,
    });
    expect(changed.slice(events)).toEqual(["*"]);
    await createPost({ category_ids: [category.id] });
    const post = await createPost({ category_ids: [category.id], status: "published" });

    const listed = (await send("GET", "/api/admin/blog/categories")).json<BlogCategory[]>();
    expect(listed.find((row) => row.id === category.id)).toMatchObject({ post_count: 2 });
    const names = listed.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const updated = await send("PUT", `/api/admin/blog/categories/${category.id}`, {
      name: "Renomeada",
      slug: category.slug,
      description: null,
      meta_description: "m".repeat(160),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: "Renomeada",
      post_count: 2,
      meta_description: "m".repeat(160),
    });
    expect((await send("GET", `/api/admin/blog/posts/${post.id}`)).json().categories).toEqual([
      { id: category.id, name: "Renomeada", slug: category.slug },
    ]);

    const deleted = await send("DELETE", `/api/admin/blog/categories/${category.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: BLOG_MESSAGES.categoryDeleted });
    // The posts stay, without it.
    const after = (await send("GET", `/api/admin/blog/posts/${post.id}`)).json<BlogPost>();
    expect(after.categories).toEqual([]);
    expect(after.category_ids).toEqual([]);
    const actions = (await auditOf("blog_category", category.id)).map((line) => line.action);
    expect(actions).toEqual(["blog.category.delete", "blog.category.update", "blog.category.create"]);
    expect((await send("DELETE", `/api/admin/blog/categories/${category.id}`)).json()).toEqual({
      error: BLOG_MESSAGES.categoryNotFound,
    });
  });

  it("keeps slugs unique (409) and checks the form's rules", async () => {
    const category = await createCategory();
    const duplicate = await send("POST", "/api/admin/blog/categories", {
      name: "Outra",
      slug: category.slug.toUpperCase(),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(BLOG_MESSAGES.categorySlugTaken);
    const other = await createCategory();
    const clash = await send("PUT", `/api/admin/blog/categories/${other.id}`, {
      name: "x",
      slug: category.slug,
    });
    expect(clash.statusCode).toBe(409);

    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", slug: "ok-slug" }, BLOG_MESSAGES.categoryNameRequired],
      [{ slug: "ok-slug" }, BLOG_MESSAGES.categoryNameRequired],
      [{ name: "n".repeat(101), slug: "ok-slug" }, BLOG_MESSAGES.categoryNameTooLong],
      [{ name: "Nome", slug: "" }, BLOG_MESSAGES.categorySlugRequired],
      [{ name: "Nome", slug: "a".repeat(101) }, BLOG_MESSAGES.categorySlugTooLong],
      [{ name: "Nome", slug: "com espaço" }, BLOG_MESSAGES.slugPattern],
      [
        { name: "Nome", slug: "ok-slug", description: "d".repeat(501) },
        BLOG_MESSAGES.categoryDescriptionTooLong,
      ],
      [
        { name: "Nome", slug: "ok-slug", meta_description: "m".repeat(161) },
        BLOG_MESSAGES.metaDescriptionTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await send("POST", "/api/admin/blog/categories", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const missing = await send("PUT", "/api/admin/blog/categories/99999999", { name: "x", slug: "xyz" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(BLOG_MESSAGES.categoryNotFound);
  });
});

describe("XSS corpus", () => {
  it("comes back harmless from the save, from GET and from the row itself", async () => {
    for (const payload of XSS_CORPUS) {
      const content = `<p>Texto seguro.</p>${payload}`;
      const saved = await createPost({ content, status: "published" });
      expectHarmless(saved.content);
      expect(saved.content).toContain("<p>Texto seguro.</p>");
      const read = (await send("GET", `/api/admin/blog/posts/${saved.id}`)).json<BlogPost>();
      expect(read.content).toBe(saved.content);
      expectHarmless(read.content);
      const [row] = await db()
        .select({ content: blogPosts.content })
        .from(blogPosts)
        .where(eq(blogPosts.id, saved.id));
      expect(row!.content).toBe(saved.content);

      // And on update.
      const updated = await savePost(read, { content: `${payload}<p>depois</p>` });
      expectHarmless(updated.content);
    }
  });

  it("keeps an admin's inline raster image and safe links as written", async () => {
    const content = `<p><a href="https://exemplo.com.br" target="_blank">site</a></p><img src="${PNG}" alt="px" />`;
    const post = await createPost({ content });
    expect(post.content).toBe(
      `<p><a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer">site</a></p><img src="${PNG}" alt="px" />`,
    );
  });
});
