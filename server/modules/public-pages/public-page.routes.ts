import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { linkPagePath, PAGE_PREVIEW_QUERY, publicOrigin } from "../../../common/paths";
import { isPossibleSlug } from "../../../common/slug";
import { clientAddress, viaTrustedProxy } from "../../lib/client-address";
import { rateLimited } from "../../lib/rate-limits";
import { clickFrom, userAgentClass } from "../clicks/click-info";
import { LINK_PAGE_TOPIC, linkPageKey } from "../link-pages/link-page-events";
import { contactVcard, VCARD_CONTENT_TYPE, vcardFileName } from "../link-pages/vcard";
import { withBlockedLinksGuarded } from "./blocked-links";
import { BLOCK_CLICK_RATE } from "./click-rate";
import { type CachedResponse, encodeResponse, PublicPageCache } from "./public-page.cache";
import { ERROR_CSP, PAGE_CSP, renderErrorDocument, renderPublicPageDocument } from "./public-page.document";
import { shownAt } from "./public-page.view";
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

/** Records a page's view when the request that got it is a person's (createPublicPages). */
type ViewRecorder = (request: IncomingMessage, page: CachedResponse) => void;

/**
 * The rendered pages per (domain, slug), with their encodings, dropped on any edit; and the answer
 * from them before routing. One per app (publicPageRoutes renders into the same cache).
 */
export function createPublicPages(app: FastifyInstance): {
  cache: PublicPageCache;
  answer: CachedPageAnswer;
  recordView: ViewRecorder;
} {
  const cache = new PublicPageCache();
  app.bus.on(LINK_PAGE_TOPIC, (key) => {
    if (key === "*") return cache.clear();
    cache.delete(key);
    cache.delete(adultKey(key));
  });
  // Canonical URLs name the domain: a domain change may change every page.
  app.bus.on("domains", () => cache.clear());
  // The block list: links to a newly blocked (or unblocked) domain change on every page that has them.
  app.blockedDomains.onChange(() => cache.clear());
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  /**
   * A page answered to a person is a view, recorded after the answer (a queued event, no query):
   * not a HEAD, a prefetch (Sec-Purpose or Purpose), a bot, an age notice, a 404 or the owner's
   * "Visualizar" (`?previa=1`: anyone adding it can only lower a count).
   */
  const recordView = (request: IncomingMessage, page: CachedResponse) => {
    const view = page.view;
    if (!view || request.method !== "GET") return;
    const headers = request.headers;
    if (headers["sec-purpose"]?.includes("prefetch") || headers.purpose === "prefetch") return;
    if (request.url?.includes(PAGE_PREVIEW_QUERY)) return;
    if (!headers["user-agent"] || userAgentClass(headers["user-agent"]).isBot) return;
    app.clicks.push(
      clickFrom(
        headers,
        clientAddress(request, app.proxyTrust),
        {
          userId: view.userId,
          targetType: "link_page",
          targetId: view.linkPageId,
          linkPageId: view.linkPageId,
        },
        viaTrustedProxy(request, app.proxyTrust),
        app.visitors,
      ),
    );
  };
  const answer: CachedPageAnswer = (request, response, rawSlug) => {
    if (closing) return false;
    const slug = rawSlug.toLowerCase();
    if (!isPossibleSlug(slug)) return false;
    const cached = cache.get(linkPageKey(app.domains.resolve(request.headers.host).id, slug));
    if (!cached) return false;
    // A visitor confirming their age asks for the other version: the router answers it.
    if (cached.adultGate && request.url?.includes(ADULT_PARAM)) return false;
    sendPage(request, response, cached);
    recordView(request, cached);
    return true;
  };
  return { cache, answer, recordView };
}

