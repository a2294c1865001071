import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  BLOG_MESSAGES,
  blogCategoryListSchema,
  blogPostCardListSchema,
  blogPostPublicSchema,
  blogPostsPageSchema,
  blogPublicQuerySchema,
  blogRelatedQuerySchema,
  blogViewTakenSchema,
} from "../../../common/contract/blog";
import { z } from "../../../common/zod";
import { notFound } from "../../lib/http-error";
import { byAddress, type Limit, rateLimited } from "../../lib/rate-limits";
import { loadUser, SESSION_COOKIE } from "../../lib/session-guards";
import {
  findPublishedPost,
  findPublishedSlug,
  listFeaturedPosts,
  listPublicCategories,
  listPublishedPosts,
  listRelatedPosts,
} from "./blog-public.queries";
import { postKey } from "./blog-public-cache";

/**
 * Requests per IP (an IPv6 by its /64) and minute to the public blog's pages and to /api/blog/*,
 * each counted apart: generous for readers, a ceiling on what one source makes the server render.
 */
export const BLOG_RATE_LIMIT: Limit = {
  name: "blog-api",
  max: 300,
  windowMs: 60_000,
  key: byAddress,
};

/** Visitors' browsers may reuse an answer for half a minute; the server's copy is exact. */
const API_CACHE_CONTROL = "public, max-age=30";

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const slugParams = z.object({ slug: z.string().max(200) });

/**
 * Whether this request's view of a post counts: not the administrator's (their session), and the
 * rest (bots, once a day) is BlogViews' to decide.
 */
export async function countBlogView(
  request: FastifyRequest,
  post: { id: number; slug: string },
): Promise<void> {
  if (request.cookies?.[SESSION_COOKIE] && (await loadUser(request))?.isAdmin) return;
  await request.server.blogViews.record(post, { ip: request.ip, userAgent: request.headers["user-agent"] });
}

const cached = (reply: FastifyReply) => reply.header("cache-control", API_CACHE_CONTROL);

// The public blog API (spec 7, "Blog public"): published posts only, always; drafts and archived
// posts are not found, by slug or by id. Answers are the same for every reader and are cached
// until the blog changes (BlogPublicCache).
export const blogPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cache = app.blogCache;
  // Every route of this plugin (its scope): /api/blog/*.
  app.addHook("preHandler", rateLimited(app, [BLOG_RATE_LIMIT]));

  // GET /api/blog/posts?search=&category=&page=&limit=: a page of posts, newest first.
  app.get(
    "/api/blog/posts",
    { schema: { querystring: blogPublicQuerySchema, response: { 200: blogPostsPageSchema } } },
    async (request, reply) => {
      const query = request.query;
      const key = `api:posts:${JSON.stringify([query.search ?? "", query.category ?? "", query.page, query.limit])}`;
      cached(reply);
      // A search is answered, not kept: anyone can ask for any number of them.
      if (query.search) return listPublishedPosts(app.db, query);
      return cache.load(key, () => listPublishedPosts(app.db, query));
    },
  );

  // GET /api/blog/posts/featured: up to 3 featured posts.
  app.get(
    "/api/blog/posts/featured",
    { schema: { response: { 200: blogPostCardListSchema } } },
    async (_request, reply) => {
      cached(reply);
      return cache.load("api:featured", () => listFeaturedPosts(app.db));
    },
  );

  // GET /api/blog/categories: the categories with their count of published posts.
  app.get(
    "/api/blog/categories",
    { schema: { response: { 200: blogCategoryListSchema } } },
    async (_request, reply) => {
      cached(reply);
      return cache.load("api:categories", () => listPublicCategories(app.db));
    },
  );

  // GET /api/blog/posts/related?post_id=&category_ids=1,2: up to 3 posts to read next.
  app.get(
    "/api/blog/posts/related",
    { schema: { querystring: blogRelatedQuerySchema, response: { 200: blogPostCardListSchema } } },
    async (request, reply) => {
      const { post_id, category_ids } = request.query;
      const key = `api:related:${post_id ?? 0}:${category_ids.join(",")}`;
      cached(reply);
      return cache.load(key, () => listRelatedPosts(app.db, post_id, category_ids));
    },
  );

  // GET /api/blog/posts/slug/{slug}: the post; a former slug finds it too (its slug says the new one).
  app.get(
    "/api/blog/posts/slug/:slug",
    { schema: { params: slugParams, response: { 200: blogPostPublicSchema } } },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const found = await cache.load(`api:${postKey(slug)}`, () => findPublishedPost(app.db, slug));
      if (!found) throw notFound(BLOG_MESSAGES.notFound);
      cached(reply);
      return found.post;
    },
  );

  // POST /api/blog/posts/{id}/view: the view of a post opened inside the app (client-side
  // navigation); a page the server sends is counted by the server. Once per visitor and day.
  app.post(
    "/api/blog/posts/:id/view",
    {
      schema: { params: idParams, response: { 200: blogViewTakenSchema } },
      preHandler: rateLimited(app, [{ name: "blog-view", max: 120, windowMs: 60_000, key: byAddress }]),
    },
    async (request) => {
      const slug = await findPublishedSlug(app.db, request.params.id);
      if (!slug) throw notFound(BLOG_MESSAGES.notFound);
      await countBlogView(request, { id: request.params.id, slug });
      return { ok: true as const };
    },
  );
};
