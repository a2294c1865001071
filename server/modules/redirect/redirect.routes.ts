import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ABUSE_MESSAGES } from "../../../common/contract/abuse";
import {
  POWER_LINK_MESSAGES,
  SHORT_URL_MESSAGES,
  shortCodeParamsSchema,
  shortCodeTargetSchema,
} from "../../../common/contract/shortened-urls";
import { viaTrustedProxy } from "../../lib/client-address";
import { HttpError } from "../../lib/http-error";
import { byAddress, rateLimited } from "../../lib/rate-limits";
import { WindowCounter } from "../../lib/window-counter";
import { takeLimitedClick } from "./click-limit";
import { countsAgainstLimit, findTarget, isExpired, type Redirect, shortUrlClick } from "./redirect";
import { chooseLocation } from "./redirect-rules";
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

  // The password page's form (password links): the listening server leaves POST to the router, so it comes
  // here. Only a small urlencoded body is read; anything else is refused (415) before the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: PASSWORD_BODY_LIMIT },
    (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    },
  );
  // Wrong attempts per address (an IPv6 by its /64: one subscriber) and link, shared by every
  // process when Redis is configured. An attempt is taken before argon2 runs (a flood costs no
  // hashing) and given back when the password was right: only wrong ones count, so people behind
  // one NAT who know the password are never locked out.
  const attempts = new WindowCounter(
    app.redis,
    `${app.config.redisPrefix}link-password:`,
    PASSWORD_WINDOW_MS,
  );
  app.post("/s/:code", options, async (request, reply) => {
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const key = `${byAddress(request)}:${app.domains.resolve(request.headers.host).id}:${(request.params as { code: string }).code}`;
    const limit = async () => {
      if (!app.config.rateLimits) return null;
      const { granted, retryAfterS } = await attempts.take(key, 1, PASSWORD_ATTEMPTS);
      if (granted === 0) return String(retryAfterS);
      return { right: () => void attempts.refund(key, 1) };
    };
    reply.hijack();
    await redirect.submitPassword(
      request.raw,
      reply.raw,
      (request.params as { code: string }).code,
      body.get("password") ?? "",
      limit,
    );
  });
};

/** A password field of at most 100 characters, urlencoded, fits with room to spare. */
const PASSWORD_BODY_LIMIT = 4096;
export const PASSWORD_ATTEMPTS = 10;
export const PASSWORD_WINDOW_MS = 15 * 60_000;

/**
 * GET /api/shortened-urls/redirect/{code}: the spec's client resolved short links with this call and
 * then navigated, so the call is the visit: it records a click like /s/ does (bots apart, as always).
 * Our own /s/ answers on the server and does not call it. Public, so it is rate limited per IP.
 */
export const redirectLookupRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cache = shortLinkCacheOf(app);
  const limit = rateLimited(app, [{ name: "short-lookup-ip", max: 120, windowMs: 60_000, key: byAddress }]);

  app.get(
    "/api/shortened-urls/redirect/:code",
    {
      preHandler: limit,
      schema: { params: shortCodeParamsSchema, response: { 200: shortCodeTargetSchema } },
    },
    async (request, reply) => {
      const domainId = app.domains.resolve(request.headers.host).id;
      const target = await findTarget(cache, domainId, request.params.code);
      reply.header("cache-control", "no-store");
      // Power options: an expired link with an expiry target answers it; a password is asked on /s/ only.
      const gone = () => {
        if (target?.expiredLocation) return { original_url: target.expiredLocation };
        throw new HttpError(404, SHORT_URL_MESSAGES.linkUnavailable);
      };
      if (target && app.blockedDomains.blocksAny(target.hosts)) {
        throw new HttpError(403, ABUSE_MESSAGES.linkBlocked);
      }
      if (!target || isExpired(target, Date.now())) return gone();
      if (target.passwordHash !== null) throw new HttpError(403, POWER_LINK_MESSAGES.passwordPrompt);
      if (target.clickLimit !== null) {
        if (target.exhausted) return gone();
        if (countsAgainstLimit(request.raw) && !(await takeLimitedClick(app.database, target))) return gone();
      }
      const location = target.rules
        ? chooseLocation(
            target.rules,
            target.location,
            request.headers,
            () => request.ip,
            viaTrustedProxy(request.raw, app.proxyTrust),
          )
        : target.location;
      if (target.rules?.vary) reply.header("vary", target.rules.vary);
      app.clicks.push(
        shortUrlClick(
          request.headers,
          request.ip,
          target,
          viaTrustedProxy(request.raw, app.proxyTrust),
          app.visitors,
        ),
      );
      return { original_url: location };
    },
  );
};
