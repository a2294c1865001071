import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ABUSE_MESSAGES,
  type BlockedDomainCreated,
  type BlockedDomainsPage,
  blockedDomainBodySchema,
  blockedDomainCreatedSchema,
  blockedDomainIdParamsSchema,
  blockedDomainsPageSchema,
  blockedDomainsQuerySchema,
} from "../../../common/contract/abuse";
import { messageResponseSchema } from "../../../common/contract/wire";
import { ourHosts } from "../../lib/link-targets";
import { signedInUser } from "../../lib/session-guards";
import { notifyOwnersOfBlockedDomain } from "../notifications/notices";
import { blockDomain, listBlockedDomains, unblockDomain } from "./blocked-domains.service";

// The administrator's block list of target domains (abuse prevention), inside the admin scope (one guard
// for every /api/admin route). Every change writes its audit line and reaches every process's
// in-memory list at once (BlockedDomainList): saves to the domain are refused, existing links to
// it answer the warning page, Link Bio pages stop pointing at it.
export const blockedDomainsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/admin/blocked-domains",
    { schema: { querystring: blockedDomainsQuerySchema, response: { 200: blockedDomainsPageSchema } } },
    async (request, reply): Promise<BlockedDomainsPage> => {
      reply.header("cache-control", "private, no-store");
      return listBlockedDomains(app.db, request.query);
    },
  );

  // Also what the 'Denunciar link' queue calls to block a reported domain.
  app.post(
    "/api/admin/blocked-domains",
    { schema: { body: blockedDomainBodySchema, response: { 201: blockedDomainCreatedSchema } } },
    async (request, reply): Promise<BlockedDomainCreated> => {
      const saved = await blockDomain(app.db, signedInUser(request), ourHosts(app), request.body);
      app.blockedDomains.changed({ added: saved.domain });
      notifyOwnersOfBlockedDomain(app, saved.domain);
      reply.code(201);
      return saved;
    },
  );

  app.delete(
    "/api/admin/blocked-domains/:id",
    { schema: { params: blockedDomainIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const domain = await unblockDomain(app.db, signedInUser(request), request.params.id);
      app.blockedDomains.changed({ removed: domain });
      return { message: ABUSE_MESSAGES.unblocked };
    },
  );
};
