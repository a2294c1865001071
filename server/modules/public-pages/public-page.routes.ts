import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isPossibleSlug } from "../../../common/slug";
import { withBlockedLinksGuarded } from "../abuse/blocked-page";
import { LINK_PAGE_TOPIC, linkPageKey } from "../link-pages/link-page-events";
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

// GET /p/{slug}: the public Link Bio page, server-rendered (registered at the root: hot path).
// The rendered bytes are cached per (domain, slug) with their encodings and dropped on any edit.
export const publicPageRoutes: FastifyPluginAsync = async (app) => {
  const cache = new PublicPageCache();
  app.bus.on(LINK_PAGE_TOPIC, (key) => (key === "*" ? cache.clear() : cache.delete(key)));
  // Canonical URLs name the domain: a domain change may change every page.
  app.bus.on("domains", () => cache.clear());
  // Issue 16: links to a newly blocked (or unblocked) domain change on every page that has them.
  app.blockedDomains.onChange(() => cache.clear());

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
    const domain = app.domains.get(domainId);
    const origin = !domain || domain.isDefault ? app.config.publicUrl : `https://${domain.domain}`;
    const pageUrl = `${origin}/p/${encodeURIComponent(found.page.slug)}`;
    const html = renderPublicPageDocument(withBlockedLinksGuarded(app, found, pageUrl), {
      origin,
      homeUrl,
      appName: app.config.appName,
    });
    return encodeResponse(200, html, headersFor(PAGE_CSP));
  }

  // A shared link with a trailing slash still reaches the page.
  app.get<{ Params: { slug: string } }>("/p/:slug/", (request, reply) =>
    reply.redirect(`/p/${encodeURIComponent(request.params.slug)}`, 301),
  );

  app.get<{ Params: { slug: string } }>("/p/:slug", async (request, reply) => {
    const slug = request.params.slug.toLowerCase();
    if (!isPossibleSlug(slug)) return send(request, reply, notFound, 404);
    const domainId = app.domains.resolve(request.headers.host).id;
    const key = linkPageKey(domainId, slug);
    const cached = cache.get(key);
    if (cached) return send(request, reply, cached, cached.status);
    try {
      const response = await cache.load(key, () => render(domainId, slug));
      return send(request, reply, response, response.status);
    } catch (error) {
      request.log.error({ err: error }, "public page failed");
      return send(request, reply, failed, 500);
    }
  });
};

function send(request: FastifyRequest, reply: FastifyReply, response: CachedResponse, status: number) {
  if (response.etag) {
    const match = request.headers["if-none-match"];
    if (match?.includes(response.etag)) {
      return reply.code(304).headers(response.identity.headers).send();
    }
  }
  const accept = request.headers["accept-encoding"];
  const variant = !accept
    ? response.identity
    : accept.includes("br")
      ? response.br
      : accept.includes("gzip")
        ? response.gzip
        : response.identity;
  return reply.code(status).headers(variant.headers).send(variant.body);
}
