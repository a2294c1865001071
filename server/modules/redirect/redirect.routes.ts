import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LINK_UNAVAILABLE_PATH,
  SHORT_URL_MESSAGES,
  shortCodeParamsSchema,
} from "../../../common/contract/shortened-urls";
import { SHORT_CODE_MAX } from "../../../common/slug";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { clickFrom } from "../clicks/click-info";
import { redirectCacheKey } from "../shortened-urls/short-url-invalidation";
import { type ShortLinkCache, type ShortLinkTarget, shortLinkCacheOf } from "./short-link-cache";

// private: a shared cache must not keep one visitor's answer for another, nor for after a delete.
const CACHE_CONTROL = "private, max-age=0";

/**
 * The target of a code on the request's domain, from memory when possible (no database round trip),
 * else one query; null when unknown or expired.
 */
function lookup(
  cache: ShortLinkCache,
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
): ShortLinkTarget | null | Promise<ShortLinkTarget | null> {
  if (code.length > SHORT_CODE_MAX) return null;
  const domainId = app.domains.resolve(request.headers.host).id;
  const now = Date.now();
  const cached = cache.get(redirectCacheKey(domainId, code), now);
  if (cached !== undefined) return live(cached, now);
  return cache.load(domainId, code).then((target) => live(target, Date.now()));
}

const live = (target: ShortLinkTarget | null, now: number) =>
  target && (target.expiresAt === null || target.expiresAt > now) ? target : null;

/** Queues the visit after the answer has been sent: the visitor never waits for it. */
function recordClick(app: FastifyInstance, request: FastifyRequest, target: ShortLinkTarget): void {
  app.clicks.push(
    clickFrom(request.headers, request.ip, {
      userId: target.userId,
      targetType: "short_url",
      targetId: target.id,
      linkPageId: null,
    }),
  );
}

/**
 * GET and HEAD /s/{code}, at the root context (no cookie, CSP or compression work): one lookup, a
 * 302, then the click is queued. HEAD answers the same but records nothing: link checkers and
 * previews use it, people do not.
 */
export const redirectRoutes: FastifyPluginAsync = async (app) => {
  const cache = shortLinkCacheOf(app);

  const answer = (request: FastifyRequest, reply: FastifyReply, target: ShortLinkTarget | null) => {
    reply
      .code(302)
      .header("location", target ? target.location : LINK_UNAVAILABLE_PATH)
      .header("cache-control", CACHE_CONTROL)
      .header("x-robots-tag", "noindex")
      .send();
    if (target && request.method === "GET") recordClick(app, request, target);
    return reply;
  };

  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    request.log.error({ err: error }, "short link lookup failed");
    return reply
      .code(503)
      .header("retry-after", "5")
      .header("cache-control", "no-store")
      .type("text/plain; charset=utf-8")
      .send("Serviço temporariamente indisponível. Tente novamente em instantes.");
  };

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const found = lookup(cache, app, request, (request.params as { code: string }).code);
    if (!(found instanceof Promise)) return answer(request, reply, found);
    return found.then(
      (target) => answer(request, reply, target),
      (error) => failed(request, reply, error),
    );
  };

  // NOTE: a per-request child logger costs ~10 µs, a third of a bare redirect; this route logs only
  // failures, and the app logger serves them.
  const options = { exposeHeadRoute: false, childLoggerFactory: (logger: FastifyBaseLogger) => logger };
  app.get("/s/:code", options, handler);
  app.head("/s/:code", options, handler);
};

/**
 * GET /api/shortened-urls/redirect/{code}: the spec's client resolved short links with this call and
 * then navigated, so the call is the visit: it records a click like /s/ does (bots apart, as always).
 * Our own /s/ answers on the server and does not call it. Public, so it is rate limited per IP.
 */
export const redirectLookupRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cache = shortLinkCacheOf(app);
  const limit = rateLimited(app, [
    { name: "short-lookup-ip", max: 120, windowMs: 60_000, key: (request) => request.ip },
  ]);

  app.get(
    "/api/shortened-urls/redirect/:code",
    { preHandler: limit, schema: { params: shortCodeParamsSchema } },
    async (request, reply) => {
      const target = await lookup(cache, app, request, request.params.code);
      if (!target) throw new HttpError(404, SHORT_URL_MESSAGES.linkUnavailable);
      reply.header("cache-control", "no-store");
      recordClick(app, request, target);
      return { original_url: target.location };
    },
  );
};
