import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { BLOG_LIMITS, type BlogPostPublic, blogPublicQuerySchema } from "../../../common/contract/blog";
import { TOO_MANY_REQUESTS } from "../../../common/contract/errors";
import { paths } from "../../../common/paths";
import { statusPageHtml } from "../../lib/html-page";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { type BlogScreenData, renderBlogScreen } from "../../lib/web-render";
import { fillTemplate, type SiteHead, type SiteShell } from "../site/site-render";
import {
  findPublishedPost,
  listFeaturedPosts,
  listPublicCategories,
  listPublishedPosts,
  listRelatedPosts,
} from "./blog-public.queries";
import { BLOG_RATE_LIMIT, countBlogView } from "./blog-public.routes";
import { type BlogPage, blogPage, postKey } from "./blog-public-cache";

/** Past the blog's rate limit (BLOG_RATE_LIMIT): a page, not JSON, since a browser shows it. */
const TOO_MANY_PAGE = statusPageHtml({
  status: 429,
  title: "Muitas tentativas",
  hint: TOO_MANY_REQUESTS,
  link: { href: paths.blog, label: "Voltar ao blog" },
});

// Every reader gets the same page (it does not depend on the session): browsers revalidate it
// each time (ETag, 304), so each visit reaches the server and its view is counted.
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "public, max-age=0, must-revalidate",
  "x-content-type-options": "nosniff",
};

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Up to `max` characters, cut at a word, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

/** A stored image as an absolute URL (our /uploads/ files on PUBLIC_URL); data URLs have none. */
export function absoluteImage(publicUrl: string, image: string | null): string | undefined {
  if (!image) return undefined;
  if (image.startsWith("/")) return `${publicUrl}${image}`;
  return /^https?:\/\//i.test(image) ? image : undefined;
}

/** The post page's head: its own title, description, keywords, image and structured data. */
export function postHead(post: BlogPostPublic, site: { publicUrl: string; appName: string }): SiteHead {
  const path = paths.blogPost(post.slug);
  const url = `${site.publicUrl}${path}`;
  const description = clip(post.meta_description || post.excerpt || plainText(post.content), 160);
  const image = absoluteImage(site.publicUrl, post.featured_image_url);
  return {
    title: `${post.title} · Blog ${site.appName}`,
    description,
    path,
    type: "article",
    image,
    keywords: post.meta_keywords ?? undefined,
    publishedTime: post.published_at,
    modifiedTime: post.updated_at,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description,
        url,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        datePublished: post.published_at,
        dateModified: post.updated_at,
        inLanguage: "pt-BR",
        ...(image ? { image: [image] } : {}),
        ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
        articleSection: post.categories.map((c) => c.name),
        wordCount: plainText(post.content).split(" ").filter(Boolean).length,
        author: { "@type": "Organization", name: site.appName, url: `${site.publicUrl}/` },
        publisher: {
          "@type": "Organization",
          name: site.appName,
          logo: { "@type": "ImageObject", url: `${site.publicUrl}/icons/icon-512.png` },
        },
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Início", item: `${site.publicUrl}/` },
          { "@type": "ListItem", position: 2, name: "Blog", item: `${site.publicUrl}${paths.blog}` },
          { "@type": "ListItem", position: 3, name: post.title, item: url },
        ],
      },
    ],
  };
}

/**
 * GET /blog and /blog/{slug}: the blog's screens rendered on the server with their data and head
 * (docs/decisions/008), hydrated by the browser. Pages are cached until the blog changes; a post's
 * view is counted here, from the cache too. A former slug answers 301 to the post's address; no
 * published post answers 404 with 'Post não encontrado' in the page.
 */
