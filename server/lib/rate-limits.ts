import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { TOO_MANY_REQUESTS } from "../../common/contract/errors";
import { HttpError } from "./http-error";
import { visitorAddress } from "./visitor-address";

export type Limit = {
  /** Names the counter; requests with the same name and key share it. */
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
};

/**
 * A preHandler that checks every limit (@fastify/rate-limit's counters, in Redis when configured)
 * and answers 429 with Retry-After when any is exceeded. Several limits can guard one route: per IP
 * and per account, say.
 */
export function rateLimited(app: FastifyInstance, limits: Limit[]): preHandlerAsyncHookHandler {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
    }),
  }));
  return async function rateLimitHook(request, reply) {
    if (!app.config.rateLimits) return;
    for (const { check } of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(Math.max(1, result.ttlInSeconds ?? 1)));
        throw new HttpError(429, TOO_MANY_REQUESTS);
      }
    }
  };
}

/** The normalised email of a JSON body, for per-account limits. */
export const bodyEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase();

/**
 * The key of every per-IP limit: the client's address as request.ip reads it (TRUST_PROXY's rule),
 * an IPv6 by its /64 (one subscriber's 2^64 addresses are one budget, not 2^64 of them).
 */
export const byAddress = (request: FastifyRequest) => visitorAddress(request.ip);
