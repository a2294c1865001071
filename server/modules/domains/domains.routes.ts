import type { FastifyPluginAsync } from "fastify";
import { requireUser } from "../auth/session";
import { toAvailableDomain } from "./domain-registry";

export const domainsRoutes: FastifyPluginAsync = async (app) => {
  // The domains the signed-in user may choose for a page or a short link; the default first.
  app.get("/api/user/available-domains", { preHandler: requireUser }, async (request) => {
    return app.domains
      .availableTo(request.user!.id)
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id)
      .map(toAvailableDomain);
  });

  // Used by the shortener's URL preview: the same list.
  app.get("/api/custom-domains", { preHandler: requireUser }, async (request) => {
    return app.domains.availableTo(request.user!.id).map(toAvailableDomain);
  });
};