export function registerBlogPages(app: FastifyInstance, shell: SiteShell): void {
  const site = { publicUrl: app.config.publicUrl, appName: app.config.appName };
  const cache = app.blogCache;

  async function page(url: URL, data: BlogScreenData, head: SiteHead): Promise<string> {
    const rendered = await renderBlogScreen(url, data);
    if (rendered === null) throw new Error(`no blog screen at ${url.pathname}`);
    return fillTemplate(shell, { ...rendered, head }, site);
  }

  /** The list page; kept only when it shows what exists: no search, a real category, a real page. */
  async function renderList(url: URL): Promise<{ page: BlogPage; keep: boolean }> {
    const query = blogPublicQuerySchema.parse(Object.fromEntries(url.searchParams));
    const filters = { search: query.search ?? "", category: query.category ?? "", page: query.page };
    const [posts, featured, categories] = await Promise.all([
      listPublishedPosts(app.db, { ...query, limit: BLOG_LIMITS.pageSize }),
      listFeaturedPosts(app.db),
      listPublicCategories(app.db),
    ]);
    const category = categories.find((c) => c.slug === filters.category?.toLowerCase());
    const params = new URLSearchParams();
    if (category) params.set("category", category.slug);
    if (filters.page > 1) params.set("page", String(filters.page));
    const head: SiteHead = {
      title: category ? `${category.name} · Blog ${site.appName}` : `Blog · ${site.appName}`,
      description:
        category?.meta_description ||
        category?.description ||
        `Dicas do ${site.appName} sobre páginas Link Bio, links curtos, QR Codes e análise de cliques para divulgar seu trabalho.`,
      path: `${paths.blog}${params.size ? `?${params}` : ""}`,
      // A search's results are not a page of their own for search engines.
      noindex: Boolean(filters.search),
    };
    const keep =
      !filters.search &&
      (!filters.category || Boolean(category)) &&
      filters.page <= Math.max(1, posts.total_pages);
    const data: BlogScreenData = {
      origin: site.publicUrl,
      screen: "list",
      filters,
      posts,
      featured,
      categories,
    };
    return { page: blogPage(200, await page(url, data, head), PAGE_HEADERS), keep };
  }

  async function renderPost(url: URL, slug: string): Promise<BlogPage> {
    const found = await findPublishedPost(app.db, slug);
    if (!found) {
      const head: SiteHead = {
        title: `Post não encontrado · Blog ${site.appName}`,
        description: "Este post não existe ou não está mais publicado.",
        path: paths.blog,
        noindex: true,
      };
      return blogPage(404, await page(url, { origin: site.publicUrl, screen: "missing-post", slug }, head), {
        ...PAGE_HEADERS,
        "cache-control": "no-cache",
      });
    }
    const { post, moved } = found;
    if (moved) {
      return blogPage(301, "", {
        location: paths.blogPost(post.slug),
        "cache-control": "public, max-age=300",
      });
    }
    const related = await listRelatedPosts(
      app.db,
      post.id,
      post.categories.map((c) => c.id),
    );
    // The render marks the post's view as counted: the server counts this page's view itself.
    const data: BlogScreenData = { origin: site.publicUrl, screen: "post", slug, post, related };
    const response = blogPage(200, await page(url, data, postHead(post, site)), PAGE_HEADERS);
    response.post = { id: post.id, slug: post.slug };
    return response;
  }

  // Per IP (an IPv6 by its /64), generous for readers: each uncached answer costs a render.
  const limit = rateLimited(app, [{ ...BLOG_RATE_LIMIT, name: "blog-pages" }]);
  const rateLimit: preHandlerAsyncHookHandler = async function (request, reply) {
    try {
      await limit.call(this, request, reply);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      return reply
        .code(429)
        .headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        .send(TOO_MANY_PAGE);
    }
  };

  app.get(paths.blog, { preHandler: rateLimit }, async (request, reply) => {
    const url = new URL(request.url, site.publicUrl);
    const query = blogPublicQuerySchema.parse(Object.fromEntries(url.searchParams));
    const key = `list:${JSON.stringify([query.category?.toLowerCase() ?? "", query.page])}`;
    try {
      // A search is answered, never kept: anyone can ask for any number of them.
      const response = query.search
        ? (await renderList(url)).page
        : await cache.loadPage(key, () => renderList(url));
      return send(request, reply, response);
    } catch (error) {
      request.log.error({ err: error }, "blog list failed");
      return reply.code(500).type("text/plain; charset=utf-8").send("Erro ao carregar o blog");
    }
  });

  app.get<{ Params: { slug: string } }>("/blog/:slug", { preHandler: rateLimit }, async (request, reply) => {
    const slug = request.params.slug.toLowerCase();
    // One address per post (and the browser's router reads the same slug the server rendered).
    if (slug !== request.params.slug) return reply.redirect(paths.blogPost(slug), 301);
    const url = new URL(paths.blogPost(slug), site.publicUrl);
    try {
      const key = postKey(slug);
      // Unknown addresses are not kept: anyone can ask for any number of them.
      const response = await cache.loadPage(key, async () => {
        const page = await renderPost(url, slug);
        return { page, keep: page.status !== 404 };
      });
      if (response.post && request.method === "GET") {
        await countBlogView(request, response.post).catch((error) =>
          request.log.warn({ err: error }, "blog view not counted"),
        );
      }
      return send(request, reply, response);
    } catch (error) {
      request.log.error({ err: error }, "blog post failed");
      return reply.code(500).type("text/plain; charset=utf-8").send("Erro ao carregar o post");
    }
  });
}

/** A kept page's own encoding when the browser takes it; else the bytes, which @fastify/compress encodes. */
function send(request: FastifyRequest, reply: FastifyReply, page: BlogPage) {
  if (page.etag && request.headers["if-none-match"]?.includes(page.etag)) {
    return reply.code(304).headers(page.headers).send();
  }
  const accept = request.headers["accept-encoding"] ?? "";
  if (page.br && accept.includes("br")) {
    return reply
      .code(page.status)
      .headers({ ...page.headers, "content-encoding": "br" })
      .send(page.br);
  }
  if (page.gzip && accept.includes("gzip")) {
    return reply
      .code(page.status)
      .headers({ ...page.headers, "content-encoding": "gzip" })
      .send(page.gzip);
  }
  return reply.code(page.status).headers(page.headers).send(page.body);
}
