import {
  LINK_REPORT_DETAILS_MAX,
  LINK_REPORT_EMAIL_MAX,
  LINK_REPORT_MESSAGES,
  LINK_REPORT_PATH,
  LINK_REPORT_REASON_LABELS,
  LINK_REPORT_REASONS,
} from "../../../common/contract/link-reports";
import { URL_MAX } from "../../../common/contract/urls";
import { APP_FONT_PRELOAD, fontFaceCss } from "../../../common/link-bio/fonts";
import { escapeHtml, htmlPage } from "../../lib/html-page";
// The landing header's paths, one spelling of each (the same links as the site's header).
import { LANDING_PATHS } from "../../lib/web-render";

/** What the form shows: the values as sent (kept after an error) and an error per field. */
export type LinkReportForm = {
  values: { url: string; reason: string; details: string; email: string };
  errors?: Partial<Record<"url" | "reason" | "details" | "email", string>>;
  /** A line above the form: the duplicate, the rate limit, a cross-site post. */
  alert?: string;
};

export const THANKS_PATH = `${LINK_REPORT_PATH}/enviada`;

// The site's look (web/styles.css: Inter, brand #2563eb, gray-50 page, white cards), with no script
// at all: the page works the same with JavaScript off. Inline style only, which the app's CSP allows;
// Inter from the same files and URLs as the app's (server/modules/fonts).
const STYLE = `${fontFaceCss(["Inter"])}*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f9fafb;color:#111827;font:16px/1.5 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:#fff;border-bottom:1px solid #e5e7eb}header>div{max-width:640px;margin:0 auto;padding:0 16px;height:64px;display:flex;align-items:center;justify-content:space-between;gap:12px}.brand{display:inline-flex;align-items:center;gap:10px;color:#111827;text-decoration:none;font-weight:700;font-size:18px}.brand svg{width:32px;height:32px}
nav{display:flex;gap:4px}nav a{padding:8px 10px;border-radius:8px;color:#374151;text-decoration:none;font-weight:600;font-size:14px}nav a:hover{background:#f3f4f6;color:#111827}
main{flex:1;width:100%;max-width:640px;margin:0 auto;padding:32px 16px 48px}.card{background:#fff;border:1px solid #e5e7eb;border-radius:16px;padding:28px 24px;box-shadow:0 1px 2px rgba(17,24,39,.05)}
h1{font-size:24px;line-height:1.25;margin:0 0 8px}.lead{margin:0 0 24px;color:#4b5563;font-size:15px}
.field{margin-bottom:20px}label,legend{display:block;font-weight:600;font-size:14px;margin-bottom:6px;color:#111827}.optional{font-weight:400;color:#6b7280}
input[type=url],input[type=email],textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:10px;background:#fff;color:inherit}textarea{min-height:112px;resize:vertical}
input:focus,textarea:focus{outline:2px solid #3b82f6;outline-offset:1px;border-color:#3b82f6}input[aria-invalid=true],textarea[aria-invalid=true]{border-color:#dc2626}
fieldset{border:0;margin:0 0 20px;padding:0}legend{padding:0}.reasons{display:grid;gap:8px}.reasons label{display:flex;align-items:center;gap:10px;font-weight:500;margin:0;padding:10px 12px;border:1px solid #e5e7eb;border-radius:10px;cursor:pointer}.reasons input{width:18px;height:18px;margin:0;accent-color:#2563eb}
@media(min-width:560px){.reasons{grid-template-columns:1fr 1fr}}
.hint{margin:6px 0 0;font-size:13px;color:#6b7280}.error{margin:6px 0 0;font-size:13px;color:#b91c1c}
.alert{margin:0 0 20px;padding:12px 14px;border-radius:10px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca;font-size:14px}
button{font:inherit;font-weight:600;padding:11px 20px;border:0;border-radius:10px;background:#2563eb;color:#fff;cursor:pointer;width:100%}button:hover{background:#1d4ed8}@media(min-width:560px){button{width:auto}}
.done{text-align:center}.done .icon{width:56px;height:56px;border-radius:999px;background:#ecfdf5;color:#059669;display:flex;align-items:center;justify-content:center;margin:0 auto 16px}.done p{color:#4b5563;margin:0 0 12px}
.back{display:inline-block;margin-top:12px;color:#1d4ed8;font-weight:600;text-decoration:none}.back:hover{text-decoration:underline}
footer{padding:24px 16px;text-align:center;color:#6b7280;font-size:13px}footer a{color:#4b5563}`;

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#2563eb"/><g transform="translate(4 4)" fill="none" stroke="#fff" stroke-width="2.75" stroke-linecap="round" stroke-linejoin="round"><path d="M9 17H7A5 5 0 0 1 7 7h2"/><path d="M15 7h2a5 5 0 1 1 0 10h-2"/><path d="M8 12h8"/></g></svg>`;
const CHECK = `<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M20 6 9 17l-5-5"/></svg>`;

