import { dehydrate, QueryClient } from "@tanstack/react-query";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BLOG_LIMITS, type BlogPostPublic, blogPublicQuerySchema } from "../../../common/contract/blog";
import { serializeSsrState } from "../../../web/app/ssr-state";
import { blogKeys } from "../../../web/features/blog/api/blog";
import { type CachedResponse, encodeResponse } from "../public-pages/public-page.cache";
import { fillTemplate, renderBlogScreen, type SiteHead, type SiteShell } from "../site/site-render";
import {
  findPublishedPost,
  listFeaturedPosts,
  listPublicCategories,
  listPublishedPosts,
  listRelatedPosts,
} from "./blog-public.queries";
import { countBlogView } from "./blog-public.routes";
import { postKey } from "./blog-public-cache";

/** A rendered post page remembers its post, so a cached answer still counts the view. */
type PostPage = CachedResponse & { post?: { id: number; slug: string } };

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
  const path = `/blog/${post.slug}`;
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
          { "@type": "ListItem", position: 2, name: "Blog", item: `${site.publicUrl}/blog` },
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

  const newQueryClient = () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(blogKeys.origin(), site.publicUrl);
    return queryClient;
  };

  async function page(url: URL, queryClient: QueryClient, head: SiteHead): Promise<string> {
    const html = await renderBlogScreen(url, queryClient);
    if (html === null) throw new Error(`no blog screen at ${url.pathname}`);
    return fillTemplate(shell, { html, head, state: serializeSsrState(dehydrate(queryClient)) }, site);
  }

  async function renderList(url: URL): Promise<PostPage> {
    const query = blogPublicQuerySchema.parse(Object.fromEntries(url.searchParams));
    const filters = { search: query.search ?? "", category: query.category ?? "", page: query.page };
    const queryClient = newQueryClient();
    const [posts, featured, categories] = await Promise.all([
      listPublishedPosts(app.db, { ...query, limit: BLOG_LIMITS.pageSize }),
      listFeaturedPosts(app.db),
      listPublicCategories(app.db),
    ]);
    queryClient.setQueryData(blogKeys.posts(filters), posts);
    queryClient.setQueryData(blogKeys.featured(), featured);
    queryClient.setQueryData(blogKeys.categories(), categories);
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
      path: `/blog${params.size ? `?${params}` : ""}`,
      // A search's results are not a page of their own for search engines.
      noindex: Boolean(filters.search),
    };
    return encodeResponse(200, await page(url, queryClient, head), PAGE_HEADERS);
  }

  async function renderPost(url: URL, slug: string): Promise<PostPage> {
    const found = await findPublishedPost(app.db, slug);
    const queryClient = newQueryClient();
    if (!found) {
      queryClient.setQueryData(blogKeys.post(slug), null);
      const head: SiteHead = {
        title: `Post não encontrado · Blog ${site.appName}`,
        description: "Este post não existe ou não está mais publicado.",
        path: "/blog",
        noindex: true,
      };
      return encodeResponse(404, await page(url, queryClient, head), {
        ...PAGE_HEADERS,
        "cache-control": "no-cache",
      });
    }
    const { post, moved } = found;
    if (moved) {
      return encodeResponse(301, "", {
        location: `/blog/${encodeURIComponent(post.slug)}`,
        "cache-control": "public, max-age=300",
      });
    }
    const related = await listRelatedPosts(
      app.db,
      post.id,
      post.categories.map((c) => c.id),
    );
    queryClient.setQueryData(blogKeys.post(slug), post);
    queryClient.setQueryData(blogKeys.related(post.id), related);
    // The server counts this page's view: the browser does not send the beacon again.
    queryClient.setQueryData(blogKeys.viewed(post.id), true);
    const response: PostPage = encodeResponse(
      200,
      await page(url, queryClient, postHead(post, site)),
      PAGE_HEADERS,
    );
    response.post = { id: post.id, slug: post.slug };
    return response;
  }

  app.get("/blog", async (request, reply) => {
    const url = new URL(request.url, site.publicUrl);
    const query = blogPublicQuerySchema.parse(Object.fromEntries(url.searchParams));
    const key = `list:${JSON.stringify([query.search ?? "", query.category?.toLowerCase() ?? "", query.page])}`;
    try {
      return send(
        request,
        reply,
        await cache.loadPage(
          key,
          () => renderList(url),
          () => true,
        ),
      );
    } catch (error) {
      request.log.error({ err: error }, "blog list failed");
      return reply.code(500).type("text/plain; charset=utf-8").send("Erro ao carregar o blog");
    }
  });

  app.get<{ Params: { slug: string } }>("/blog/:slug", async (request, reply) => {
    const slug = request.params.slug.toLowerCase();
    // One address per post (and the browser's router reads the same slug the server rendered).
    if (slug !== request.params.slug) return reply.redirect(`/blog/${encodeURIComponent(slug)}`, 301);
    const url = new URL(`/blog/${encodeURIComponent(slug)}`, site.publicUrl);
    try {
      const key = postKey(slug);
      // Unknown addresses are not kept: anyone can ask for any number of them.
      const response = await cache.loadPage(
        key,
        () => renderPost(url, slug),
        (page) => page.status !== 404,
      );
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

function send(request: FastifyRequest, reply: FastifyReply, response: CachedResponse) {
  if (response.etag && request.headers["if-none-match"]?.includes(response.etag)) {
    return reply.code(304).headers(response.identity.headers).send();
  }
  const accept = request.headers["accept-encoding"] ?? "";
  const variant = accept.includes("br")
    ? response.br
    : accept.includes("gzip")
      ? response.gzip
      : response.identity;
  return reply.code(response.status).headers(variant.headers).send(variant.body);
}
