import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ANALYTICS_MESSAGES,
  type AnalyticsPeriod,
  advancedAnalyticsSchema,
  analyticsRangeSchema,
  analyticsSummarySchema,
  analyticsTargetParamsSchema,
  pageAnalyticsSchema,
  type TargetAnalytics,
  targetAnalyticsSchema,
} from "../../../common/contract/analytics";
import type { Db } from "../../../db/client";
import { asCsvAttachment } from "../../lib/csv";
import { HttpError } from "../../lib/http-error";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { ownsLinkPage, ownsShortenedUrl } from "./analytics.queries";
import { getAdvanced, getPageAnalytics, getSummary, getTargetAnalytics } from "./analytics.service";
import { pageAnalyticsCsv, pageAnalyticsFilename } from "./page-analytics-csv";

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
    async (request) => getAdvanced(app.db, signedInUser(request).id, request.query),
  );

  /** One target's analytics, by the route's own id; a target the user does not own is a 404. */
  const targetAnalyticsRoute = (
    url: string,
    response: typeof targetAnalyticsSchema | typeof pageAnalyticsSchema,
    owns: (db: Db, userId: number, id: number) => Promise<boolean>,
    notFound: string,
    answer: (userId: number, id: number, period: AnalyticsPeriod) => Promise<TargetAnalytics>,
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
        return answer(userId, id, request.query);
      },
    );

  // One short link's analytics.
  targetAnalyticsRoute(
    "/api/analytics/shortened-urls/:id",
    targetAnalyticsSchema,
    ownsShortenedUrl,
    ANALYTICS_MESSAGES.shortUrlNotFound,
    (userId, id, period) => getTargetAnalytics(app.db, { kind: "short_url", userId, id }, period),
  );

  // One Link Bio page's figures: views, unique visitors, clicks and CTR, per day, per block and by
  // visitor class; at the page's own path (issue 35) and beside the short links' (the screen's).
  for (const url of ["/api/link-pages/:id/analytics", "/api/analytics/link-pages/:id"]) {
    targetAnalyticsRoute(
      url,
      pageAnalyticsSchema,
      ownsLinkPage,
      ANALYTICS_MESSAGES.linkPageNotFound,
      (userId, id, period) => getPageAnalytics(app.db, { kind: "link_page", userId, id }, period),
    );
  }

  // The same figures per day as CSV (UTF-8 with BOM, `;`): Data;Visualizações;Visitantes únicos;
  // Cliques;CTR, one line per day of the period.
  app.get(
    "/api/link-pages/:id/analytics/export.csv",
    {
      preHandler: requireUser,
      schema: { params: analyticsTargetParamsSchema, querystring: analyticsRangeSchema },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const { id } = request.params;
      if (!(await ownsLinkPage(app.db, userId, id)))
        throw new HttpError(404, ANALYTICS_MESSAGES.linkPageNotFound);
      const figures = await getPageAnalytics(app.db, { kind: "link_page", userId, id }, request.query);
      const days = figures.daily;
      return asCsvAttachment(
        reply,
        pageAnalyticsFilename(id, days[0]?.date, days[days.length - 1]?.date),
      ).send(pageAnalyticsCsv(figures));
    },
  );
};
