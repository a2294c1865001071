import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  API_KEY_MESSAGES,
  apiKeyCreateSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createdApiKeySchema,
} from "../../../common/contract/api-keys";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { createApiKey, listApiKeys, revokeApiKey, toApiKey } from "./api-keys.service";

const HOUR = 3_600_000;

// The signed-in user's API keys (/profile). Session only: a bearer key is refused here by
// registerApiKeyAuth, so a key can never make or revoke keys.
export const apiKeysRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const createLimit = rateLimited(app, [
    {
      name: "api-key-create-user",
      max: 30,
      windowMs: HOUR,
      key: (request) => String(signedInUser(request).id),
    },
  ]);

  // The active keys, newest first; only their first characters, never the key.
  app.get(
    "/api/api-keys",
    { preHandler: requireUser, schema: { response: { 200: apiKeyListSchema } } },
    async (request) => {
      return (await listApiKeys(app.db, signedInUser(request).id)).map(toApiKey);
    },
  );

  // A new key, answered once in full (it is stored hashed and cannot be shown again).
  app.post(
    "/api/api-keys",
    {
      preHandler: [requireUser, createLimit],
      schema: { body: apiKeyCreateSchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      // An address nobody has proven may be a squatter's: a key would outlive the owner's recovery.
      if (!signedInUser(request).emailVerifiedAt) throw new HttpError(403, API_KEY_MESSAGES.verifyFirst);
      const created = await createApiKey(app.db, signedInUser(request).id, request.body);
      reply.header("cache-control", "no-store");
      return reply.code(201).send(created);
    },
  );

  // Revokes a key: the next request with it gets 401, in every process (keys are not cached).
  app.delete(
    "/api/api-keys/:id",
    { preHandler: requireUser, schema: { params: apiKeyIdParamsSchema } },
    async (request, reply) => {
      const revoked = await revokeApiKey(app.db, signedInUser(request).id, request.params.id);
      if (!revoked) throw new HttpError(404, API_KEY_MESSAGES.notFound);
      return reply.code(204).send();
    },
  );
};
