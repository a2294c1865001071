import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { LeadFormState } from "../../../common/link-bio/render";
import { linkPagePath, PAGE_PREVIEW_QUERY, publicOrigin } from "../../../common/paths";
import { isPossibleSlug } from "../../../common/slug";
import type { ClickTarget, OpenedIn } from "../../../db/schema";
import { clientAddress, viaTrustedProxy } from "../../lib/client-address";
import { rateLimited } from "../../lib/rate-limits";
import { type AgentClass, clickFrom, userAgentClass } from "../clicks/click-info";
import { LINK_PAGE_TOPIC, linkPageKey } from "../link-pages/link-page-events";
import { contactVcard, VCARD_CONTENT_TYPE, vcardFileName } from "../link-pages/vcard";
import { androidBrowserIntent, iosSafariUrl } from "../open-in-app/app-links";
import { escapeFor } from "../open-in-app/escape";
import { sendEscapePage } from "../open-in-app/escape-page";
import type { InAppBrowser } from "../open-in-app/in-app-browser";
import { withBlockedLinksGuarded } from "./blocked-links";
import { BLOCK_CLICK_RATE } from "./click-rate";
import { type CachedResponse, encodeResponse, PublicPageCache } from "./public-page.cache";
import { ERROR_CSP, pageCsp, renderErrorDocument, renderPublicPageDocument } from "./public-page.document";
import { type ShownPage, shownAt } from "./public-page.view";
import { findPublicPage } from "./public-pages.queries";

