import type { IncomingMessage, ServerResponse } from "node:http";
import { verify } from "@node-rs/argon2";
import type { FastifyInstance } from "fastify";
import {
  LINK_UNAVAILABLE_PATH,
  linkUnavailablePath,
  POWER_LINK_MESSAGES,
  SHORT_CODE_PATTERN,
} from "../../../common/contract/shortened-urls";
import { SHORT_CODE_MAX } from "../../../common/slug";
import type { OpenedIn } from "../../../db/schema";
import { clientAddress, viaTrustedProxy } from "../../lib/client-address";
import { throttled } from "../../lib/log-throttle";
import { blockedShortLinkLinks, sendBlockedPage, shortLinkUrlOf } from "../abuse/blocked-page";
import { clickFrom, userAgentClass, type VisitorNamer } from "../clicks/click-info";
import type { Click } from "../clicks/click-queue";
import { escapeFor } from "../open-in-app/escape";
import { sendEscapePage } from "../open-in-app/escape-page";
import { redirectCacheKey } from "../shortened-urls/short-url-invalidation";
import { takeLimitedClick } from "./click-limit";
import { PASSWORD_PAGE_MESSAGES, sendPasswordPage } from "./password-page";
import { chooseLocation } from "./redirect-rules";
import { type ShortLinkCache, type ShortLinkTarget, shortLinkCacheOf } from "./short-link-cache";

/**
 * Answers one /s/{code} request on node's own request and response objects: GET and HEAD, and the
 * password form's POST (with its `password` field, parsed by the route, and whether the attempt
 * was within the rate limit).
 */
export type Redirect = ((request: IncomingMessage, response: ServerResponse, code: string) => void) & {
  submitPassword(
    request: IncomingMessage,
    response: ServerResponse,
    code: string,
    password: string,
    /**
     * Takes one attempt: the Retry-After seconds when none is left, else what to call when the
     * password was right (the attempt is given back), or null without rate limits.
     */
    limit: () => Promise<string | { right(): void } | null>,
  ): Promise<void>;
};

// private: a shared cache must not keep one visitor's answer for another, nor for after a delete.
const CACHE_CONTROL = "private, max-age=0";
const UNAVAILABLE_BODY = "Serviço temporariamente indisponível. Tente novamente em instantes.";

/**
 * Past its date. A used-up click limit shows in `target.exhausted` once this process has seen it
 * (at load, or when a redirect could not take one); until then each counted redirect asks.
 */
export const isExpired = (target: ShortLinkTarget, now: number) =>
  target.expiresAt !== null && target.expiresAt <= now;

/** A code some link could have (anything else is unknown without a query, and not worth reporting). */
const isPossibleCode = (code: string) => code.length <= SHORT_CODE_MAX && SHORT_CODE_PATTERN.test(code);

/**
 * The target of a code on a domain (null: unknown), expired or not: from memory when cached, with
 * no database round trip and no promise, else one query.
 */
export function findTarget(
  cache: ShortLinkCache,
  domainId: number,
  code: string,
): ShortLinkTarget | null | Promise<ShortLinkTarget | null> {
  if (code.length > SHORT_CODE_MAX) return null;
  const cached = cache.get(redirectCacheKey(domainId, code), Date.now());
  if (cached !== undefined) return cached;
  return cache.load(domainId, code);
}

/**
 * Whether a visit counts against a click limit: GET and a right password's POST from a person.
 * HEAD (link checkers, previews) and bots are answered the same way but take nothing from the
 * limit, as they are not counted as clicks either (a chat app's preview must not use a link up).
 */
export const countsAgainstLimit = (request: IncomingMessage) =>
  request.method !== "HEAD" && !userAgentClass(String(request.headers["user-agent"] ?? "")).isBot;

/** Whether a POST comes from a page of the host it is sent to (Origin, else Referer; else allowed). */
export function sameOriginPost(headers: IncomingMessage["headers"]): boolean {
  const host = headers.host?.toLowerCase();
  const from = headers.origin || headers.referer;
  if (from) {
    try {
      const url = new URL(from);
      // Host as the URL parser writes it (a default port dropped), in the sender's scheme.
      return !!host && url.host === new URL(`${url.protocol}//${host}`).host;
    } catch {
      return false;
    }
  }
  return headers["sec-fetch-site"] !== "cross-site";
}

/**
 * A visit to a short link, from the visitor the request describes (the IP is read, never kept);
 * `viaProxy`: the request came through a proxy of ours (viaTrustedProxy).
 */
