import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Redis } from "ioredis";
import { HttpError } from "./http-error";
import { WindowCounter } from "./window-counter";

const HOUR = 60 * 60_000;

/** What a creation past the plan's hourly rate answers (429, with Retry-After). */
export const creationRateMessage = (perHour: number) =>
  `Você atingiu o limite de ${perHour} ${perHour === 1 ? "criação" : "criações"} por hora do seu plano. Tente novamente mais tarde.`;

/**
 * Each user's creations of the last hour (short links, Link Bio pages and links, CSV rows), one
 * counter across all of them (a WindowCounter: Redis when configured, else memory). A creation
 * that fails (a taken code, a refused target, the plan's total) is given back, so only what was
 * created counts.
 */
export class CreationBudget {
  private readonly counter: WindowCounter;

  constructor(redis: Redis | undefined, prefix: string, now?: () => number) {
    this.counter = new WindowCounter(redis, `${prefix}creations:`, HOUR, now);
  }

  /** Takes up to `wanted` creations of `perHour`; answers how many it may make, and when to retry. */
  take(userId: number, wanted: number, perHour: number) {
    return this.counter.take(String(userId), wanted, perHour);
  }

  /** Gives back creations that did not happen. */
  refund(userId: number, count: number): Promise<void> {
    return this.counter.refund(String(userId), count);
  }

  /** The user's hourly rate by plan; null when unlimited (or rate limits are off). */
  async perHourOf(app: FastifyInstance, userId: number): Promise<number | null> {
    if (!app.config.rateLimits) return null;
    const plan = await app.planCache.planOf(userId);
    const perHour = plan.creationsPerHour;
    return perHour === null || perHour < 0 ? null : perHour;
  }
}

/**
 * A preHandler (after requireUser, so after the body is parsed) for the routes that create: takes
 * `creations(request)` creations (one unless told) from the user's budget, all or none, 429 with
 * Retry-After past the plan's creations_per_hour, and gives them back when the answer is an error
 * (nothing was created).
 */
export function creationRateLimited(
  app: FastifyInstance,
  creations: (request: FastifyRequest) => number | Promise<number> = () => 1,
): preHandlerAsyncHookHandler {
  return async function creationRateHook(request: FastifyRequest, reply) {
    const user = request.user;
    if (!user) return;
    const budget = app.creationBudget;
    const perHour = await budget.perHourOf(app, user.id);
    if (perHour === null) return;
    // Counted only under a limit: counting may read the database (an edited block's addresses).
    const wanted = await creations(request);
    if (wanted === 0) return;
    const { granted, retryAfterS } = await budget.take(user.id, wanted, perHour);
    if (granted < wanted) {
      if (granted > 0) await budget.refund(user.id, granted);
      reply.header("retry-after", String(retryAfterS));
      throw new HttpError(429, creationRateMessage(perHour));
    }
    reply.raw.once("finish", () => {
      if (reply.raw.statusCode >= 400) void budget.refund(user.id, wanted);
    });
  };
}
