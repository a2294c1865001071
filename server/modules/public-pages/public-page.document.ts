import { createHash } from "node:crypto";
import { readButtonStyle } from "../../../common/button-style";
import type { LinkBioBlock, LinkBioView } from "../../../common/contract/link-bio-view";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { recognizeEmbed } from "../../../common/link-bio/embeds";
import { fontFaceCss, fontPreloads, linkBioFontUses } from "../../../common/link-bio/fonts";
import { LINK_BIO_PAGE_SCRIPT } from "../../../common/link-bio/page-script";
import {
  type LeadFormState,
  LINK_BIO_CSS,
  renderLinkBioGateHtml,
  renderLinkBioHtml,
  renderLinkBioThanksHtml,
} from "../../../common/link-bio/render";
import { hexOr } from "../../../common/link-bio/render-style";
import { linkPagePath } from "../../../common/paths";
import { escapeHtml, FAVICON_LINK, htmlPage, openGraphTags, statusPageHtml } from "../../lib/html-page";
import type { LinkPageRow } from "../link-pages/link-pages.queries";

/**
 * The whole /p/{slug} document: real <title>, Open Graph and canonical for previews and search
 * engines, the shared renderer's markup, and one tiny script for what needs one: click beacons, the
 * embed player on tap, the Pix copy button, a contact form sent in place. Without JavaScript the
 * buttons are plain links, the Pix code and the FAQ still open, an embed's "Abrir no …" link opens
 * the content, and a contact form posts to the page's own origin (hence form-action 'self').
 */

const PAGE_SCRIPT_HASH = `sha256-${createHash("sha256").update(LINK_BIO_PAGE_SCRIPT).digest("base64")}`;

const CSP_COMMON = [
  "default-src 'none'",
  "img-src https: data: 'self'",
  "style-src 'unsafe-inline'",
  // Our own font files (server/modules/fonts), on whichever of our domains serves the page.
  "font-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
];
/** A page's CSP without frames: its 18+ notice, or a page without embeds. */
export const PAGE_CSP = [
  ...CSP_COMMON,
  // A contact form posts to /p/{slug}/leads on the page's own origin, and is redirected there.
  "form-action 'self'",
  `script-src '${PAGE_SCRIPT_HASH}'`,
  "connect-src 'self'",
].join("; ");

/**
 * A page's CSP for the blocks it shows: frames from the players of its embeds only (loaded when the
 * visitor taps a facade). Without embeds there is no frame-src, and default-src 'none' refuses them.
 */
export function pageCsp(blocks: readonly LinkBioBlock[]): string {
  const players = new Set<string>();
  for (const block of blocks) {
    // Stored data is read as it was written; a malformed row shows nothing (render-blocks.ts).
    if (block.type !== "embed" || typeof block.data.url !== "string") continue;
    const embed = recognizeEmbed(block.data.url);
    if (embed) players.add(new URL(embed.embedUrl).origin);
  }
  return players.size === 0 ? PAGE_CSP : `${PAGE_CSP}; frame-src ${[...players].join(" ")}`;
}
export const ERROR_CSP = [...CSP_COMMON, "form-action 'none'", "script-src 'none'"].join("; ");

export type DocumentContext = {
  /** The canonical origin of the page's domain, without a trailing slash. */
  origin: string;
  /** Where "Feito com Atalho" (and the 18+ notice's "Sair") points: the product's home. */
  homeUrl: string;
  appName: string;
};

/** A page and the blocks it shows now (switched on and inside their window), in page order. */
export type PublicPageData = { page: LinkPageRow; blocks: LinkBioBlock[] };

export type DocumentOptions = {
  /** The visitor confirmed being 18 or older (only read for a page marked sensitive). */
  adultConfirmed: boolean;
  /** Where the 18+ notice's "continuar" goes to confirm. */
  confirmHref: string;
  /** A contact block's vCard, served (and counted) by the server. */
  contactHref: (blockId: number) => string;
  /**
   * The visitor is inside a social app's in-app browser (issue 36): the page offers "Abrir no
   * navegador" (`escapeHref`: Android's intent, iOS's Safari address, or null: instructions only),
   * and its link blocks with "Abrir no app" on go through `openInAppHref` (the server's escape).
   */
  inApp?: {
    escapeHref: string | null;
    /** The escape is Safari's address (iOS): its button says so. */
    safari: boolean;
    openInAppHref: (blockId: number) => string;
  } | null;
  /** Where the page's contact forms post (`/p/{slug}/leads`, with the 18+ confirmation if any). */
  formAction?: string;
  /** A refused submission, drawn again in its form (such a page is never cached). */
  formState?: LeadFormState;
};

export function toLinkBioView({ page, blocks }: PublicPageData): LinkBioView {
  return {
    title: page.title,
    description: page.description,
    profileImageUrl: page.profileImageUrl,
    backgroundColor: page.backgroundColor,
    textColor: page.textColor,
    buttonStyle: readButtonStyle(page.buttonStyle),
    background: {
      type: page.backgroundType,
      gradientTo: page.backgroundGradientTo,
      gradientDirection: page.backgroundGradientDirection,
      imageUrl: page.backgroundImageUrl,
    },
    blocks,
  };
}

/**
 * A page marked sensitive shows, until the visitor confirms, only its title, picture and an 18+
 * notice: no block and no block's target is in the HTML. Such a page asks search engines not to
 * index it (a crawler never confirms, so it would index the notice), and its description for
 * previews is the owner's search description or a neutral line, never the page's own text.
 */
