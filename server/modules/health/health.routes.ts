import type { FastifyPluginAsync } from "fastify";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Liveness: the process answers.
  app.get("/healthz", async () => ({ status: "ok" }));

  // Readiness: the database answers too.
  app.get("/readyz", async (request, reply) => {
    try {
      await app.database.ping();
      return { status: "ok", database: app.database.kind };
    } catch (error) {
      request.log.error({ err: error }, "database not reachable");
      return reply.code(503).send({ error: "Banco de dados indisponível." });
    }
  });
};
