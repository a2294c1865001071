import type { FastifyPluginAsync } from "fastify";
import { BILLING_MESSAGES } from "../../../common/contract/billing";
import { MercadoPagoError } from "./mercado-pago";
import { ProviderUnavailableError } from "./payment-provider";
import { syncPayment } from "./payment-state";
import { verifyWebhookSignature } from "./webhook-signature";

type NotificationQuery = { "data.id"?: string; id?: string; type?: string; topic?: string };

export const webhookRoutes: FastifyPluginAsync = async (app) => {
  // Mercado Pago's payment notifications. The x-signature HMAC is checked first; then the payment
  // is read from Mercado Pago's API (never from this body) and applied, idempotently. A provider
  // that cannot be reached answers 503, so Mercado Pago delivers again later.
  app.post("/api/webhooks/mercadopago", async (request, reply) => {
    const mp = app.config.mercadoPago;
    if (!mp || app.payments?.name !== "mercadopago")
      return reply.code(404).send({ error: "Não encontrado." });
    const query = request.query as NotificationQuery;
    const body = (request.body ?? {}) as { type?: string; data?: { id?: string | number } };
    const dataId = query["data.id"] ?? query.id;
    const valid = verifyWebhookSignature({
      signature: String(request.headers["x-signature"] ?? ""),
      requestId: request.headers["x-request-id"] ? String(request.headers["x-request-id"]) : undefined,
      dataId,
      secret: mp.webhookSecret,
    });
    if (!valid) {
      request.log.warn("webhook with a bad signature refused");
      return reply.code(401).send({ error: BILLING_MESSAGES.webhookSignature });
    }
    const type = query.type ?? query.topic ?? body.type;
    if (type !== "payment" || !dataId || !/^[0-9A-Za-z_-]{1,64}$/.test(dataId)) return { received: true };
    try {
      await syncPayment(app, dataId, "webhook");
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        return reply.code(503).send({ error: BILLING_MESSAGES.providerUnavailable });
      }
      // A payment Mercado Pago does not know: answered, so it is not sent again.
      if (error instanceof MercadoPagoError && error.status === 404) {
        request.log.warn({ paymentId: dataId }, "webhook about a payment Mercado Pago does not know");
        return { received: true };
      }
      // Anything else (our database, a deadlock): 500, and Mercado Pago delivers it again.
      request.log.error({ err: error, paymentId: dataId }, "webhook payment not applied");
      return reply.code(500).send({ error: BILLING_MESSAGES.webhookRetry });
    }
    return { received: true };
  });
};
