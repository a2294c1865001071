import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { SHORT_URL_MESSAGES, shortCodeParamsSchema } from "../../../common/contract/shortened-urls";
import { HttpError } from "../../lib/http-error";
import { rateLimited } from "../../lib/rate-limits";
import { lookupTarget, type Redirect, shortUrlClick } from "./redirect";
import { shortLinkCacheOf } from "./short-link-cache";

/**
 * GET and HEAD /s/{code} in Fastify's router, at the root context (no cookie, CSP or compression
 * work). A listening server answers these before routing (app.ts); this route serves the same
 * function to app.inject and to what reaches the router another way.
 */
export const redirectRoutes: FastifyPluginAsync<{ redirect: Redirect }> = async (app, { redirect }) => {
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    redirect(request.raw, reply.raw, (request.params as { code: string }).code);
  };
  // NOTE: a per-request child logger costs ~10 µs, a third of a bare redirect.
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
      const domainId = app.domains.resolve(request.headers.host).id;
      const target = await lookupTarget(cache, domainId, request.params.code);
      if (!target) throw new HttpError(404, SHORT_URL_MESSAGES.linkUnavailable);
      reply.header("cache-control", "no-store");
      app.clicks.push(shortUrlClick(request.headers, request.ip, target, app.config.trustProxy));
      return { original_url: target.location };
    },
  );
};
