import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { ABUSE_MESSAGES, BLOCKED_WARNING_PATH, REPORT_LINK_PATH } from "../../../common/contract/abuse";
import { bareHostName } from "../../../common/host-name";
import { shortLinkUrl } from "../../../common/paths";
import { escapeHtml, htmlPage, NOTICE_BODY_CSS } from "../../lib/html-page";
import { ourHosts } from "../../lib/link-targets";

/** The warning page's text (pt-BR). */
export const BLOCKED_PAGE_MESSAGES = {
  title: "Link bloqueado",
  lead: ABUSE_MESSAGES.linkBlocked,
  detail:
    "Para sua segurança, não vamos levar você até lá. Se você recebeu este link de alguém, desconfie de pedidos de senha, dados pessoais ou pagamentos.",
  report: "Denunciar link",
  reportHint: "Viu algo errado? Conte para a nossa equipe.",
  home: (appName: string) => `Ir para o ${appName}`,
} as const;

/**
 * 403: the link exists, and we refuse to follow it. Neither a shared cache nor the browser keeps
 * it (a domain unblocked later redirects again at once). No script at all.
 */
export const BLOCKED_STATUS = 403;
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

const STYLE = `${NOTICE_BODY_CSS}main{width:100%;max-width:440px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px 24px;box-shadow:0 1px 3px rgba(15,23,42,.06);text-align:center}.icon{width:56px;height:56px;border-radius:14px;background:#fef2f2;color:#dc2626;display:flex;align-items:center;justify-content:center;margin:0 auto 16px}h1{font-size:22px;margin:0 0 8px}p{margin:0 0 12px;color:#475569;font-size:15px}p.lead{color:#0f172a;font-weight:500}.actions{display:flex;flex-direction:column;gap:8px;margin-top:24px}a.button{display:block;font-weight:600;padding:11px 16px;border-radius:10px;text-decoration:none}a.primary{background:#2563eb;color:#fff}a.primary:hover{background:#1d4ed8}a.secondary{background:#fff;color:#334155;border:1px solid #cbd5e1}a.secondary:hover{background:#f1f5f9}.hint{margin:16px 0 0;font-size:13px;color:#64748b}footer{margin-top:20px;color:#94a3b8;font-size:13px}@media (min-width:480px){main{padding:40px 36px}.actions{flex-direction:row-reverse}.actions a{flex:1}}`;

const SHIELD = `<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="M12 8v4"/><path d="M12 16h.01"/></svg>`;

export type BlockedPageLinks = {
  /** The main site's origin (PUBLIC_URL), without a trailing slash: home and the report form. */
  siteOrigin: string;
  /** The address the visitor opened (the short link or the Link Bio page), for the report; null: none. */
  reportedUrl: string | null;
  appName: string;
};

/** The warning page: why the link does not lead anywhere, 'Denunciar link' and a way home. */
export function blockedPageHtml({ siteOrigin, reportedUrl, appName }: BlockedPageLinks): string {
  const report = `${siteOrigin}${REPORT_LINK_PATH}${reportedUrl ? `?url=${encodeURIComponent(reportedUrl)}` : ""}`;
  const m = BLOCKED_PAGE_MESSAGES;
  return htmlPage({
    title: `${m.title} · ${appName}`,
    css: STYLE,
    body:
      `<main><div class="icon">${SHIELD}</div><h1>${m.title}</h1><p class="lead">${m.lead}</p><p>${m.detail}</p>` +
      `<div class="actions"><a class="button primary" href="${escapeHtml(siteOrigin)}/">${escapeHtml(m.home(appName))}</a>` +
      `<a class="button secondary" href="${escapeHtml(report)}">${m.report}</a></div>` +
      `<p class="hint">${m.reportHint}</p></main>` +
      `<footer>${escapeHtml(appName)} · encurtador de links</footer>`,
  });
}

/** Writes the warning page on node's response (the redirect path answers before the router). */
export function sendBlockedPage(response: ServerResponse, links: BlockedPageLinks, head = false): void {
  const body = blockedPageHtml(links);
  response.writeHead(BLOCKED_STATUS, { ...HEADERS, "content-length": String(Buffer.byteLength(body)) });
  response.end(head ? undefined : body);
}

/** The distinct host names of a link's targets (bareHostName, no port), computed once per cache load. */
export function targetHostsOf(urls: (string | null | undefined)[]): string[] {
  const hosts = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      hosts.add(bareHostName(new URL(url).hostname));
    } catch {}
  }
  return [...hosts];
}

const siteOriginOf = (app: FastifyInstance) => app.config.publicUrl.replace(/\/+$/, "");

/** The short link a visitor opened, as they would report it: on its custom domain, else the site. */
export function shortLinkUrlOf(app: FastifyInstance, host: string | undefined, code: string) {
  return shortLinkUrl({ host: app.domains.customDomain(host)?.domain, siteOrigin: siteOriginOf(app), code });
}

/**
 * What a short link on a blocked domain answers: the warning page, with the short link's own
 * address for the report ('Denunciar link' lives on the main site, also for a custom domain).
 */
export function blockedShortLinkLinks(app: FastifyInstance, host: string | undefined, code: string) {
  return {
    siteOrigin: siteOriginOf(app),
    reportedUrl: shortLinkUrlOf(app, host, code),
    appName: app.config.appName,
  };
}

/**
 * GET /aviso/bloqueado?url=...: the warning page a Link Bio link to a blocked domain points to.
 * Registered at the root, so it answers on our custom domains too. `url` is only echoed into the
 * report link, and only when it is an address of ours (no one can make this page name another site).
 */
export const blockedWarningRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { url?: string } }>(BLOCKED_WARNING_PATH, async (request, reply) => {
    const reportedUrl = ownUrlOrNull(app, request.query.url);
    const body = blockedPageHtml({ siteOrigin: siteOriginOf(app), reportedUrl, appName: app.config.appName });
    return reply.code(BLOCKED_STATUS).headers(HEADERS).send(body);
  });
};

function ownUrlOrNull(app: FastifyInstance, value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const ours = new Set(ourHosts(app).map((host) => host.toLowerCase()));
    return ours.has(url.host.toLowerCase()) || ours.has(url.hostname.toLowerCase()) ? url.href : null;
  } catch {
    return null;
  }
}
