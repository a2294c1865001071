import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AdminTransactionsPage,
  adminTransactionsQuerySchema,
  BILLING_MESSAGES,
  paymentIdParamsSchema,
  refundBodySchema,
} from "../../../common/contract/billing";
import { HttpError } from "../../lib/http-error";
import { requireAdmin } from "../auth/session";
import { refundPayment } from "../billing/billing.service";
import { csvFilename, transactionsCsv } from "./admin-billing.csv";
import { findPaymentDetails, listAdminTransactions, selectAdminStats } from "./admin-billing.queries";

// The administrator's 'Dashboard de Assinaturas' (spec 2, 7): every customer's transactions,
// payment details, refunds, the CSV export and the overview's figures.
export const adminBillingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // One page of every customer's transactions, filtered, searched and sorted in SQL.
  app.get(
    "/api/admin/transactions",
    { preHandler: requireAdmin, schema: { querystring: adminTransactionsQuerySchema } },
    async (request): Promise<AdminTransactionsPage> => {
      const { transactions, total } = await listAdminTransactions(app.db, request.query);
      return { transactions, total, page: request.query.page, page_size: request.query.limit };
    },
  );

  // The same list as a CSV download (same filters and sort, no paging, at most 50 000 rows).
  app.get(
    "/api/admin/transactions/export.csv",
    { preHandler: requireAdmin, schema: { querystring: adminTransactionsQuerySchema } },
    async (request, reply) => {
      const { page: _page, limit: _limit, ...filter } = request.query;
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${csvFilename()}"`)
        .header("cache-control", "no-store");
      return reply.send(Readable.from(transactionsCsv(app.db, filter)));
    },
  );

  // What the provider told us about one payment (Pix code, boleto line, refusal reason...).
  app.get(
    "/api/admin/payment/:paymentId/details",
    { preHandler: requireAdmin, schema: { params: paymentIdParamsSchema } },
    async (request) => {
      const details = await findPaymentDetails(app.db, request.params.paymentId);
      if (!details) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
      return details;
    },
  );

  // Refunds an approved payment through the provider and cancels the customer's subscription.
  app.post(
    "/api/admin/payments/:paymentId/refund",
    { preHandler: requireAdmin, schema: { params: paymentIdParamsSchema, body: refundBodySchema } },
    async (request) => refundPayment(app, request.params.paymentId, request.body.reason, request.user!),
  );

  // The admin overview's figures and the subscriptions dashboard's KPI cards.
  app.get("/api/admin/stats", { preHandler: requireAdmin }, async () => selectAdminStats(app.db));
};
