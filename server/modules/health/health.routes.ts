import type { FastifyPluginAsync } from "fastify";
import { SERVICE_UNAVAILABLE } from "../../../common/contract/errors";

/** A check that takes longer than this counts as down: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

async function reachable(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await withTimeout(check());
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Health checks for a load balancer. /healthz (liveness): the process answers, whatever the
 * database does; restarting it would not help. /readyz (readiness): the database answers too; while
 * it is away (503) the balancer sends new visitors to another process, and this one keeps answering
 * what it can (cached redirects, held clicks). Redis away is "degraded" but ready (200): every
 * process serves without it (local caches, short lifetimes), and since all of them lose the same
 * Redis together, a 503 would only have the balancer take the whole fleet out.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const [databaseError, redisError] = await Promise.all([
      reachable(() => app.database.ping()),
      app.bus.distributed ? reachable(() => app.bus.ping()) : Promise.resolve(null),
    ]);
    const redis = app.bus.distributed ? (redisError ? "down" : "ok") : "none";
    if (!databaseError) return { status: redisError ? "degraded" : "ok", database: app.database.kind, redis };
    // At debug only: a balancer asks every few seconds, and the outage is logged once elsewhere.
    request.log.debug({ database: databaseError, redis: redisError }, "not ready");
    return reply.code(503).send({ error: SERVICE_UNAVAILABLE, database: "down", redis });
  });
};
