import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AdminStats,
  type AdminTransactionsPage,
  adminStatsSchema,
  adminTransactionsPageSchema,
  adminTransactionsQuerySchema,
  BILLING_MESSAGES,
  paymentDetailsSchema,
  paymentIdParamsSchema,
  refundBodySchema,
  refundDoneSchema,
  refundPreviewSchema,
  refundStoppedSchema,
} from "../../../common/contract/billing";
import { asCsvAttachment } from "../../lib/csv";
import { HttpError } from "../../lib/http-error";
import { paging } from "../../lib/paging";
import { requireAdmin, signedInUser } from "../../lib/session-guards";
import { previewRefund, refundPayment } from "../billing/refunds";
import { csvFilename, transactionsCsv } from "./admin-billing.csv";
import { findPaymentDetails, listAdminTransactions, selectAdminStats } from "./admin-billing.queries";

// The administrator's 'Dashboard de Assinaturas' (spec 2, 7): every customer's transactions,
// payment details, refunds, the CSV export and the overview's figures.
export const adminBillingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // One page of every customer's transactions, filtered, searched and sorted in SQL.
  app.get(
    "/api/admin/transactions",
    {
      preHandler: requireAdmin,
      schema: { querystring: adminTransactionsQuerySchema, response: { 200: adminTransactionsPageSchema } },
    },
    async (request): Promise<AdminTransactionsPage> => {
      const { transactions, total } = await listAdminTransactions(app.db, request.query);
      return { transactions, ...paging(request.query.page, request.query.limit).envelope(total) };
    },
  );

  // The same list as a CSV download (same filters and sort, no paging, at most 50 000 rows).
  app.get(
    "/api/admin/transactions/export.csv",
    { preHandler: requireAdmin, schema: { querystring: adminTransactionsQuerySchema } },
    async (request, reply) => {
      const { page: _page, limit: _limit, ...filter } = request.query;
      asCsvAttachment(reply, csvFilename());
      return reply.send(Readable.from(transactionsCsv(app.db, filter)));
    },
  );

  // What the provider told us about one payment (Pix code, boleto line, refusal reason...).
  app.get(
    "/api/admin/payment/:paymentId/details",
    {
      preHandler: requireAdmin,
      schema: { params: paymentIdParamsSchema, response: { 200: paymentDetailsSchema } },
    },
    async (request) => {
      const details = await findPaymentDetails(app.db, request.params.paymentId);
      if (!details) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound);
      return details;
    },
  );

  // The overview's figures: counts and sums over whole tables (~100 ms at 100k users on PGlite), so
  // one answer is reused for a few seconds (the panel is a dashboard, not a ledger); a refund here
  // drops it, so the administrator who made it sees the figures change.
  let stats: { at: number; value: Promise<AdminStats> } | null = null;

  // What refunding an approved payment would take back: the payments of the customer's current
  // period and what refunding this one alone or all of them does to the subscription.
  app.get(
    "/api/admin/payments/:paymentId/refund-preview",
    {
      preHandler: requireAdmin,
      schema: { params: paymentIdParamsSchema, response: { 200: refundPreviewSchema } },
    },
    async (request) => previewRefund(app, request.params.paymentId, signedInUser(request)),
  );

  // Refunds an approved payment (scope "payment") or every payment of its period ("period") through
  // the provider; the subscription they paid for ends at once.
  app.post(
    "/api/admin/payments/:paymentId/refund",
    {
      preHandler: requireAdmin,
      schema: {
        params: paymentIdParamsSchema,
        body: refundBodySchema,
        response: { 200: refundDoneSchema, 502: refundStoppedSchema, 503: refundStoppedSchema },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await refundPayment(
          app,
          request.params.paymentId,
          request.body,
          signedInUser(request),
        );
        return reply.code(outcome.statusCode).send(outcome.body);
      } finally {
        stats = null;
      }
    },
  );

  // The admin overview's figures and the subscriptions dashboard's KPI cards.
  // ?fresh=1 computes them now (a "refresh" in the panel; the bench times the query this way).
  app.get<{ Querystring: { fresh?: string } }>(
    "/api/admin/stats",
    { preHandler: requireAdmin, schema: { response: { 200: adminStatsSchema } } },
    async (request) => {
      const ttl = request.query.fresh === "1" ? 0 : app.config.adminStatsTtlMs;
      if (!stats || Date.now() - stats.at >= ttl) {
        const value = selectAdminStats(app.db);
        stats = { at: Date.now(), value };
        value.catch(() => {
          stats = null;
        });
      }
      return stats.value;
    },
  );
};
