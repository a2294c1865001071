import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ANALYTICS_MESSAGES,
  advancedAnalyticsSchema,
  analyticsRangeSchema,
  analyticsSummarySchema,
  analyticsTargetParamsSchema,
  targetAnalyticsSchema,
} from "../../../common/contract/analytics";
import { HttpError } from "../../lib/http-error";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { ownsLinkPage, ownsShortenedUrl } from "./analytics.queries";
import { getAdvanced, getSummary, getTargetAnalytics } from "./analytics.service";

export const analyticsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  // The cards and top countries of the Analytics screen, across short links and Link Bio links.
  app.get(
    "/api/analytics",
    { preHandler: requireUser, schema: { response: { 200: analyticsSummarySchema } } },
    async (request) => getSummary(app.db, signedInUser(request).id),
  );

  // The trend chart: clicks of every day of the range, zero-filled.
  app.get(
    "/api/analytics/advanced",
    {
      preHandler: requireUser,
      schema: { querystring: analyticsRangeSchema, response: { 200: advancedAnalyticsSchema } },
    },
    async (request) => getAdvanced(app.db, signedInUser(request).id, request.query.range),
  );

  // One short link's analytics; another user's link is a 404.
  app.get(
    "/api/analytics/shortened-urls/:id",
    {
      preHandler: requireUser,
      schema: {
        params: analyticsTargetParamsSchema,
        querystring: analyticsRangeSchema,
        response: { 200: targetAnalyticsSchema },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const { id } = request.params;
      if (!(await ownsShortenedUrl(app.db, userId, id)))
        throw new HttpError(404, ANALYTICS_MESSAGES.shortUrlNotFound);
      return getTargetAnalytics(app.db, { kind: "short_url", userId, id }, request.query.range);
    },
  );

  // One Link Bio page's analytics (the clicks on its links); another user's page is a 404.
  app.get(
    "/api/analytics/link-pages/:id",
    {
      preHandler: requireUser,
      schema: {
        params: analyticsTargetParamsSchema,
        querystring: analyticsRangeSchema,
        response: { 200: targetAnalyticsSchema },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const { id } = request.params;
      if (!(await ownsLinkPage(app.db, userId, id)))
        throw new HttpError(404, ANALYTICS_MESSAGES.linkPageNotFound);
      return getTargetAnalytics(app.db, { kind: "link_page", userId, id }, request.query.range);
    },
  );
};
