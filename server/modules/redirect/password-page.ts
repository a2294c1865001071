import type { ServerResponse } from "node:http";
import { POWER_LINK_MESSAGES } from "../../../common/contract/shortened-urls";
import { escapeHtml, htmlPage, NOTICE_BODY_CSS } from "../../lib/html-page";

/** The password page's own messages, beside the contract's prompt and wrong-password line. */
export const PASSWORD_PAGE_MESSAGES = {
  title: "Link protegido",
  label: "Senha",
  submit: "Continuar",
  tooMany: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  crossOrigin: "Envie a senha pelo formulário desta página.",
  footer: (appName: string) => `${appName} · encurtador de links`,
} as const;

// Neither a shared cache nor the browser's back/forward cache keeps it: each visitor asks anew.
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
  // Not no-referrer: with it, the form's POST would carry `Origin: null` and fail the same-origin check.
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // No script at all; inline style only. No form-action: Chrome checks it against the redirect
  // that answers a right password, which goes to another site.
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
};

const STYLE = `${NOTICE_BODY_CSS}main{width:100%;max-width:380px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px 24px;box-shadow:0 1px 3px rgba(15,23,42,.06)}.icon{width:48px;height:48px;border-radius:12px;background:#eff6ff;color:#2563eb;display:flex;align-items:center;justify-content:center;margin:0 auto 16px}h1{font-size:20px;margin:0 0 4px;text-align:center}p{margin:0 0 20px;color:#475569;text-align:center;font-size:15px}label{display:block;font-weight:600;font-size:14px;margin-bottom:6px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cbd5e1;border-radius:10px;background:#fff;color:inherit}input:focus{outline:2px solid #3b82f6;outline-offset:1px;border-color:#3b82f6}button{width:100%;margin-top:16px;font:inherit;font-weight:600;padding:11px 16px;border:0;border-radius:10px;background:#2563eb;color:#fff;cursor:pointer}button:hover{background:#1d4ed8}.error{margin:0 0 16px;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;text-align:left;font-size:14px}footer{margin-top:20px;color:#94a3b8;font-size:13px}`;

const LOCK = `<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>`;

/**
 * The page a password-protected link answers: a plain form POSTed to the same URL (no JavaScript),
 * with an error line after a wrong password or too many attempts. `action` is the path asked for.
 */
export function passwordPageHtml(
  appName: string,
  action: string,
  error: string | null,
  canRetry = true,
): string {
  const alert = error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : "";
  const form = canRetry
    ? `<form method="post" action="${escapeHtml(action)}">${alert}<label for="senha">${PASSWORD_PAGE_MESSAGES.label}</label><input id="senha" name="password" type="password" required minlength="1" maxlength="100" autocomplete="current-password" autofocus><button type="submit">${PASSWORD_PAGE_MESSAGES.submit}</button></form>`
    : alert;
  return htmlPage({
    title: PASSWORD_PAGE_MESSAGES.title,
    css: STYLE,
    body: `<main><div class="icon">${LOCK}</div><h1>${PASSWORD_PAGE_MESSAGES.title}</h1><p>${POWER_LINK_MESSAGES.passwordPrompt}</p>${form}</main><footer>${escapeHtml(PASSWORD_PAGE_MESSAGES.footer(appName))}</footer>`,
  });
}

/** Writes the page with its status (200 asking, 401 wrong, 403 cross-site, 429 too many). */
export function sendPasswordPage(
  response: ServerResponse,
  status: number,
  action: string,
  error: string | null,
  options: { appName: string; head?: boolean; canRetry?: boolean; retryAfter?: string },
): void {
  const body = passwordPageHtml(options.appName, action, error, options.canRetry ?? true);
  const headers: Record<string, string> = {
    ...HEADERS,
    "content-length": String(Buffer.byteLength(body)),
  };
  if (options.retryAfter) headers["retry-after"] = options.retryAfter;
  response.writeHead(status, headers);
  response.end(options.head ? undefined : body);
}
