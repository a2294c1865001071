import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LINK_REPORT_MESSAGES,
  type LinkReportPage,
  linkReportIdParamsSchema,
  linkReportListQuerySchema,
  linkReportUpdateBodySchema,
} from "../../../common/contract/link-reports";
import { shortUrlChanged } from "../shortened-urls/short-url-invalidation";
import { deleteReportedLink, listReports, resolveReport } from "./link-reports.service";

// The administrator's 'Denúncias' tab (issue 16), inside the admin scope (one guard for every
// /api/admin route). Every action writes its audit line in the transaction that makes it.
export const linkReportsAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shortUrlOf = (domainId: number, code: string) => {
    const domain = app.domains.get(domainId);
    const origin =
      !domain || domain.isDefault ? app.config.publicUrl.replace(/\/$/, "") : `https://${domain.domain}`;
    return `${origin}/s/${encodeURIComponent(code)}`;
  };

  app.get(
    "/api/admin/link-reports",
    { schema: { querystring: linkReportListQuerySchema } },
    async (request, reply): Promise<LinkReportPage> => {
      reply.header("cache-control", "no-store");
      return listReports(app.db, shortUrlOf, request.query);
    },
  );

  app.patch(
    "/api/admin/link-reports/:id",
    { schema: { params: linkReportIdParamsSchema, body: linkReportUpdateBodySchema } },
    async (request) => {
      const { status } = request.body;
      await resolveReport(app.db, request.user!, request.params.id, status);
      return {
        message: status === "dismissed" ? LINK_REPORT_MESSAGES.dismissed : LINK_REPORT_MESSAGES.actioned,
      };
    },
  );

  // 'Excluir link': the reported short link goes, with its cached redirect in every process.
  app.post(
    "/api/admin/link-reports/:id/delete-link",
    { schema: { params: linkReportIdParamsSchema } },
    async (request) => {
      const deleted = await deleteReportedLink(app.db, request.user!, request.params.id);
      shortUrlChanged(app.bus, deleted.domainId, deleted.code);
      return { message: LINK_REPORT_MESSAGES.linkDeleted };
    },
  );
};
