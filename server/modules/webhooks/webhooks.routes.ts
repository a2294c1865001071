import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createdWebhookSchema,
  WEBHOOK_MESSAGES,
  webhookCreateSchema,
  webhookDeliveriesPageSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from "../../../common/contract/webhooks";
import { HttpError } from "../../lib/http-error";
import { ourHosts } from "../../lib/link-targets";
import { rateLimited } from "../../lib/rate-limits";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { assertWebhookTarget } from "./webhook-targets";
import {
  createWebhook,
  deleteWebhook,
  enqueuePing,
  findOwnWebhook,
  listDeliveries,
  listWebhooks,
  toWebhook,
  toWebhookDelivery,
  updateWebhook,
  WEBHOOKS_TOPIC,
} from "./webhooks.service";

const HOUR = 3_600_000;

// The signed-in user's outgoing webhooks (/profile). Session only: a bearer API key is refused
// here by registerApiKeyAuth. Another user's webhook answers 404.
export const webhooksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const writeLimit = rateLimited(app, [
    {
      name: "webhook-write-user",
      max: 60,
      windowMs: HOUR,
      key: (request) => String(signedInUser(request).id),
    },
  ]);
  const testLimit = rateLimited(app, [
    {
      name: "webhook-test-user",
      max: 30,
      windowMs: HOUR,
      key: (request) => String(signedInUser(request).id),
    },
  ]);
  const changed = (userId: number) => app.bus.publish(WEBHOOKS_TOPIC, String(userId));
  const checkTarget = (url: string) =>
    assertWebhookTarget(url, ourHosts(app), app.config.webhooks.allowLoopback);

  // The user's webhooks (at most WEBHOOKS_MAX), oldest first; only the secret's first characters.
  app.get(
    "/api/webhooks",
    { preHandler: requireUser, schema: { response: { 200: webhookListSchema } } },
    async (request) => {
      return (await listWebhooks(app.db, signedInUser(request).id)).map(toWebhook);
    },
  );

  // A new webhook; its signing secret is answered this once.
  app.post(
    "/api/webhooks",
    {
      preHandler: [requireUser, writeLimit],
      schema: { body: webhookCreateSchema, response: { 201: createdWebhookSchema } },
    },
    async (request, reply) => {
      // An address nobody has proven may be a squatter's, who would receive the owner's events.
      if (!signedInUser(request).emailVerifiedAt) throw new HttpError(403, WEBHOOK_MESSAGES.verifyFirst);
      checkTarget(request.body.url);
      const created = await createWebhook(app.db, signedInUser(request).id, request.body);
      changed(signedInUser(request).id);
      reply.header("cache-control", "no-store");
      return reply.code(201).send(created);
    },
  );

  // Changes the URL, the events, or turns the webhook on or off.
  app.patch(
    "/api/webhooks/:id",
    {
      preHandler: [requireUser, writeLimit],
      schema: { params: webhookIdParamsSchema, body: webhookUpdateSchema, response: { 200: webhookSchema } },
    },
    async (request) => {
      if (request.body.url !== undefined) checkTarget(request.body.url);
      const row = await updateWebhook(app.db, signedInUser(request).id, request.params.id, request.body);
      if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      changed(signedInUser(request).id);
      // Deliveries held while it was off go out now.
      if (row.isActive) app.webhooks.worker.nudge();
      return toWebhook(row);
    },
  );

  // Deletes the webhook with its pending deliveries and log.
  app.delete(
    "/api/webhooks/:id",
    { preHandler: requireUser, schema: { params: webhookIdParamsSchema } },
    async (request, reply) => {
      if (!(await deleteWebhook(app.db, signedInUser(request).id, request.params.id))) {
        throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      }
      changed(signedInUser(request).id);
      return reply.code(204).send();
    },
  );

  // The delivery log, newest first, a page at a time.
  app.get(
    "/api/webhooks/:id/deliveries",
    {
      preHandler: requireUser,
      schema: {
        params: webhookIdParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesPageSchema },
      },
    },
    async (request) => {
      const webhook = await findOwnWebhook(app.db, signedInUser(request).id, request.params.id);
      if (!webhook) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      return listDeliveries(app.db, webhook.id, request.query.page);
    },
  );

  // Sends a signed "ping" now (through the same queue, retries included).
  app.post(
    "/api/webhooks/:id/test",
    {
      preHandler: [requireUser, testLimit],
      schema: { params: webhookIdParamsSchema, response: { 202: webhookDeliverySchema } },
    },
    async (request, reply) => {
      const webhook = await findOwnWebhook(app.db, signedInUser(request).id, request.params.id);
      if (!webhook) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      if (!webhook.isActive) throw new HttpError(409, WEBHOOK_MESSAGES.testInactive);
      const delivery = await enqueuePing(app.db, webhook);
      app.webhooks.worker.nudge();
      return reply.code(202).send(toWebhookDelivery(delivery));
    },
  );
};