export function renderPublicPageDocument(
  data: PublicPageData,
  context: DocumentContext,
  options: DocumentOptions,
): string {
  const { page } = data;
  const gated = page.isSensitive && !options.adultConfirmed;
  const view = toLinkBioView(gated ? { page, blocks: [] } : data);
  const footer = footerHtml(context);
  const body = gated
    ? renderLinkBioGateHtml(view, {
        confirmHref: options.confirmHref,
        leaveHref: context.homeUrl,
        footerHtml: footer,
      })
    : renderLinkBioHtml(view, {
        footerHtml: footer,
        contactHref: options.contactHref,
        openInAppHref: options.inApp?.openInAppHref,
        formAction: options.formAction,
        formState: options.formState,
      });
  return pageDocument(page, view, context, {
    gated,
    noindex: page.isSensitive,
    css: options.inApp ? ESCAPE_NOTICE_CSS : "",
    body: `${options.inApp ? escapeNoticeHtml(options.inApp.escapeHref, options.inApp.safari) : ""}${body}<script>${LINK_BIO_PAGE_SCRIPT}</script>`,
  });
}

/**
 * A contact form's thank-you (`/p/{slug}/obrigado`, no script): the page's face, the form's text and
 * a way back to the page. Not for search engines.
 */
export function renderThankYouDocument(
  page: LinkPageRow,
  context: DocumentContext,
  thanks: { message: string; backHref: string },
): string {
  const view = toLinkBioView({ page, blocks: [] });
  const body = renderLinkBioThanksHtml(view, { ...thanks, footerHtml: footerHtml(context) });
  return pageDocument(page, view, context, { gated: true, noindex: true, css: "", body });
}

const footerHtml = (context: DocumentContext) =>
  `<a href="${escapeHtml(context.homeUrl)}">Feito com ${escapeHtml(context.appName)}</a>`;

/** The document around a page's body: its head (meta, fonts) and the shared CSS. */
function pageDocument(
  page: LinkPageRow,
  view: LinkBioView,
  context: DocumentContext,
  content: { gated: boolean; noindex: boolean; css: string; body: string },
): string {
  const url = context.origin + linkPagePath(page.slug);
  const title = page.seoTitle?.trim() || page.title;
  const description =
    page.seoDescription?.trim() ||
    (content.gated ? "" : page.description?.trim()) ||
    `Links de ${page.title}`;
  const image = absoluteImage(view.profileImageUrl, context.origin);
  const background = hexOr(page.backgroundColor, "#ffffff");
  const fontUses = linkBioFontUses(view);
  const e = escapeHtml;
  const meta = [
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    openGraphTags({ type: "profile", siteName: context.appName, title, description, url }),
    image ? `<meta property="og:image" content="${e(image)}">` : "",
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : "",
    `<meta name="theme-color" content="${background}">`,
  ];
  // The files the first screen draws with start downloading with the HTML, not after layout.
  const fontLinks = fontPreloads(fontUses)
    .map((href) => `<link rel="preload" href="${e(href)}" as="font" type="font/woff2" crossorigin>`)
    .join("");
  const fontFaces = fontFaceCss(fontUses.map((use) => use.family));
  return htmlPage({
    title,
    noindex: content.noindex,
    head: `${meta.join("")}${FAVICON_LINK}${fontLinks}`,
    // After the shared CSS: the page fills the screen, so the footer sits at the bottom.
    css: `${fontFaces}${LINK_BIO_CSS}\nhtml,body{margin:0;background:${background}}.lb{min-height:100vh;min-height:100dvh}${content.css}`,
    body: content.body,
  });
}

/** The words of the notice a page shows inside an in-app browser (issue 36). */
export const ESCAPE_NOTICE_MESSAGES = {
  text: "Abra no navegador do celular para entrar nas suas contas e comprar sem refazer o login.",
  open: "Abrir no navegador",
  openSafari: "Abrir no Safari",
  howTo: "Toque em ⋯ no canto da tela e escolha “Abrir no navegador”.",
  close: "Fechar aviso",
} as const;

// Dismissed without JavaScript: the close control is the label of a checkbox that hides it.
const ESCAPE_NOTICE_CSS =
  ".lb-esc-x{position:absolute;opacity:0;pointer-events:none}.lb-esc-x:checked+.lb-esc{display:none}" +
  ".lb-esc{position:sticky;top:0;z-index:10;display:flex;gap:10px;align-items:center;padding:10px 12px;" +
  "background:#0f172a;color:#fff;font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}" +
  ".lb-esc p{margin:0;flex:1}.lb-esc a{display:inline-block;margin-top:6px;padding:7px 12px;border-radius:999px;" +
  "background:#fff;color:#0f172a;font-weight:600;text-decoration:none}.lb-esc small{display:block;opacity:.8;margin-top:4px}" +
  ".lb-esc label{cursor:pointer;font-size:22px;line-height:1;padding:4px 8px}" +
  ".lb-esc-x:focus-visible+.lb-esc label{outline:2px solid #fff;border-radius:6px}";

function escapeNoticeHtml(escapeHref: string | null, safari: boolean): string {
  const m = ESCAPE_NOTICE_MESSAGES;
  const open = escapeHref
    ? `<br><a href="${escapeHtml(escapeHref)}">${safari ? m.openSafari : m.open}</a>`
    : "";
  return (
    `<input type="checkbox" id="lb-esc-x" class="lb-esc-x" aria-label="${m.close}">` +
    `<div class="lb-esc" role="region" aria-label="${m.open}"><p>${m.text}${open}<small>${m.howTo}</small></p>` +
    `<label for="lb-esc-x" aria-hidden="true" title="${m.close}">×</label></div>`
  );
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
