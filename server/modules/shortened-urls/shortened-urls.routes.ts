import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  SHORT_URL_MESSAGES,
  shortenedUrlBodySchema,
  shortenedUrlIdParamsSchema,
  shortenedUrlListQuerySchema,
} from "../../../common/contract/shortened-urls";
import { HttpError } from "../../lib/http-error";
import { assertLinkTarget } from "../../lib/link-targets";
import { rateLimited } from "../../lib/rate-limits";
import { requireUser } from "../auth/session";
import { createWithinLimit, planOf } from "../billing/entitlements";
import { shortUrlChanged } from "./short-url-invalidation";
import { deleteShortenedUrl, findOwnShortenedUrl, listShortenedUrls } from "./shortened-urls.queries";
import { chooseDomainId, createShortenedUrl, toShortenedUrl } from "./shortened-urls.service";

const MINUTE = 60_000;

export const shortenedUrlsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shortenLimit = rateLimited(app, [
    { name: "shorten-user", max: 60, windowMs: MINUTE, key: (request) => String(request.user!.id) },
    { name: "shorten-ip", max: 60, windowMs: MINUTE, key: (request) => request.ip },
  ]);

  // The user's short links, newest first; a page of them, with the match count in X-Total-Count.
  app.get(
    "/api/shortened-urls",
    { preHandler: requireUser, schema: { querystring: shortenedUrlListQuerySchema } },
    async (request, reply) => {
      const { rows, total } = await listShortenedUrls(app.db, request.user!.id, request.query);
      reply.header("x-total-count", String(total));
      return rows.map(toShortenedUrl);
    },
  );

  // Shortens a URL, with a random code or the user's own (unique per domain), within the plan.
  app.post(
    "/api/shortened-urls",
    { preHandler: [requireUser, shortenLimit], schema: { body: shortenedUrlBodySchema } },
    async (request, reply) => {
      const user = request.user!;
      const body = request.body;
      // Not our own hosts (a chain, or a loop once edited) nor an internal network.
      assertLinkTarget(app, body.original_url, "original_url", SHORT_URL_MESSAGES.ownShortLink);
      const { plan } = await planOf(app.db, user.id);
      const domainId = chooseDomainId(app.domains, plan, body.custom_domain_id);
      // The plan's limit is counted and the link inserted under one lock (no race past it).
      const row = await createWithinLimit(app.db, user.id, "shortened_urls", (tx) =>
        createShortenedUrl(tx, {
          userId: user.id,
          domainId,
          originalUrl: body.original_url,
          title: body.title,
          customCode: body.custom_code,
          expiresAt: body.expires_at,
        }),
      );
      // A visitor who tried this code a moment ago may have a cached "not found".
      shortUrlChanged(app.bus, row.domainId, row.shortCode);
      reply.code(201);
      return toShortenedUrl(row);
    },
  );

  // One of the user's short links (the drill-down's header); another user's answers 404.
  app.get(
    "/api/shortened-urls/:id",
    { preHandler: requireUser, schema: { params: shortenedUrlIdParamsSchema } },
    async (request) => {
      const row = await findOwnShortenedUrl(app.db, request.user!.id, request.params.id);
      if (!row) throw new HttpError(404, SHORT_URL_MESSAGES.notFound);
      return toShortenedUrl(row);
    },
  );

  // Deletes one of the user's short links and its clicks; the redirect stops at once everywhere.
  app.delete(
    "/api/shortened-urls/:id",
    { preHandler: requireUser, schema: { params: shortenedUrlIdParamsSchema } },
    async (request, reply) => {
      const row = await deleteShortenedUrl(app.db, request.user!.id, request.params.id);
      if (!row) throw new HttpError(404, SHORT_URL_MESSAGES.notFound);
      shortUrlChanged(app.bus, row.domainId, row.shortCode);
      reply.code(204).send();
    },
  );
};
