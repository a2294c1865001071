import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { escapeHtml, htmlPage, NOTICE_BODY_CSS } from "../../lib/html-page";
import type { Escape } from "./escape";

/** The way page's words (pt-BR). */
export const ESCAPE_PAGE_MESSAGES = {
  appTitle: (app: string) => `Abrindo no ${app}…`,
  appLead: (app: string, from: string) =>
    `O navegador do ${from} não tem a sua conta do ${app}. No app, você já está conectado.`,
  openApp: (app: string) => `Abrir no app do ${app}`,
  browserTitle: "Abra no navegador",
  browserLead: (from: string) =>
    `Você está no navegador do ${from}. Para entrar nas suas contas e comprar sem refazer o login, abra este link no navegador do celular.`,
  openBrowser: "Abrir no navegador",
  openSafari: "Abrir no Safari",
  howTo: (from: string) => `Ou toque em ⋯ no canto da tela do ${from} e escolha “Abrir no navegador”.`,
  copy: "Copiar link",
  copied: "Link copiado!",
  stay: "Continuar aqui mesmo",
  link: "O link",
} as const;

/**
 * The page's one script (its hash in the CSP), ES5: goes to the way address at once when the
 * page says so (#abrir[data-auto]); with #abrir[data-fallback], goes on to the target after 1.5 s if
 * the page is still shown (the app did not open); the copy button copies the link, else selects it.
 * Without JavaScript the page is the same links, and the link in a text box to select.
 */
export const ESCAPE_PAGE_SCRIPT =
  '(function(){var d=document,a=d.getElementById("abrir"),s=d.getElementById("seguir"),c=d.getElementById("copiar"),' +
  'x=d.getElementById("endereco");if(a&&a.hasAttribute("data-auto")){location.href=a.getAttribute("href");' +
  'if(a.hasAttribute("data-fallback"))setTimeout(function(){if(!d.hidden&&s)location.href=s.getAttribute("href")},1500)}' +
  'if(!c)return;c.hidden=false;function k(){c.textContent=c.getAttribute("data-done")}' +
  'function l(){x.focus();x.select();try{if(d.execCommand("copy"))k()}catch(_){}}' +
  'c.addEventListener("click",function(){var n=navigator;if(n.clipboard&&n.clipboard.writeText)' +
  "n.clipboard.writeText(x.value).then(k,l);else l()})})();";

// At the end of the body: it reads the elements above it.
const SCRIPT = `<script>${ESCAPE_PAGE_SCRIPT}</script>`;
const SCRIPT_HASH = `sha256-${createHash("sha256").update(ESCAPE_PAGE_SCRIPT).digest("base64")}`;

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  // Each visitor's answer depends on their app: no cache keeps it.
  "cache-control": "private, no-store",
  vary: "User-Agent",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer-when-downgrade",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; script-src '${SCRIPT_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
};

const STYLE = `${NOTICE_BODY_CSS}main{width:100%;max-width:400px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px 22px;box-shadow:0 1px 3px rgba(15,23,42,.06);text-align:center}h1{font-size:21px;margin:0 0 8px}p{margin:0 0 18px;color:#475569;font-size:15px}.btn{display:block;width:100%;margin:0 0 10px;font:inherit;font-weight:600;padding:13px 16px;border-radius:12px;text-decoration:none;border:0;cursor:pointer}.primary{background:#2563eb;color:#fff}.secondary{background:#eff6ff;color:#1d4ed8}.plain{background:none;color:#475569;text-decoration:underline;font-weight:500}.how{font-size:14px;background:#f1f5f9;border-radius:12px;padding:12px;color:#334155}label{display:block;text-align:left;font-size:13px;font-weight:600;color:#475569;margin:6px 0 4px}input{width:100%;font:inherit;font-size:14px;padding:9px 10px;border:1px solid #cbd5e1;border-radius:10px;margin-bottom:12px;color:#0f172a;background:#fff}.arrow{position:fixed;top:6px;right:14px;color:#2563eb;animation:nudge 1.2s ease-in-out infinite}@keyframes nudge{50%{transform:translate(3px,-4px)}}@media (prefers-reduced-motion:reduce){.arrow{animation:none}}`;

// Points at the in-app browser's menu (top right in Instagram, TikTok, Facebook).
const ARROW = `<svg class="arrow" width="44" height="44" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M7 17 17 7"/><path d="M8 7h9v9"/></svg>`;

/** The way page: server-rendered, no request elsewhere, the target always a plain link. */
export function escapePageHtml(way: Escape): string {
  const e = escapeHtml;
  const m = ESCAPE_PAGE_MESSAGES;
  const from = way.browser.name;
  const target = e(way.target);
  const auto = way.auto ? " data-auto" : "";
  const fallback = way.fallback ? " data-fallback" : "";
  const stay = `<a id="seguir" class="btn plain" href="${target}" rel="noreferrer">${m.stay}</a>`;
  if (way.kind === "app" && way.href && way.appName) {
    const app = e(way.appName);
    return htmlPage({
      title: m.appTitle(way.appName),
      css: STYLE,
      body: `<main><h1>${e(m.appTitle(way.appName))}</h1><p>${e(m.appLead(way.appName, from))}</p><a id="abrir" class="btn primary" href="${e(way.href)}"${auto}${fallback}>${m.openApp(app)}</a>${stay}</main>${SCRIPT}`,
    });
  }
  const open = way.href
    ? `<a id="abrir" class="btn primary" href="${e(way.href)}"${auto}>${way.browser.os === "ios" ? m.openSafari : m.openBrowser}</a>`
    : "";
  const copy = `<label for="endereco">${m.link}</label><input id="endereco" readonly value="${target}"><button id="copiar" type="button" class="btn secondary" data-done="${m.copied}" hidden>${m.copy}</button>`;
  return htmlPage({
    title: m.browserTitle,
    css: STYLE,
    body: `${way.auto ? "" : ARROW}<main><h1>${m.browserTitle}</h1><p>${e(m.browserLead(from))}</p>${open}<p class="how">${e(m.howTo(from))}</p>${copy}${stay}</main>${SCRIPT}`,
  });
}

/** Writes the way page (200; HEAD gets the headers only). */
export function sendEscapePage(response: ServerResponse, way: Escape, head: boolean): void {
  const body = escapePageHtml(way);
  response.writeHead(200, { ...HEADERS, "content-length": String(Buffer.byteLength(body)) });
  response.end(head ? undefined : body);
}
