import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_KEY_MESSAGES, type ApiKeyScope } from "../../../common/contract/api-keys";
import { HttpError } from "../../lib/http-error";
import { SESSION_COOKIE } from "../../lib/session-guards";
import { type ApiKeyRow, findActiveApiKey, looksLikeApiKey, touchApiKey } from "./api-keys.service";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key the request was authorised with (Authorization: Bearer), if any. */
    apiKey?: ApiKeyRow;
    /** The key owner's plan's requests per minute, for the per-key limiter. */
    apiKeyLimit?: number;
  }
}

/**
 * What a key's scopes are about: short links, Link Bio pages and their blocks (links among them),
 * analytics, or the contacts the pages' forms received (leads).
 */
export type ApiKeyResource = "links" | "pages" | "analytics" | "leads";

/**
 * The routes a key may call, by the route Fastify matched (never the raw URL): the user's short
 * links, Link Bio pages and links, analytics and leads. The public redirect lookup is not one of them.
 */
export function apiKeyResourceOf(routeUrl: string): ApiKeyResource | null {
  if (routeUrl.startsWith("/api/shortened-urls/redirect/")) return null;
  if (/^\/api\/shortened-urls(\/|$)/.test(routeUrl)) return "links";
  // A page's analytics (and their CSV) are analytics, under the page's own path.
  if (/^\/api\/link-pages\/[^/]+\/analytics(\/|$)/.test(routeUrl)) return "analytics";
  if (/^\/api\/(link-pages|links|blocks|link-page-themes)(\/|$)/.test(routeUrl)) return "pages";
  if (/^\/api\/analytics(\/|$)/.test(routeUrl)) return "analytics";
  if (/^\/api\/leads(\/|$)/.test(routeUrl)) return "leads";
  return null;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Public descriptions of the API, which a client may fetch with its key still set. */
const IGNORING_KEYS = new Set(["/api/openapi.json", "/api/docs"]);

/** links:read for GET, links:write for everything else; the same for pages and leads; analytics is read only. */
export const scopeFor = (resource: ApiKeyResource, method: string): ApiKeyScope =>
  resource === "analytics" ? "analytics:read" : `${resource}:${READS.has(method) ? "read" : "write"}`;

/** The key of `Authorization: Bearer <key>`, or null when the request carries no bearer token. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // Any `Bearer …` is a bearer request (the CSRF check skips those): a malformed one is an
  // invalid key (401), never a fall-through to the session cookie.
  if (!/^Bearer[ \t]/i.test(header)) return null;
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  return match ? (match[1] ?? "") : "";
}

const MINUTE = 60_000;

/**
 * Authorization: Bearer atk_… (personal API keys), resolved once, before any route's guard: on a route a
 * key may call, the key's owner becomes request.user (so requireUser passes as for a session) once
 * the key is active, has the route's scope and is within the owner's plan's requests per minute.
 * Everywhere else in /api a bearer token is refused, and a session cookie is never accepted with
 * one (400: the two together are a client mistake or a confused deputy). Keys are looked up in the
 * database on every request, so a revocation holds at once in every process.
 */
export function registerApiKeyAuth(app: FastifyInstance): void {
  // Per owner, all their keys together (20 keys must not make 20 budgets), in @fastify/rate-limit's
  // store (Redis when configured, so shared across processes).
  const perKeyLimit = app.createRateLimit({
    timeWindow: MINUTE,
    max: (request) => request.apiKeyLimit ?? 1,
    keyGenerator: (request) => `api-user:${request.user?.id ?? 0}`,
  });

  app.addHook("onRequest", async (request, reply) => {
    const token = bearerTokenOf(request);
    const route = request.routeOptions.url;
    // Not found stays a 404; pages and redirects ignore the header.
    if (token === null || !route || !route.startsWith("/api/") || IGNORING_KEYS.has(route)) return;
    const resource = apiKeyResourceOf(route);
    if (!resource) throw new HttpError(403, API_KEY_MESSAGES.routeRefused);
    if (request.cookies?.[SESSION_COOKIE] !== undefined)
      throw new HttpError(400, API_KEY_MESSAGES.cookieWithKey);

    const found = looksLikeApiKey(token) ? await findActiveApiKey(app.db, token) : null;
    if (!found?.user.isActive) {
      reply.header("www-authenticate", 'Bearer error="invalid_token"');
      throw new HttpError(401, API_KEY_MESSAGES.invalidKey);
    }
    if (!found.key.scopes.includes(scopeFor(resource, request.method))) {
      reply.header("www-authenticate", 'Bearer error="insufficient_scope"');
      throw new HttpError(403, API_KEY_MESSAGES.missingScope);
    }

    request.apiKey = found.key;
    request.user = found.user; // the rate limit's key
    const plan = await app.planCache.planOf(found.user.id);
    const perMinute = plan.apiRequestsPerMinute;
    if (perMinute !== null && perMinute >= 0) {
      request.apiKeyLimit = perMinute;
      const result = await perKeyLimit(request);
      reply.header("x-ratelimit-limit", String(perMinute));
      if (!result.isAllowed) reply.header("x-ratelimit-remaining", String(result.remaining));
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(Math.max(1, result.ttlInSeconds ?? 1)));
        throw new HttpError(429, API_KEY_MESSAGES.rateLimited);
      }
    }

    await touchApiKey(app.db, found.key);
  });
}
