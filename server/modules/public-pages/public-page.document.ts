import { createHash } from "node:crypto";
import { readButtonStyle } from "../../../common/button-style";
import type { LinkBioView } from "../../../common/contract/link-pages";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { fontFaceCss, fontPreloads, linkBioFontUses } from "../../../common/link-bio/fonts";
import { LINK_BIO_CSS, renderLinkBioHtml } from "../../../common/link-bio/render";
import { linkPagePath } from "../../../common/paths";
import { escapeHtml, FAVICON_LINK, htmlPage, openGraphTags, statusPageHtml } from "../../lib/html-page";
import type { PublicPage } from "./public-pages.queries";

/**
 * The whole /p/{slug} document: real <title>, Open Graph and canonical for previews and search
 * engines, the shared renderer's markup, and one tiny script that reports clicks with a beacon.
 * Without JavaScript the buttons are plain links.
 */

// Reports the click and lets the navigation happen (target=_blank opens the link). The referrer is
// where the visitor came from to this page: the beacon's own Referer would be the page itself.
const BEACON_SCRIPT =
  '(function(){function t(e){var a=e.target&&e.target.closest&&e.target.closest("a[data-link-id]");' +
  'if(!a||!navigator.sendBeacon)return;try{navigator.sendBeacon("/api/track-link-click",' +
  'new Blob([JSON.stringify({link_id:+a.getAttribute("data-link-id"),referrer:document.referrer})],' +
  '{type:"application/json"}))}catch(_){}}' +
  'document.addEventListener("click",t);document.addEventListener("auxclick",function(e){if(e.button===1)t(e)})})();';

const SCRIPT_HASH = `sha256-${createHash("sha256").update(BEACON_SCRIPT).digest("base64")}`;

const CSP_COMMON = [
  "default-src 'none'",
  "img-src https: data: 'self'",
  "style-src 'unsafe-inline'",
  // Our own font files (server/modules/fonts), on whichever of our domains serves the page.
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];
export const PAGE_CSP = [...CSP_COMMON, `script-src '${SCRIPT_HASH}'`, "connect-src 'self'"].join("; ");
export const ERROR_CSP = [...CSP_COMMON, "script-src 'none'"].join("; ");

export type DocumentContext = {
  /** The canonical origin of the page's domain, without a trailing slash. */
  origin: string;
  /** Where "Feito com Atalho" points: the product's home. */
  homeUrl: string;
  appName: string;
};

export function toLinkBioView({ page, links }: PublicPage): LinkBioView {
  return {
    title: page.title,
    description: page.description,
    profileImageUrl: page.profileImageUrl,
    backgroundColor: page.backgroundColor,
    textColor: page.textColor,
    buttonStyle: readButtonStyle(page.buttonStyle),
    links: links.map((link) => ({
      id: link.id,
      title: link.title,
      url: link.url,
      style: readButtonStyle(link.customStyle),
    })),
  };
}

export function renderPublicPageDocument(data: PublicPage, context: DocumentContext): string {
  const view = toLinkBioView(data);
  const url = context.origin + linkPagePath(data.page.slug);
  const description = data.page.description?.trim() || `Links de ${data.page.title}`;
  const image = absoluteImage(view.profileImageUrl, context.origin);
  const fontUses = linkBioFontUses(view);
  const e = escapeHtml;
  const meta = [
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    openGraphTags({ type: "profile", siteName: context.appName, title: data.page.title, description, url }),
    image ? `<meta property="og:image" content="${e(image)}">` : "",
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${e(data.page.title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : "",
    `<meta name="theme-color" content="${e(data.page.backgroundColor)}">`,
  ];
  // The files the first screen draws with start downloading with the HTML, not after layout.
  const fontLinks = fontPreloads(fontUses)
    .map((href) => `<link rel="preload" href="${e(href)}" as="font" type="font/woff2" crossorigin>`)
    .join("");
  const fontFaces = fontFaceCss(fontUses.map((use) => use.family));
  const footer = `<a href="${e(context.homeUrl)}">Feito com ${e(context.appName)}</a>`;
  return htmlPage({
    title: data.page.title,
    noindex: false,
    head: `${meta.join("")}${FAVICON_LINK}${fontLinks}`,
    // After the shared CSS: the page fills the screen, so the footer sits at the bottom.
    css: `${fontFaces}${LINK_BIO_CSS}\nhtml,body{margin:0;background:${e(view.backgroundColor)}}.lb{min-height:100vh;min-height:100dvh}`,
    body: `${renderLinkBioHtml(view, { footerHtml: footer })}<script>${BEACON_SCRIPT}</script>`,
  });
}

/** A small page in the product's look for 404 and 500 (spec 8: public link page errors). */
export function renderErrorDocument(status: 404 | 500, homeUrl: string, appName: string): string {
  const message = status === 404 ? LINK_PAGE_MESSAGES.notFound : LINK_PAGE_MESSAGES.loadFailed;
  const hint =
    status === 404
      ? "O endereço pode estar errado, ou a página foi removida ou desativada."
      : "Tente novamente em alguns instantes.";
  return statusPageHtml({
    status,
    title: message,
    hint,
    link: { href: homeUrl, label: `Ir para o ${appName}` },
    icon: true,
  });
}

function absoluteImage(url: string | null, origin: string): string | null {
  if (!url || url.startsWith("data:")) return null;
  return url.startsWith("/") ? `${origin}${url}` : url;
}
