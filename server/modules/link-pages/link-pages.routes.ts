import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  idParamsSchema,
  linkBodySchema,
  linkListSchema,
  linkOrderBodySchema,
  linkPageBodySchema,
  linkPageCreateBodySchema,
  linkPageListSchema,
  linkPageSchema,
  linkSchema,
  linkUpdateBodySchema,
} from "../../../common/contract/link-pages";
import { creationRateLimited } from "../../lib/creation-rate";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { type LinkRow, listLinks, listOwnPages } from "./link-pages.queries";
import {
  createLink,
  createLinkPage,
  deleteLink,
  deleteLinkPage,
  editLink,
  reorderLinks,
  updateLinkPage,
} from "./link-pages.service";
import { toLink, toLinkPage } from "./link-pages.wire";
import { requireOwnLink, requireOwnPage } from "./own-rows";

// Link Bio pages and their links (spec 7, "Link pages and links"): owners only.
export const linkPagesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireUser);
  /** One link as answered, with its place among the page's links. */
  const linkAnswer = async (row: LinkRow) => {
    const pageLinks = await listLinks(app.db, row.linkPageId);
    return toLink(
      row,
      Math.max(
        0,
        pageLinks.findIndex((link) => link.id === row.id),
      ),
    );
  };
  // Abuse prevention: the plan's creations per hour, one counter with short links.
  const creationLimit = creationRateLimited(app);

  app.get("/api/link-pages", { schema: { response: { 200: linkPageListSchema } } }, async (request) => {
    const rows = await listOwnPages(app.db, signedInUser(request).id);
    return rows.map(({ page, linksCount }) => toLinkPage(page, Number(linksCount)));
  });

  // A page created with its first links counts as that many creations.
  const pageCreationLimit = creationRateLimited(
    app,
    (request) => 1 + ((request.body as { links?: unknown[] } | undefined)?.links?.length ?? 0),
  );

  app.post(
    "/api/link-pages",
    {
      preHandler: pageCreationLimit,
      schema: { body: linkPageCreateBodySchema, response: { 201: linkPageSchema } },
    },
    async (request, reply) => {
      const page = await createLinkPage(app, signedInUser(request).id, request.body);
      return reply.code(201).send(toLinkPage(page, request.body.links.length));
    },
  );

  app.get(
    "/api/link-pages/:id",
    { schema: { params: idParamsSchema, response: { 200: linkPageSchema } } },
    async (request) => {
      return toLinkPage(await requireOwnPage(app, signedInUser(request).id, request.params.id));
    },
  );

  app.put(
    "/api/link-pages/:id",
    { schema: { params: idParamsSchema, body: linkPageBodySchema, response: { 200: linkPageSchema } } },
    async (request) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return toLinkPage(await updateLinkPage(app, page, request.body));
    },
  );

  app.delete("/api/link-pages/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
    await deleteLinkPage(app, page);
    return reply.code(204).send();
  });

  app.get(
    "/api/link-pages/:id/links",
    { schema: { params: idParamsSchema, response: { 200: linkListSchema } } },
    async (request) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return (await listLinks(app.db, page.id)).map(toLink);
    },
  );

  app.post(
    "/api/link-pages/:id/links",
    {
      preHandler: creationLimit,
      schema: { params: idParamsSchema, body: linkBodySchema, response: { 201: linkSchema } },
    },
    async (request, reply) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return reply.code(201).send(await linkAnswer(await createLink(app, page, request.body)));
    },
  );

  app.put(
    "/api/link-pages/:id/links/order",
    { schema: { params: idParamsSchema, body: linkOrderBodySchema, response: { 200: linkListSchema } } },
    async (request) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return (await reorderLinks(app, page, request.body.link_ids)).map(toLink);
    },
  );

  app.put(
    "/api/links/:id",
    { schema: { params: idParamsSchema, body: linkUpdateBodySchema, response: { 200: linkSchema } } },
    async (request) => {
      const { link, page } = await requireOwnLink(app, signedInUser(request).id, request.params.id);
      return linkAnswer(await editLink(app, page, link, request.body));
    },
  );

  app.delete("/api/links/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { link, page } = await requireOwnLink(app, signedInUser(request).id, request.params.id);
    await deleteLink(app, page, link);
    return reply.code(204).send();
  });
};
