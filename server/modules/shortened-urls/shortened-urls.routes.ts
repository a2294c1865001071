import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  SHORT_URL_MESSAGES,
  shortenedUrlBodySchema,
  shortenedUrlIdParamsSchema,
  shortenedUrlImportBodySchema,
  shortenedUrlImportResultSchema,
  shortenedUrlListQuerySchema,
  shortenedUrlListSchema,
  shortenedUrlSchema,
  shortenedUrlUpdateSchema,
} from "../../../common/contract/shortened-urls";
import { publicOrigin } from "../../../common/paths";
import { creationRateLimited, creationRateMessage } from "../../lib/creation-rate";
import { asCsvAttachment } from "../../lib/csv";
import { HttpError } from "../../lib/http-error";
import { byAddress, rateLimited } from "../../lib/rate-limits";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { createWithinLimit, planOf } from "../billing/entitlements";
import { shortUrlChanged } from "./short-url-invalidation";
import { shortenedUrlsCsv, shortUrlExportFilename } from "./shortened-url-export";
import { importShortenedUrls } from "./shortened-url-import";
import { assertShortLinkTargets } from "./shortened-url-targets";
import { updateShortenedUrl } from "./shortened-url-update";
import { deleteShortenedUrl, findOwnShortenedUrl, listShortenedUrls } from "./shortened-urls.queries";
import {
  chooseDomainId,
  createShortenedUrl,
  hashLinkPassword,
  toShortenedUrl,
} from "./shortened-urls.service";

const MINUTE = 60_000;

export const shortenedUrlsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shortenLimit = rateLimited(app, [
    { name: "shorten-user", max: 60, windowMs: MINUTE, key: (request) => String(signedInUser(request).id) },
    { name: "shorten-ip", max: 60, windowMs: MINUTE, key: byAddress },
  ]);
  // Abuse prevention: the plan's creations per hour, one counter with Link Bio pages and links.
  const creationLimit = creationRateLimited(app);
  // An import creates up to 1000 links: a few files a minute is plenty.
  const importLimit = rateLimited(app, [
    {
      name: "shorten-import-user",
      max: 5,
      windowMs: MINUTE,
      key: (request) => String(signedInUser(request).id),
    },
  ]);
  const originOf = (domainId: number) =>
    publicOrigin(app.domains.publicHostOf(domainId), app.config.publicUrl);

  // The user's short links, newest first; a page of them, with the match count in X-Total-Count
  // (none when a search matches more than SHORT_URL_SEARCH_COUNT_MAX: not counted further).
  app.get(
    "/api/shortened-urls",
    {
      preHandler: requireUser,
      schema: { querystring: shortenedUrlListQuerySchema, response: { 200: shortenedUrlListSchema } },
    },
    async (request, reply) => {
      const { rows, total } = await listShortenedUrls(app.db, signedInUser(request).id, request.query);
      if (total !== null) reply.header("x-total-count", String(total));
      return rows.map(toShortenedUrl);
    },
  );

  // Shortens a URL, with a random code or the user's own (unique per domain), within the plan.
  app.post(
    "/api/shortened-urls",
    {
      preHandler: [requireUser, shortenLimit, creationLimit],
      schema: { body: shortenedUrlBodySchema, response: { 201: shortenedUrlSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const body = request.body;
      // Not our own hosts (a chain, or a loop once edited) nor an internal network; rules and the
      // expiry target too.
      assertShortLinkTargets(app, body);
      const passwordHash = await hashLinkPassword(body.password);
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
          rules: body.rules,
          clickLimit: body.click_limit,
          expiredUrl: body.expired_url,
          passwordHash,
          openInApp: body.open_in_app,
        }),
      );
      // A visitor who tried this code a moment ago may have a cached "not found".
      shortUrlChanged(app.bus, row.domainId, row.shortCode);
      app.webhooks.linksCreated([row]);
      reply.code(201);
      return toShortenedUrl(row);
    },
  );

  // The user's links as CSV (UTF-8 with BOM, `;`), with their clicks; streamed 1000 rows at a time.
  app.get("/api/shortened-urls/export.csv", { preHandler: requireUser }, async (request, reply) => {
    asCsvAttachment(reply, shortUrlExportFilename());
    return reply.send(Readable.from(shortenedUrlsCsv(app.db, signedInUser(request).id, originOf)));
  });

  // Creates links from a CSV's text; the valid rows are created, the others reported by line.
  app.post(
    "/api/shortened-urls/import",
    {
      preHandler: [requireUser, importLimit],
      schema: { body: shortenedUrlImportBodySchema, response: { 200: shortenedUrlImportResultSchema } },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const perHour = await app.creationBudget.perHourOf(app, userId);
      const rate =
        perHour === null
          ? undefined
          : {
              take: async (wanted: number) => ({
                granted: (await app.creationBudget.take(userId, wanted, perHour)).granted,
                message: creationRateMessage(perHour),
              }),
              refund: (count: number) => app.creationBudget.refund(userId, count),
            };
      const { result, created } = await importShortenedUrls(app, userId, request.body.csv, rate);
      for (const row of created) shortUrlChanged(app.bus, row.domainId, row.shortCode);
      app.webhooks.linksCreated(created);
      return result;
    },
  );

  // Edits one of the user's links (absent fields kept); every process forgets the old and new code.
  app.put(
    "/api/shortened-urls/:id",
    {
      preHandler: [requireUser, shortenLimit],
      schema: {
        params: shortenedUrlIdParamsSchema,
        body: shortenedUrlUpdateSchema,
        response: { 200: shortenedUrlSchema },
      },
    },
    async (request) => {
      const { before, after } = await updateShortenedUrl(
        app.db,
        signedInUser(request).id,
        request.params.id,
        request.body,
        (targets, saved) => assertShortLinkTargets(app, targets, saved),
      );
      shortUrlChanged(app.bus, before.domainId, before.shortCode);
      if (after.shortCode !== before.shortCode) shortUrlChanged(app.bus, after.domainId, after.shortCode);
      return toShortenedUrl(after);
    },
  );

  // One of the user's short links (the drill-down's header); another user's answers 404.
  app.get(
    "/api/shortened-urls/:id",
    {
      preHandler: requireUser,
      schema: { params: shortenedUrlIdParamsSchema, response: { 200: shortenedUrlSchema } },
    },
    async (request) => {
      const row = await findOwnShortenedUrl(app.db, signedInUser(request).id, request.params.id);
      if (!row) throw new HttpError(404, SHORT_URL_MESSAGES.notFound);
      return toShortenedUrl(row);
    },
  );

  // Deletes one of the user's short links and its clicks; the redirect stops at once everywhere.
  app.delete(
    "/api/shortened-urls/:id",
    { preHandler: requireUser, schema: { params: shortenedUrlIdParamsSchema } },
    async (request, reply) => {
      const row = await deleteShortenedUrl(app.db, signedInUser(request).id, request.params.id);
      if (!row) throw new HttpError(404, SHORT_URL_MESSAGES.notFound);
      shortUrlChanged(app.bus, row.domainId, row.shortCode);
      reply.code(204).send();
    },
  );
};