function document(appName: string, title: string, content: string): string {
  const e = escapeHtml;
  return htmlPage({
    title: `${title} · ${appName}`,
    icon: true,
    head: `<link rel="preload" href="${APP_FONT_PRELOAD}" as="font" type="font/woff2" crossorigin>`,
    css: STYLE,
    body: `<header><div><a class="brand" href="/">${LOGO}<span>${e(appName)}</span></a><nav aria-label="Principal"><a href="${LANDING_PATHS.blog}">Blog</a><a href="${LANDING_PATHS.pricing}">Preços</a><a href="${LANDING_PATHS.signIn}">Entrar</a></nav></div></header><main>${content}</main><footer>${e(appName)} · <a href="${LANDING_PATHS.terms}">Termos de uso</a> · <a href="${LANDING_PATHS.privacy}">Privacidade</a></footer>`,
  });
}

const fieldError = (id: string, error: string | undefined) =>
  error ? `<p class="error" id="${id}-erro">${escapeHtml(error)}</p>` : "";
const invalid = (id: string, error: string | undefined) =>
  error ? ` aria-invalid="true" aria-describedby="${id}-erro"` : "";

/** The form, empty, prefilled from ?url=, or sent back with its values and errors. */
export function linkReportFormHtml(appName: string, form: LinkReportForm): string {
  const e = escapeHtml;
  const { values, errors = {} } = form;
  const alert = form.alert ?? (Object.keys(errors).length > 0 ? LINK_REPORT_MESSAGES.fixErrors : undefined);
  const reasons = LINK_REPORT_REASONS.map(
    (reason) =>
      `<label><input type="radio" name="reason" value="${reason}"${values.reason === reason ? " checked" : ""} required>${e(LINK_REPORT_REASON_LABELS[reason])}</label>`,
  ).join("");
  const content = `<div class="card"><h1>${e(LINK_REPORT_MESSAGES.title)}</h1><p class="lead">${e(LINK_REPORT_MESSAGES.intro)}</p>${alert ? `<div class="alert" role="alert">${e(alert)}</div>` : ""}<form method="post" action="${LINK_REPORT_PATH}" novalidate>
<div class="field"><label for="url">Link denunciado</label><input id="url" name="url" type="url" inputmode="url" required maxlength="${URL_MAX}" placeholder="https://" value="${e(values.url)}" autocomplete="off" spellcheck="false"${invalid("url", errors.url)}>${fieldError("url", errors.url)}</div>
<fieldset${invalid("reason", errors.reason)}><legend>Motivo</legend><div class="reasons">${reasons}</div>${fieldError("reason", errors.reason)}</fieldset>
<div class="field"><label for="details">Detalhes <span class="optional">(opcional)</span></label><textarea id="details" name="details" maxlength="${LINK_REPORT_DETAILS_MAX}" placeholder="O que há de errado com este link?"${invalid("details", errors.details)}>${e(values.details)}</textarea>${errors.details ? fieldError("details", errors.details) : `<p class="hint">Até ${LINK_REPORT_DETAILS_MAX} caracteres.</p>`}</div>
<div class="field"><label for="email">Seu e-mail <span class="optional">(opcional)</span></label><input id="email" name="email" type="email" maxlength="${LINK_REPORT_EMAIL_MAX}" value="${e(values.email)}" autocomplete="email"${invalid("email", errors.email)}>${errors.email ? fieldError("email", errors.email) : `<p class="hint">Só para entrarmos em contato, se for preciso.</p>`}</div>
<button type="submit">Enviar denúncia</button></form></div>`;
  return document(appName, LINK_REPORT_MESSAGES.title, content);
}

/** After a report: thanks, and the way back to the site. */
export function linkReportThanksHtml(appName: string): string {
  const e = escapeHtml;
  const content = `<div class="card done"><div class="icon">${CHECK}</div><h1>${e(LINK_REPORT_MESSAGES.thanksTitle)}</h1><p>${e(LINK_REPORT_MESSAGES.thanks)}</p><p>${e(LINK_REPORT_MESSAGES.thanksEmail)}</p><a class="back" href="/">Voltar para o início</a></div>`;
  return document(appName, LINK_REPORT_MESSAGES.thanksTitle, content);
}