export const shortUrlClick = (
  headers: IncomingMessage["headers"],
  ip: string,
  target: ShortLinkTarget,
  viaProxy: boolean,
  visitors: VisitorNamer,
): Click =>
  clickFrom(
    headers,
    ip,
    { userId: target.userId, targetType: "short_url", targetId: target.id, linkPageId: null },
    viaProxy,
    visitors,
  );

/**
 * The redirect, written against node:http rather than Fastify's request and reply: it is the
 * product's hot path, and Fastify's per-request objects cost a fifth of a bare redirect (see
 * docs/decisions/006). The server answers /s/ with it before routing; the Fastify route calls the
 * same function (app.inject, tests). A cached code costs no database round trip, rules included; the
 * click is queued after the answer. HEAD answers the same and records nothing: link checkers and
 * previews use it. Power options: rules choose the Location; a click limit takes one redirect in the
 * database per counted visit (links without one never query); an expired link goes to its
 * expired_url when it has one; a password link answers the password page (password-page.ts).
 */
export function createRedirect(app: FastifyInstance): Redirect {
  const cache = shortLinkCacheOf(app);
  const { appName } = app.config;
  // The visitor's address, for the country only: read here by request.ip's rule, never kept.
  const trust = app.proxyTrust;
  const clientIp = (request: IncomingMessage) => clientAddress(request, trust);
  // Like Fastify's return503OnClosing: once shutdown has begun, no click is taken that could miss
  // the click queue's last flush.
  let closing = false;
  // An active custom domain serves no app to show the notice on: the main site shows it. The short
  // link the visitor opened goes along, for the notice's 'Denunciar link' (unless it cannot be one).
  const mainSite = app.config.publicUrl.replace(/\/+$/, "");
  const unavailableAt = (request: IncomingMessage, code: string) => {
    const path = isPossibleCode(code)
      ? linkUnavailablePath(shortLinkUrlOf(app, request.headers.host, code))
      : LINK_UNAVAILABLE_PATH;
    return app.domains.customDomain(request.headers.host) ? `${mainSite}${path}` : path;
  };
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });

  const send302 = (response: ServerResponse, location: string, vary: string | null) => {
    const headers: Record<string, string> = {
      location,
      "cache-control": CACHE_CONTROL,
      "x-robots-tag": "noindex",
      "content-length": "0",
    };
    if (vary) headers.vary = vary;
    response.writeHead(302, headers);
    response.end();
  };

  /** Unknown, or expired (by date or used-up limit): the expiry target, else the notice. */
  const gone = (
    request: IncomingMessage,
    response: ServerResponse,
    target: ShortLinkTarget | null,
    code: string,
  ) => send302(response, target?.expiredLocation ?? unavailableAt(request, code), null);

  /** The block list: a target on a blocked domain answers the warning page (no redirect, no click). */
  const blocked = (request: IncomingMessage, response: ServerResponse, code: string) =>
    sendBlockedPage(
      response,
      blockedShortLinkLinks(app, request.headers.host, code),
      request.method === "HEAD",
    );

  const locationFor = (request: IncomingMessage, target: ShortLinkTarget) =>
    target.rules
      ? chooseLocation(
          target.rules,
          target.location,
          request.headers,
          () => clientIp(request),
          viaTrustedProxy(request, trust),
        )
      : target.location;

  const recordClick = (request: IncomingMessage, target: ShortLinkTarget, opened: OpenedIn | null) => {
    const click = shortUrlClick(
      request.headers,
      clientIp(request),
      target,
      viaTrustedProxy(request, trust),
      app.visitors,
    );
    click.opened = opened;
    app.clicks.push(click);
  };

  /**
   * A live link's answer: the 302, or, with "Abrir no app" on and the visitor inside a social app's
   * in-app browser, the page that sends them to the target's app or the system browser (issue 36).
   * Says where it sent them. The plain 302 carries no Vary: User-Agent, as no cache keeps it
   * (private, max-age=0). The agent's class is memoised: a cached link pays one map lookup.
   */
  const sendTo = (
    request: IncomingMessage,
    response: ServerResponse,
    target: ShortLinkTarget,
    location: string,
    vary: string | null,
  ): OpenedIn | null => {
    const browser = target.openInApp
      ? userAgentClass(String(request.headers["user-agent"] ?? "")).inAppBrowser
      : null;
    if (!browser) {
      send302(response, location, vary);
      return null;
    }
    const way = escapeFor(browser, location);
    sendEscapePage(response, way, request.method === "HEAD");
    return way.kind;
  };

  /**
   * The redirect itself, once the link is known to be live and (if it has a password) unlocked:
   * rules, then the click limit (a database round trip only for links that have one), then the click.
   */
  const go = (
    request: IncomingMessage,
    response: ServerResponse,
    target: ShortLinkTarget,
    code: string,
    counts: boolean,
  ): void | Promise<void> => {
    const location = locationFor(request, target);
    const vary = target.rules?.vary ?? null;
    if (target.clickLimit === null) {
      const opened = sendTo(request, response, target, location, vary);
      if (counts) recordClick(request, target, opened);
      return;
    }
    if (target.exhausted) return gone(request, response, target, code);
    if (!countsAgainstLimit(request)) {
      const opened = sendTo(request, response, target, location, vary);
      if (counts) recordClick(request, target, opened); // a bot's visit, kept apart as always
      return;
    }
    return takeLimitedClick(app.database, target).then((taken) => {
      if (!taken) return gone(request, response, target, code);
      const opened = sendTo(request, response, target, location, vary);
      if (counts) recordClick(request, target, opened);
    });
  };

  const pathOf = (request: IncomingMessage) => (request.url ?? "/").split("?")[0] ?? "/";

  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    target: ShortLinkTarget | null,
    code: string,
  ): void | Promise<void> => {
    if (target && app.blockedDomains.blocksAny(target.hosts)) return blocked(request, response, code);
    if (!target || isExpired(target, Date.now()) || target.exhausted)
      return gone(request, response, target, code);
    if (target.passwordHash !== null) {
      sendPasswordPage(response, 200, pathOf(request), null, { appName, head: request.method === "HEAD" });
      return;
    }
    return go(request, response, target, code, request.method === "GET");
  };

  const logLookupFailure = throttled();
  const unavailable = (response: ServerResponse, error: unknown, extra: Record<string, string> = {}) => {
    // While the database is away every uncached code fails: one line per 30 s, not one per visitor.
    if (error)
      logLookupFailure((skipped) =>
        app.log.error({ err: error, url: "/s/", skipped }, "short link lookup failed"),
      );
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

  const redirect = ((request, response, code) => {
    if (closing) {
      unavailable(response, null, { connection: "close" });
      return;
    }
    try {
      const found = findTarget(cache, app.domains.resolve(request.headers.host).id, code);
      if (!(found instanceof Promise)) {
        const done = answer(request, response, found, code);
        if (done) done.catch((error) => unavailable(response, error));
        return;
      }
      found
        .then((target) => answer(request, response, target, code))
        .catch((error) => unavailable(response, error));
    } catch (error) {
      unavailable(response, error);
    }
  }) as Redirect;

  /**
   * The password form's POST: same-origin only, rate limited per address and link (`limit` answers
   * the Retry-After seconds once exceeded), argon2 verified on the thread pool; a right password
   * redirects like a GET (rules, limit) and counts the click. Nothing is remembered: each visit asks.
   */
  redirect.submitPassword = async (request, response, code, password, limit) => {
    if (closing) {
      unavailable(response, null, { connection: "close" });
      return;
    }
    try {
      const target = await findTarget(cache, app.domains.resolve(request.headers.host).id, code);
      if (target && app.blockedDomains.blocksAny(target.hosts)) return blocked(request, response, code);
      if (!target || isExpired(target, Date.now()) || target.exhausted)
        return gone(request, response, target, code);
      if (target.passwordHash === null) return await go(request, response, target, code, true);
      const action = pathOf(request);
      if (!sameOriginPost(request.headers)) {
        sendPasswordPage(response, 403, action, PASSWORD_PAGE_MESSAGES.crossOrigin, { appName });
        return;
      }
      const attempt = await limit();
      if (typeof attempt === "string") {
        sendPasswordPage(response, 429, action, PASSWORD_PAGE_MESSAGES.tooMany, {
          appName,
          canRetry: false,
          retryAfter: attempt,
        });
        return;
      }
      const right =
        password.length > 0 && password.length <= 1000
          ? await verify(target.passwordHash, password).catch(() => false)
          : false;
      if (!right) {
        sendPasswordPage(response, 401, action, POWER_LINK_MESSAGES.passwordWrong, { appName });
        return;
      }
      attempt?.right();
      await go(request, response, target, code, true);
    } catch (error) {
      unavailable(response, error);
    }
  };

  return redirect;
}
