import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminIdParamsSchema } from "../../../common/contract/admin";
import {
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogPostRow,
  type BlogStats,
  blogAdminQuerySchema,
  blogCategoryBodySchema,
  blogCategoryListSchema,
  blogCategorySchema,
  blogPostRowListSchema,
  blogPostSchema,
  blogStatsSchema,
} from "../../../common/contract/blog";
import { messageResponseSchema } from "../../../common/contract/wire";
import { signedInUser } from "../../lib/session-guards";
import { listAdminPosts, listCategoriesWithCounts, postStats } from "./blog-admin.queries";
import {
  createAdminCategory,
  createAdminPost,
  deleteAdminCategory,
  deleteAdminPost,
  getAdminPost,
  parsePostBody,
  toBlogPostRow,
  updateAdminCategory,
  updateAdminPost,
} from "./blog-admin.service";
import { categoriesOfPosts } from "./blog-categories.queries";

// The blog's admin API (spec 7, Blog admin), inside the admin scope (one guard for every /api/admin
// route). The rules live in blog-admin.service.ts; every change writes its audit line and tells the
// public blog's caches.
export const blogAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // A page of posts without their content, newest first, with the match count in X-Total-Count.
  app.get(
    "/api/admin/blog/posts",
    { schema: { querystring: blogAdminQuerySchema, response: { 200: blogPostRowListSchema } } },
    async (request, reply): Promise<BlogPostRow[]> => {
      const { rows, total } = await listAdminPosts(app.db, request.query);
      const categories = await categoriesOfPosts(
        app.db,
        rows.map((row) => row.id),
      );
      reply.header("x-total-count", String(total)).header("cache-control", "private, no-store");
      return rows.map((row) => toBlogPostRow(row, categories.get(row.id) ?? []));
    },
  );

  // The four stat cards, over every post.
  app.get(
    "/api/admin/blog/stats",
    { schema: { response: { 200: blogStatsSchema } } },
    async (_request, reply): Promise<BlogStats> => {
      reply.header("cache-control", "private, no-store");
      return postStats(app.db);
    },
  );

  // One post with its content and categories (the editor); 404 'Post não encontrado'.
  app.get(
    "/api/admin/blog/posts/:id",
    { schema: { params: adminIdParamsSchema, response: { 200: blogPostSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getAdminPost(app.db, request.params.id);
    },
  );

  // NOTE: the body is parsed here, not by the route's schema: the editor reads every broken rule
  // at once (validation_errors), and the message's prefix depends on the status asked for.
  app.post(
    "/api/admin/blog/posts",
    { schema: { response: { 201: blogPostSchema } } },
    async (request, reply) => {
      const post = await createAdminPost(app, signedInUser(request), parsePostBody(request.body));
      reply.code(201);
      return post;
    },
  );

  // The whole editor form again; the old slug redirects to the new one.
  app.put(
    "/api/admin/blog/posts/:id",
    { schema: { params: adminIdParamsSchema, response: { 200: blogPostSchema } } },
    async (request) =>
      updateAdminPost(app, signedInUser(request), request.params.id, parsePostBody(request.body)),
  );

  // The post, its category links, former slugs and stored image.
  app.delete(
    "/api/admin/blog/posts/:id",
    { schema: { params: adminIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deleteAdminPost(app, signedInUser(request), request.params.id);
      return { message: BLOG_MESSAGES.postDeleted };
    },
  );

  // Every category by name, with how many posts (any status) are in it.
  app.get(
    "/api/admin/blog/categories",
    { schema: { response: { 200: blogCategoryListSchema } } },
    async (_request, reply): Promise<BlogCategory[]> => {
      reply.header("cache-control", "private, no-store");
      const rows = await listCategoriesWithCounts(app.db);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        meta_description: row.metaDescription,
        post_count: row.postCount,
      }));
    },
  );

  app.post(
    "/api/admin/blog/categories",
    { schema: { body: blogCategoryBodySchema, response: { 201: blogCategorySchema } } },
    async (request, reply): Promise<BlogCategory> => {
      const category = await createAdminCategory(app, signedInUser(request), request.body);
      reply.code(201);
      return category;
    },
  );

  app.put(
    "/api/admin/blog/categories/:id",
    {
      schema: {
        params: adminIdParamsSchema,
        body: blogCategoryBodySchema,
        response: { 200: blogCategorySchema },
      },
    },
    async (request): Promise<BlogCategory> =>
      updateAdminCategory(app, signedInUser(request), request.params.id, request.body),
  );

  // The category and its links to posts; the posts stay.
  app.delete(
    "/api/admin/blog/categories/:id",
    { schema: { params: adminIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deleteAdminCategory(app, signedInUser(request), request.params.id);
      return { message: BLOG_MESSAGES.categoryDeleted };
    },
  );
};
