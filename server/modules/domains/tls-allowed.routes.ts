import type { FastifyPluginAsync } from "fastify";

/**
 * GET /api/domains/tls-allowed?domain=: Caddy's `on_demand_tls { ask ... }`. 200 only when the name
 * is an active domain of ours, else 404, so nobody can make the server ask for certificates for
 * names that are not ours. Answered from the DomainRegistry in memory (no database, no network), at
 * the root: no session, cookie, CSRF or maintenance hook runs for it.
 */
export const tlsAllowedRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { domain?: unknown } }>("/api/domains/tls-allowed", async (request, reply) => {
    const name = request.query.domain;
    const allowed = typeof name === "string" && name.length <= 253 && !!app.domains.activeNamed(name);
    reply.header("cache-control", "no-store");
    return allowed ? reply.code(200).send({ allowed: true }) : reply.code(404).send({ allowed: false });
  });
};
