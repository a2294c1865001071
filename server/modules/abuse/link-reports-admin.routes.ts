import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LINK_REPORT_MESSAGES,
  type LinkReportPage,
  linkReportIdParamsSchema,
  linkReportListQuerySchema,
  linkReportPageSchema,
  linkReportUpdateBodySchema,
} from "../../../common/contract/link-reports";
import { messageResponseSchema } from "../../../common/contract/wire";
import { shortLinkUrl } from "../../../common/paths";
import { signedInUser } from "../../lib/session-guards";
import { linkRemovedPush } from "../notifications/notices";
import { notifyUser } from "../notifications/notify";
import { shortUrlChanged } from "../shortened-urls/short-url-invalidation";
import { deleteReportedLink, listReports, resolveReport } from "./link-reports.service";

// The administrator's 'Denúncias' tab (the visitors' abuse reports), inside the admin scope (one
// guard for every /api/admin route). Every action writes its audit line in the transaction that makes it.
export const linkReportsAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shortUrlOf = (domainId: number, code: string) =>
    shortLinkUrl({ host: app.domains.publicHostOf(domainId), siteOrigin: app.config.publicUrl, code });

  app.get(
    "/api/admin/link-reports",
    { schema: { querystring: linkReportListQuerySchema, response: { 200: linkReportPageSchema } } },
    async (request, reply): Promise<LinkReportPage> => {
      reply.header("cache-control", "no-store");
      return listReports(app.db, shortUrlOf, request.query);
    },
  );

  app.patch(
    "/api/admin/link-reports/:id",
    {
      schema: {
        params: linkReportIdParamsSchema,
        body: linkReportUpdateBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { status } = request.body;
      await resolveReport(app.db, signedInUser(request), request.params.id, status);
      return {
        message: status === "dismissed" ? LINK_REPORT_MESSAGES.dismissed : LINK_REPORT_MESSAGES.actioned,
      };
    },
  );

  // 'Excluir link': the reported short link goes, with its cached redirect in every process; its
  // owner is told.
  app.post(
    "/api/admin/link-reports/:id/delete-link",
    { schema: { params: linkReportIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const deleted = await deleteReportedLink(app.db, signedInUser(request), request.params.id);
      shortUrlChanged(app.bus, deleted.domainId, deleted.code);
      notifyUser(app, deleted.userId, linkRemovedPush(shortUrlOf(deleted.domainId, deleted.code)));
      return { message: LINK_REPORT_MESSAGES.linkDeleted };
    },
  );
};
