import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { linkPagePath, publicOrigin } from "../../../common/paths";
import { isPossibleSlug } from "../../../common/slug";
import { LINK_PAGE_TOPIC, linkPageKey } from "../link-pages/link-page-events";
import { withBlockedLinksGuarded } from "./blocked-links";
import { type CachedResponse, encodeResponse, PublicPageCache } from "./public-page.cache";
import { ERROR_CSP, PAGE_CSP, renderErrorDocument, renderPublicPageDocument } from "./public-page.document";
import { findPublicPage } from "./public-pages.queries";

const headersFor = (csp: string) => ({
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": csp,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cache-control": "public, max-age=0, must-revalidate",
});

/**
 * Answers GET or HEAD /p/{slug} on node's own request and response when the page is cached, and
 * says whether it did: the listening server calls it before routing (so that a cached page is a
 * lookup and a write, like /s/); a miss, a bad slug or a server shutting down goes to the router.
 */
export type CachedPageAnswer = (request: IncomingMessage, response: ServerResponse, slug: string) => boolean;

/**
 * The rendered pages per (domain, slug), with their encodings, dropped on any edit; and the answer
 * from them before routing. One per app (publicPageRoutes renders into the same cache).
 */
export function createPublicPages(app: FastifyInstance): {
  cache: PublicPageCache;
  answer: CachedPageAnswer;
} {
  const cache = new PublicPageCache();
  app.bus.on(LINK_PAGE_TOPIC, (key) => (key === "*" ? cache.clear() : cache.delete(key)));
  // Canonical URLs name the domain: a domain change may change every page.
  app.bus.on("domains", () => cache.clear());
  // The block list: links to a newly blocked (or unblocked) domain change on every page that has them.
  app.blockedDomains.onChange(() => cache.clear());
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  const answer: CachedPageAnswer = (request, response, rawSlug) => {
    if (closing) return false;
    const slug = rawSlug.toLowerCase();
    if (!isPossibleSlug(slug)) return false;
    const cached = cache.get(linkPageKey(app.domains.resolve(request.headers.host).id, slug));
    if (!cached) return false;
    sendPage(request, response, cached);
    return true;
  };
  return { cache, answer };
}

// GET /p/{slug}: the public Link Bio page, server-rendered (registered at the root: hot path; a
// listening server answers cached pages before routing, createPublicPages).
export const publicPageRoutes: FastifyPluginAsync<{ cache: PublicPageCache }> = async (app, { cache }) => {
  const homeUrl = `${app.config.publicUrl}/`;
  const notFound = encodeResponse(404, renderErrorDocument(404, homeUrl, app.config.appName), {
    ...headersFor(ERROR_CSP),
    "cache-control": "no-cache",
  });
  const failed = encodeResponse(500, renderErrorDocument(500, homeUrl, app.config.appName), {
    ...headersFor(ERROR_CSP),
    "cache-control": "no-store",
  });

  async function render(domainId: number, slug: string): Promise<CachedResponse> {
    const found = await findPublicPage(app.db, domainId, slug);
    if (!found) return notFound;
    const origin = publicOrigin(app.domains.publicHostOf(domainId), app.config.publicUrl);
    const pageUrl = origin + linkPagePath(found.page.slug);
    const html = renderPublicPageDocument(withBlockedLinksGuarded(app, found, pageUrl), {
      origin,
      homeUrl,
      appName: app.config.appName,
    });
    return encodeResponse(200, html, headersFor(PAGE_CSP));
  }

  // A shared link with a trailing slash still reaches the page.
  app.get<{ Params: { slug: string } }>("/p/:slug/", (request, reply) =>
    reply.redirect(linkPagePath(request.params.slug), 301),
  );

  app.get<{ Params: { slug: string } }>("/p/:slug", async (request, reply) => {
    reply.hijack();
    const slug = request.params.slug.toLowerCase();
    if (!isPossibleSlug(slug)) return sendPage(request.raw, reply.raw, notFound);
    const domainId = app.domains.resolve(request.headers.host).id;
    const key = linkPageKey(domainId, slug);
    try {
      sendPage(
        request.raw,
        reply.raw,
        cache.get(key) ?? (await cache.load(key, () => render(domainId, slug))),
      );
    } catch (error) {
      request.log.error({ err: error }, "public page failed");
      sendPage(request.raw, reply.raw, failed);
    }
  });
};

/**
 * Writes a rendered answer: 304 when the browser holds this version, else the encoding it accepts
 * (brotli, gzip or none), as encoded once at render. HEAD gets the headers only.
 */
function sendPage(request: IncomingMessage, response: ServerResponse, page: CachedResponse): void {
  if (page.etag && request.headers["if-none-match"]?.includes(page.etag)) {
    response.writeHead(304, page.notModifiedHeaders);
    response.end();
    return;
  }
  const accept = request.headers["accept-encoding"];
  const variant = !accept
    ? page.identity
    : accept.includes("br")
      ? page.br
      : accept.includes("gzip")
        ? page.gzip
        : page.identity;
  response.writeHead(page.status, variant.headers);
  response.end(request.method === "HEAD" ? undefined : variant.body);
}