// GET /p/{slug}: the public Link Bio page, server-rendered (registered at the root: hot path; a
// listening server answers cached pages before routing, createPublicPages).
export const publicPageRoutes: FastifyPluginAsync<{
  cache: PublicPageCache;
  recordView: ViewRecorder;
}> = async (app, { cache, recordView }) => {
  const homeUrl = `${app.config.publicUrl}/`;
  const notFound = encodeResponse(404, renderErrorDocument(404, homeUrl, app.config.appName), {
    ...headersFor(ERROR_CSP),
    "cache-control": "no-cache",
  });
  const failed = encodeResponse(500, renderErrorDocument(500, homeUrl, app.config.appName), {
    ...headersFor(ERROR_CSP),
    "cache-control": "no-store",
  });

  async function render(domainId: number, slug: string, adultConfirmed: boolean): Promise<CachedResponse> {
    const found = await findPublicPage(app.db, domainId, slug);
    if (!found) return notFound;
    const origin = publicOrigin(app.domains.publicHostOf(domainId), app.config.publicUrl);
    const path = linkPagePath(found.page.slug);
    const shown = shownAt(found, Date.now());
    const gated = found.page.isSensitive && !adultConfirmed;
    const html = renderPublicPageDocument(
      withBlockedLinksGuarded(app, shown, origin + path),
      { origin, homeUrl, appName: app.config.appName },
      {
        adultConfirmed: !gated,
        confirmHref: `${path}?${ADULT_PARAM}`,
        // A sensitive page's card is behind the same confirmation as the page.
        contactHref: (blockId) =>
          `${contactPath(found.page.slug, blockId)}${found.page.isSensitive ? `?${ADULT_PARAM}` : ""}`,
      },
    );
    return {
      ...encodeResponse(200, html, headersFor(PAGE_CSP)),
      // A block whose window opens or closes changes the page: this copy is good until then.
      expiresAt: shown.nextChange,
      adultGate: gated,
      view: gated ? null : { userId: found.page.userId, linkPageId: found.page.id },
    };
  }

  // A shared link with a trailing slash still reaches the page.
  app.get<{ Params: { slug: string } }>("/p/:slug/", (request, reply) =>
    reply.redirect(linkPagePath(request.params.slug), 301),
  );

  app.get<{ Params: { slug: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug",
    async (request, reply) => {
      reply.hijack();
      const slug = request.params.slug.toLowerCase();
      if (!isPossibleSlug(slug)) return sendPage(request.raw, reply.raw, notFound);
      const domainId = app.domains.resolve(request.headers.host).id;
      const plainKey = linkPageKey(domainId, slug);
      const plain = cache.get(plainKey);
      // The confirmed version has a key of its own only on a sensitive page (its plain copy is the
      // notice); any other page answers its one copy, whatever the query says.
      const adult = request.query[ADULT_QUERY_KEY] === ADULT_QUERY_VALUE && plain?.adultGate !== false;
      const key = adult ? adultKey(plainKey) : plainKey;
      try {
        const page =
          (adult ? cache.get(key) : plain) ?? (await cache.load(key, () => render(domainId, slug, adult)));
        sendPage(request.raw, reply.raw, page);
        recordView(request.raw, page);
      } catch (error) {
        request.log.error({ err: error }, "public page failed");
        sendPage(request.raw, reply.raw, failed);
      }
    },
  );

  // "Salvar contato": a contact block's card as a vCard, while the block is shown; the download
  // counts as the block's click (the page's beacon leaves this link alone).
  app.get<{ Params: { slug: string; id: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug/contato/:id",
    { preHandler: rateLimited(app, [BLOCK_CLICK_RATE]) },
    async (request, reply) => {
      const id = /^\d{1,10}(\.vcf)?$/.test(request.params.id) ? Number.parseInt(request.params.id, 10) : null;
      const found =
        id === null
          ? null
          : await findPublicPage(
              app.db,
              app.domains.resolve(request.headers.host).id,
              request.params.slug.toLowerCase(),
            );
      const confirmed = request.query[ADULT_QUERY_KEY] === ADULT_QUERY_VALUE;
      const shown =
        found && (!found.page.isSensitive || confirmed)
          ? withBlockedLinksGuarded(
              app,
              shownAt(found, Date.now()),
              publicOrigin(app.domains.publicHostOf(found.page.domainId), app.config.publicUrl) +
                linkPagePath(found.page.slug),
            )
          : null;
      const block = shown?.blocks.find((b) => b.id === id);
      if (!found || !block || block.type !== "contact") {
        reply.hijack();
        return sendPage(request.raw, reply.raw, notFound);
      }
      // A HEAD (a link preview checking the file) is not a download.
      if (request.method === "GET") {
        app.clicks.push(
          clickFrom(
            request.headers,
            request.ip,
            {
              userId: found.page.userId,
              targetType: "contact",
              targetId: block.id,
              linkPageId: found.page.id,
            },
            viaTrustedProxy(request.raw, app.proxyTrust),
            app.visitors,
            null,
          ),
        );
      }
      return reply
        .header("content-type", VCARD_CONTENT_TYPE)
        .header("content-disposition", `attachment; filename="${vcardFileName(block.data.name)}"`)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(contactVcard(block.data));
    },
  );
};

/** The query a visitor's age confirmation adds to a sensitive page's address (`?idade=18`). */
const ADULT_QUERY_KEY = "idade";
const ADULT_QUERY_VALUE = "18";
const ADULT_PARAM = `${ADULT_QUERY_KEY}=${ADULT_QUERY_VALUE}`;
/** The cache key of a page's confirmed version (the gate's is the page's own key). */
const adultKey = (key: string) => `${key}#18`;

/** Where a contact block's vCard is served. */
export const contactPath = (slug: string, blockId: number) => `${linkPagePath(slug)}/contato/${blockId}.vcf`;

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
