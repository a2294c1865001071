import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ANALYTICS_MESSAGES,
  type AnalyticsRange,
  advancedAnalyticsSchema,
  analyticsRangeSchema,
  analyticsSummarySchema,
  analyticsTargetParamsSchema,
  pageAnalyticsSchema,
  type TargetAnalytics,
  targetAnalyticsSchema,
} from "../../../common/contract/analytics";
import type { Db } from "../../../db/client";
import { HttpError } from "../../lib/http-error";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { ownsLinkPage, ownsShortenedUrl } from "./analytics.queries";
import { getAdvanced, getPageAnalytics, getSummary, getTargetAnalytics } from "./analytics.service";

export const analyticsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  // The cards and top countries of the Analytics screen, across short links and Link Bio blocks.
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

  /** One target's analytics, by the route's own id; a target the user does not own is a 404. */
  const targetAnalyticsRoute = (
    url: string,
    response: typeof targetAnalyticsSchema | typeof pageAnalyticsSchema,
    owns: (db: Db, userId: number, id: number) => Promise<boolean>,
    notFound: string,
    answer: (userId: number, id: number, range: AnalyticsRange) => Promise<TargetAnalytics>,
  ) =>
    app.get(
      url,
      {
        preHandler: requireUser,
        schema: {
          params: analyticsTargetParamsSchema,
          querystring: analyticsRangeSchema,
          response: { 200: response },
        },
      },
      async (request) => {
        const userId = signedInUser(request).id;
        const { id } = request.params;
        if (!(await owns(app.db, userId, id))) throw new HttpError(404, notFound);
        return answer(userId, id, request.query.range);
      },
    );

  // One short link's analytics.
  targetAnalyticsRoute(
    "/api/analytics/shortened-urls/:id",
    targetAnalyticsSchema,
    ownsShortenedUrl,
    ANALYTICS_MESSAGES.shortUrlNotFound,
    (userId, id, range) => getTargetAnalytics(app.db, { kind: "short_url", userId, id }, range),
  );

  // One Link Bio page's analytics (the clicks on its blocks: links, icons, WhatsApp, Pix…), with
  // the clicks of each block.
  targetAnalyticsRoute(
    "/api/analytics/link-pages/:id",
    pageAnalyticsSchema,
    ownsLinkPage,
    ANALYTICS_MESSAGES.linkPageNotFound,
    (userId, id, range) => getPageAnalytics(app.db, { kind: "link_page", userId, id }, range),
  );
};
