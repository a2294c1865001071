import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";
import { LINK_UNAVAILABLE_PATH } from "../../../common/contract/shortened-urls";
import { SHORT_CODE_MAX } from "../../../common/slug";
import { clickFrom } from "../clicks/click-info";
import type { Click } from "../clicks/click-queue";
import { redirectCacheKey } from "../shortened-urls/short-url-invalidation";
import { type ShortLinkCache, type ShortLinkTarget, shortLinkCacheOf } from "./short-link-cache";

/** Answers one /s/{code} request (GET or HEAD) on node's own request and response objects. */
export type Redirect = (request: IncomingMessage, response: ServerResponse, code: string) => void;

// private: a shared cache must not keep one visitor's answer for another, nor for after a delete.
const CACHE_CONTROL = "private, max-age=0";
const UNAVAILABLE_BODY = "Serviço temporariamente indisponível. Tente novamente em instantes.";
const trustAll = () => true;

/**
 * The code of a `/s/{code}` request target (query string ignored, percent-escapes decoded), or null
 * when the URL is not one: `/s/`, `/s/a/b` and malformed escapes are left to the router (404).
 */
export function redirectCodeOf(url: string): string | null {
  if (!url.startsWith("/s/")) return null;
  const query = url.indexOf("?", 3);
  const raw = query === -1 ? url.slice(3) : url.slice(3, query);
  if (raw.length === 0 || raw.includes("/")) return null;
  if (!raw.includes("%")) return raw;
  try {
    const code = decodeURIComponent(raw);
    return code.includes("/") ? null : code;
  } catch {
    return null;
  }
}

const live = (target: ShortLinkTarget | null, now: number) =>
  target && (target.expiresAt === null || target.expiresAt > now) ? target : null;

/**
 * The live target of a code on a domain (null: unknown or expired): from memory when cached, with
 * no database round trip and no promise, else one query.
 */
export function lookupTarget(
  cache: ShortLinkCache,
  domainId: number,
  code: string,
): ShortLinkTarget | null | Promise<ShortLinkTarget | null> {
  if (code.length > SHORT_CODE_MAX) return null;
  const now = Date.now();
  const cached = cache.get(redirectCacheKey(domainId, code), now);
  if (cached !== undefined) return live(cached, now);
  return cache.load(domainId, code).then((target) => live(target, Date.now()));
}

/** A visit to a short link, from the visitor the request describes (the IP is read, never kept). */
export const shortUrlClick = (
  headers: IncomingMessage["headers"],
  ip: string,
  target: ShortLinkTarget,
  trustProxy: boolean,
): Click =>
  clickFrom(
    headers,
    ip,
    { userId: target.userId, targetType: "short_url", targetId: target.id, linkPageId: null },
    trustProxy,
  );

/**
 * The redirect, written against node:http rather than Fastify's request and reply: it is the
 * product's hot path, and Fastify's per-request objects cost a fifth of a bare redirect (see
 * docs/decisions/006). The server answers /s/ with it before routing; the Fastify route calls the
 * same function (app.inject, tests). A cached code costs no database round trip; the click is queued
 * after the answer. HEAD answers the same and records nothing: link checkers and previews use it.
 */
export function createRedirect(app: FastifyInstance): Redirect {
  const cache = shortLinkCacheOf(app);
  // The visitor's address, for the country only: read here, never kept.
  const clientIp = app.config.trustProxy
    ? (request: IncomingMessage) => proxyAddr(request, trustAll)
    : (request: IncomingMessage) => request.socket.remoteAddress ?? "";
  // Like Fastify's return503OnClosing: once shutdown has begun, no click is taken that could miss
  // the click queue's last flush.
  let closing = false;
  // An active custom domain serves no app to show the notice on: the main site shows it.
  const unavailableOnMainSite = `${app.config.publicUrl.replace(/\/+$/, "")}${LINK_UNAVAILABLE_PATH}`;
  const unavailableAt = (request: IncomingMessage) =>
    app.domains.customDomain(request.headers.host) ? unavailableOnMainSite : LINK_UNAVAILABLE_PATH;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });

  const answer = (request: IncomingMessage, response: ServerResponse, target: ShortLinkTarget | null) => {
    response.writeHead(302, {
      location: target ? target.location : unavailableAt(request),
      "cache-control": CACHE_CONTROL,
      "x-robots-tag": "noindex",
      "content-length": "0",
    });
    response.end();
    if (target && request.method === "GET") {
      app.clicks.push(shortUrlClick(request.headers, clientIp(request), target, app.config.trustProxy));
    }
  };

  const unavailable = (response: ServerResponse, error: unknown, extra: Record<string, string> = {}) => {
    if (error) app.log.error({ err: error, url: "/s/" }, "short link lookup failed");
    if (response.headersSent) return; // the visitor has their answer; only the click failed
    response.writeHead(503, {
      "retry-after": "5",
      "cache-control": "no-store",
      "content-type": "text/plain; charset=utf-8",
      "content-length": String(Buffer.byteLength(UNAVAILABLE_BODY)),
      ...extra,
    });
    response.end(UNAVAILABLE_BODY);
  };

  return (request, response, code) => {
    if (closing) {
      unavailable(response, null, { connection: "close" });
      return;
    }
    try {
      const found = lookupTarget(cache, app.domains.resolve(request.headers.host).id, code);
      if (!(found instanceof Promise)) {
        answer(request, response, found);
        return;
      }
      found
        .then((target) => answer(request, response, target))
        .catch((error) => unavailable(response, error));
    } catch (error) {
      unavailable(response, error);
    }
  };
}
