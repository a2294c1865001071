import type { FastifyPluginAsync } from "fastify";
import { availableDomainListSchema } from "../../../common/contract/domains";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { planOf } from "../billing/entitlements";
import { toAvailableDomain } from "./domain-registry";

export const domainsRoutes: FastifyPluginAsync = async (app) => {
  // The domains the signed-in user may choose for a page or a short link; the default first.
  // The plan decides which custom domains are offered (billing's DomainAccess).
  app.get(
    "/api/user/available-domains",
    { preHandler: requireUser, schema: { response: { 200: availableDomainListSchema } } },
    async (request) => {
      const { plan } = await planOf(app.db, signedInUser(request).id);
      return app.domains
        .availableTo(plan)
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id)
        .map(toAvailableDomain);
    },
  );

  // Used by the shortener's URL preview: the same list.
  app.get(
    "/api/custom-domains",
    { preHandler: requireUser, schema: { response: { 200: availableDomainListSchema } } },
    async (request) => {
      const { plan } = await planOf(app.db, signedInUser(request).id);
      return app.domains.availableTo(plan).map(toAvailableDomain);
    },
  );
};
