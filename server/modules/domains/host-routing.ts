import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { NOT_FOUND } from "../../../common/contract/errors";

/**
 * What an active custom domain serves besides its pages and short links (/p/, /s/, /uploads/ and
 * /fonts/ are answered outside the app's context and never reach this hook): what a public page
 * loads or sends, by path prefix.
 */
const CUSTOM_DOMAIN_PREFIXES = ["/p/", "/s/", "/uploads/", "/fonts/", "/api/public/"];
const CUSTOM_DOMAIN_PATHS = new Set(["/favicon.svg", "/api/track-link-click"]);

/** A custom domain's robots.txt: its pages may be indexed and its links followed, nothing else. */
export const CUSTOM_DOMAIN_ROBOTS = "User-agent: *\nAllow: /p/\nAllow: /s/\nDisallow: /\n";

const NO_STORE_REDIRECT = "private, max-age=0";

const pathOf = (url: string) => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

/** Where a custom domain's root sends visitors: the owner's address when it is a web one, else the main site. */
export const rootTarget = (rootRedirectUrl: string | null, publicUrl: string) =>
  rootRedirectUrl && /^https?:\/\//i.test(rootRedirectUrl) ? rootRedirectUrl : `${publicUrl}/`;

/**
 * Host routing for the app's own context (docs/decisions/004, custom domains): the dashboard, the API,
 * the admin, auth and the server-rendered pages answer on the main host, the default domain, and
 * any host no active custom domain claims (a self-hoster reaching the server by IP still gets
 * everything). On an active custom domain:
 * - its pages, links, uploads, fonts, the page's icon, the public page API and the click beacon
 *   answer as usual (on that domain's rows only: the Host picks the domain);
 * - `/` sends (302) to the domain's root address, else the main site;
 * - `/robots.txt` is the domain's own;
 * - any other GET or HEAD outside /api/ is sent (302) to the same address on the main host;
 * - anything else (the API, other methods) is 404.
 * The decision is the registry's, in memory: no database round trip.
 */
export function registerHostRouting(app: FastifyInstance): void {
  const publicUrl = app.config.publicUrl.replace(/\/+$/, "");
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const domain = app.domains.customDomain(request.headers.host);
    if (!domain) return;
    const url = request.url;
    const path = pathOf(url);
    if (CUSTOM_DOMAIN_PATHS.has(path) || CUSTOM_DOMAIN_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return;
    }
    const isRead = request.method === "GET" || request.method === "HEAD";
    if (isRead && path === "/") {
      return reply
        .header("cache-control", NO_STORE_REDIRECT)
        .redirect(rootTarget(domain.rootRedirectUrl, publicUrl), 302);
    }
    if (isRead && path === "/robots.txt") {
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(CUSTOM_DOMAIN_ROBOTS);
    }
    if (isRead && url.startsWith("/") && !path.startsWith("/api/")) {
      return reply.header("cache-control", NO_STORE_REDIRECT).redirect(`${publicUrl}${url}`, 302);
    }
    return reply.code(404).send({ error: NOT_FOUND });
  });
}