export const headersFor = (csp: string) => ({
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
type ViewRecorder = (request: IncomingMessage, page: CachedResponse, agent?: AgentClass) => void;

/** The visitor's agent, parsed once per distinct agent (a map lookup once seen). */
const agentOf = (request: IncomingMessage) => userAgentClass(request.headers["user-agent"] ?? "");

export type InAppOs = InAppBrowser["os"];
const IN_APP_OS: InAppOs[] = ["android", "ios", "other"];

/**
 * A page has a copy per kind of visitor: its own, and one per in-app browser platform (its
 * "Abrir no navegador" notice and its links' escape differ, issue 36).
 */
const inAppKey = (key: string, os: InAppOs | undefined) => (os ? `${key}#app-${os}` : key);

/** Every cached copy of a page's key: plain and confirmed (18+), each for every kind of visitor. */
const copiesOf = (key: string) =>
  [key, adultKey(key)].flatMap((base) => [base, ...IN_APP_OS.map((os) => inAppKey(base, os))]);

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
    for (const copy of copiesOf(key)) cache.delete(copy);
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
  const recordView = (request: IncomingMessage, page: CachedResponse, agent = agentOf(request)) => {
    const view = page.view;
    if (!view || request.method !== "GET") return;
    const headers = request.headers;
    if (headers["sec-purpose"]?.includes("prefetch") || headers.purpose === "prefetch") return;
    if (request.url?.includes(PAGE_PREVIEW_QUERY)) return;
    if (!headers["user-agent"] || agent.isBot) return;
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
        undefined,
        agent,
      ),
    );
  };
  const answer: CachedPageAnswer = (request, response, rawSlug) => {
    if (closing) return false;
    const slug = rawSlug.toLowerCase();
    if (!isPossibleSlug(slug)) return false;
    const agent = agentOf(request);
    const key = linkPageKey(app.domains.resolve(request.headers.host).id, slug);
    const cached = cache.get(inAppKey(key, agent.inAppBrowser?.os));
    if (!cached) return false;
    // A visitor confirming their age asks for the other version: the router answers it.
    if (cached.adultGate && request.url?.includes(ADULT_PARAM)) return false;
    sendPage(request, response, cached);
    recordView(request, cached, agent);
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

  async function render(
    domainId: number,
    slug: string,
    adultConfirmed: boolean,
    os: InAppOs | undefined,
  ): Promise<CachedResponse> {
    const found = await findPublicPage(app.db, domainId, slug);
    if (!found) return notFound;
    const shown = shownAt(found, Date.now());
    const gated = found.page.isSensitive && !adultConfirmed;
    const html = renderShownPage(app, shown, { adultConfirmed, os });
    return {
      // Inside an in-app browser a page is another copy (issue 36): caches must know it.
      ...encodeResponse(200, html, {
        ...headersFor(pageCsp(gated ? [] : shown.blocks)),
        vary: "Accept-Encoding, User-Agent",
      }),
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
      const agent = agentOf(request.raw);
      const os = agent.inAppBrowser?.os;
      const pageKey = linkPageKey(domainId, slug);
      const plainKey = inAppKey(pageKey, os);
      const plain = cache.get(plainKey);
      // The confirmed version has a key of its own only on a sensitive page (its plain copy is the
      // notice); any other page answers its one copy, whatever the query says.
      const adult = request.query[ADULT_QUERY_KEY] === ADULT_QUERY_VALUE && plain?.adultGate !== false;
      const key = adult ? inAppKey(adultKey(pageKey), os) : plainKey;
      try {
        const page =
          (adult ? cache.get(key) : plain) ??
          (await cache.load(key, () => render(domainId, slug, adult, os)));
        sendPage(request.raw, reply.raw, page);
        recordView(request.raw, page, agent);
      } catch (error) {
        request.log.error({ err: error }, "public page failed");
        sendPage(request.raw, reply.raw, failed);
      }
    },
  );

  /** A block of the page in the request's path, as its visitor sees it now (findShownBlock). */
  function shownBlock(
    idPattern: RegExp,
    request: FastifyRequest<{
      Params: { slug: string; id: string };
      Querystring: Record<string, string | undefined>;
    }>,
  ) {
    const id = idPattern.test(request.params.id) ? Number.parseInt(request.params.id, 10) : null;
    if (id === null) return null;
    return findShownBlock(
      app,
      request.headers.host,
      request.params.slug,
      id,
      isAdultConfirmed(request.query),
    );
  }

  /** A block's click from this request, counted after the answer (not for a HEAD). */
  const countBlockClick = (
    request: FastifyRequest,
    page: { userId: number; id: number },
    block: { id: number; type: ClickTarget },
    opened: OpenedIn | null,
  ) => {
    if (request.method !== "GET") return;
    const click = clickFrom(
      request.headers,
      request.ip,
      { userId: page.userId, targetType: block.type, targetId: block.id, linkPageId: page.id },
      viaTrustedProxy(request.raw, app.proxyTrust),
      app.visitors,
      null,
    );
    click.opened = opened;
    app.clicks.push(click);
  };

  // "Salvar contato": a contact block's card as a vCard, while the block is shown; the download
  // counts as the block's click (the page's beacon leaves this link alone).
  app.get<{ Params: { slug: string; id: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug/contato/:id",
    { preHandler: rateLimited(app, [BLOCK_CLICK_RATE]) },
    async (request, reply) => {
      const shown = await shownBlock(/^\d{1,10}(\.vcf)?$/, request);
      if (shown?.guarded.type !== "contact") {
        reply.hijack();
        return sendPage(request.raw, reply.raw, notFound);
      }
      // A HEAD (a link preview checking the file) is not a download.
      countBlockClick(request, shown.page, shown.block, null);
      return reply
        .header("content-type", VCARD_CONTENT_TYPE)
        .header("content-disposition", `attachment; filename="${vcardFileName(shown.guarded.data.name)}"`)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(contactVcard(shown.guarded.data));
    },
  );

  // "Abrir no app" (issue 36): a link block tapped on a page seen inside a social app's in-app
  // browser comes here, not straight to its URL: the visitor is sent to the URL's app or to the
  // system browser (the escape page), and the click is counted here (the page's beacon leaves this
  // link alone), with where it was sent. Anyone else following it gets the plain redirect. A URL on
  // a blocked domain goes to the warning page, uncounted, as from the page itself.
  app.get<{ Params: { slug: string; id: string }; Querystring: Record<string, string | undefined> }>(
    "/p/:slug/abrir/:id",
    { preHandler: rateLimited(app, [BLOCK_CLICK_RATE]) },
    async (request, reply) => {
      const shown = await shownBlock(/^\d{1,10}$/, request);
      reply.hijack();
      const response = reply.raw;
      if (shown?.block.type !== "link" || shown.guarded.type !== "link")
        return sendPage(request.raw, response, notFound);
      const url = shown.guarded.data.url;
      const browser =
        url === shown.block.data.url && shown.block.data.open_in_app !== false
          ? userAgentClass(request.headers["user-agent"] ?? "").inAppBrowser
          : null;
      if (browser) {
        const way = escapeFor(browser, url);
        sendEscapePage(response, way, request.method === "HEAD");
        return countBlockClick(request, shown.page, shown.block, way.kind);
      }
      response.writeHead(302, {
        location: url,
        "cache-control": "private, no-store",
        "x-robots-tag": "noindex",
        "content-length": "0",
      });
      response.end();
      if (url === shown.block.data.url) countBlockClick(request, shown.page, shown.block, null);
    },
  );
};

/**
 * A page's document as a visitor gets it now: `adultConfirmed` (read on a sensitive page only), in
 * an in-app browser (`os`), or with a contact form's refused submission (`formState`).
 */
export function renderShownPage(
  app: FastifyInstance,
  shown: ShownPage,
  visitor: { adultConfirmed: boolean; os?: InAppOs; formState?: LeadFormState },
): string {
  const { page } = shown;
  const { adultConfirmed, os } = visitor;
  const origin = publicOrigin(app.domains.publicHostOf(page.domainId), app.config.publicUrl);
  const path = linkPagePath(page.slug);
  const confirmed = page.isSensitive ? `?${ADULT_PARAM}` : "";
  return renderPublicPageDocument(
    withBlockedLinksGuarded(app, shown, origin + path),
    { origin, homeUrl: `${app.config.publicUrl}/`, appName: app.config.appName },
    {
      adultConfirmed,
      confirmHref: `${path}?${ADULT_PARAM}`,
      // A sensitive page's card and form are behind the same confirmation as the page.
      contactHref: (blockId) => `${contactPath(page.slug, blockId)}${confirmed}`,
      formAction: `${leadFormPath(page.slug)}${confirmed}`,
      formState: visitor.formState,
      inApp: os
        ? {
            escapeHref:
              os === "android"
                ? androidBrowserIntent(origin + path)
                : os === "ios"
                  ? iosSafariUrl(origin + path)
                  : null,
            safari: os === "ios",
            openInAppHref: (blockId) => `${openInAppPath(page.slug, blockId)}${confirmed}`,
          }
        : null,
    },
  );
}

/**
 * A block of a page as its visitor sees it now (switched on, inside its window, behind the 18+
 * confirmation on a sensitive page), with the block list applied (`guarded`) and not (`block`), and
 * the page as shown; null when the page or the block is not shown to them.
 */
export async function findShownBlock(
  app: FastifyInstance,
  host: string | undefined,
  rawSlug: string,
  id: number,
  adultConfirmed: boolean,
) {
  const found = await findPublicPage(app.db, app.domains.resolve(host).id, rawSlug.toLowerCase());
  if (!found || (found.page.isSensitive && !adultConfirmed)) return null;
  const shown = shownAt(found, Date.now());
  const guarded = withBlockedLinksGuarded(
    app,
    shown,
    publicOrigin(app.domains.publicHostOf(found.page.domainId), app.config.publicUrl) +
      linkPagePath(found.page.slug),
  );
  const block = shown.blocks.find((b) => b.id === id);
  if (!block) return null;
  return { page: found.page, shown, block, guarded: guarded.blocks.find((b) => b.id === id) ?? block };
}

/** The query a visitor's age confirmation adds to a sensitive page's address (`?idade=18`). */
const ADULT_QUERY_KEY = "idade";
const ADULT_QUERY_VALUE = "18";
export const ADULT_PARAM = `${ADULT_QUERY_KEY}=${ADULT_QUERY_VALUE}`;
/** Whether a request's query carries the visitor's 18+ confirmation. */
export const isAdultConfirmed = (query: Record<string, unknown>) =>
  query[ADULT_QUERY_KEY] === ADULT_QUERY_VALUE;
/** The cache key of a page's confirmed version (the gate's is the page's own key). */
const adultKey = (key: string) => `${key}#18`;

/** Where a link block sends a visitor inside an in-app browser ("Abrir no app", issue 36). */
export const openInAppPath = (slug: string, blockId: number) => `${linkPagePath(slug)}/abrir/${blockId}`;

/** Where a contact block's vCard is served. */
export const contactPath = (slug: string, blockId: number) => `${linkPagePath(slug)}/contato/${blockId}.vcf`;

/** Where a page's contact forms post (server/modules/leads/lead-form.routes.ts). */
export const leadFormPath = (slug: string) => `${linkPagePath(slug)}/leads`;

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
