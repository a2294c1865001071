// The one shell of the server's own small HTML pages (the password page, the blocked-link warning,
// 'Denunciar link', the dev checkout, the 429 and 404/500 pages, the Link Bio document, the API
// reference): a pt-BR document with its head in one order, the title escaped, and the page's own
// inline CSS. The pages rendered by React (site-render.tsx) fill the SPA's index.html instead.
import { escapeHtml } from "../../common/link-bio/escape-html";

export { escapeHtml };

export type HtmlPage = {
  /** Plain text: escaped here. */
  title: string;
  /** The page's own style, inline (the CSP of these pages allows inline style, never script). */
  css: string;
  /** The body's HTML, already escaped where it holds data. */
  body: string;
  /** `<meta name="robots" content="noindex">`; true unless the page is meant to be found. */
  noindex?: boolean;
  /** The site's favicon link. */
  icon?: boolean;
  /** More of the head, after the title and the icon (meta tags, font preloads), already escaped. */
  head?: string;
};

const ROBOTS_NOINDEX = `<meta name="robots" content="noindex">`;
/** The site's favicon, for a page that places it among its own head tags. */
export const FAVICON_LINK = `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`;

export function htmlPage(page: HtmlPage): string {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    (page.noindex === false ? "" : ROBOTS_NOINDEX) +
    `<title>${escapeHtml(page.title)}</title>${page.icon ? FAVICON_LINK : ""}${page.head ?? ""}` +
    `<style>${page.css}</style></head><body>${page.body}</body></html>`
  );
}

/** The Open Graph tags of a page that may be shared (its image, if any, is the page's own). */
export function openGraphTags(page: {
  type: string;
  siteName: string;
  title: string;
  description: string;
  url: string;
}): string {
  const e = escapeHtml;
  return (
    `<meta property="og:type" content="${e(page.type)}">` +
    `<meta property="og:site_name" content="${e(page.siteName)}">` +
    `<meta property="og:locale" content="pt_BR">` +
    `<meta property="og:title" content="${e(page.title)}">` +
    `<meta property="og:description" content="${e(page.description)}">` +
    `<meta property="og:url" content="${e(page.url)}">`
  );
}

/** The page of the small notices (a link protected, a link blocked): one card in the middle. */
export const NOTICE_BODY_CSS = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px 16px;background:#f8fafc;color:#0f172a;font:16px/1.5 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`;

const STATUS_CSS =
  `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;` +
  `font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-align:center;padding:24px;box-sizing:border-box}` +
  `main{max-width:420px}.code{font-size:56px;font-weight:800;color:#2563eb;margin:0;line-height:1}` +
  `h1{font-size:22px;margin:16px 0 8px}p{margin:0 0 24px;color:#475569;line-height:1.5}` +
  `a{display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:12px 20px;border-radius:12px;font-weight:600}`;

/**
 * A page for an HTTP status a browser shows (404, 429, 500): the code large, what happened, a hint
 * and one way on. All of it plain text, escaped here.
 */
export function statusPageHtml(page: {
  status: number;
  title: string;
  hint: string;
  link: { href: string; label: string };
  icon?: boolean;
}): string {
  const e = escapeHtml;
  return htmlPage({
    title: page.title,
    icon: page.icon,
    css: STATUS_CSS,
    body:
      `<main><p class="code">${page.status}</p><h1>${e(page.title)}</h1><p>${e(page.hint)}</p>` +
      `<a href="${e(page.link.href)}">${e(page.link.label)}</a></main>`,
  });
}
