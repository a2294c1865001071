import { ANIMATION_SECONDS, type ButtonStyle, readButtonStyle, resolveButtonStyle } from "../button-style";
import type { LinkBioView } from "../contract/link-bio-view";
import { escapeHtml } from "./escape-html";
import { fontStack } from "./fonts";
import { blockHtml, type LeadFormState } from "./render-blocks";
import {
  buttonBackground,
  buttonCss,
  hexOr,
  imageSrc,
  isSafeImageSrc,
  pageBackgroundCss,
} from "./render-style";

export { buttonCss, isSafeImageSrc, type LeadFormState };

/**
 * The one Link Bio renderer: the server-rendered public page and the editor's live preview both
 * call it, so the preview is what visitors get. Pure string building (no DOM, no React) so the
 * server can cache its output as bytes. The blocks' markup is in render-blocks.ts.
 */

export type RenderOptions = {
  /** Trusted markup placed at the bottom of the page (the public page's "Feito com Atalho"). */
  footerHtml?: string;
  /**
   * Shown inside another page (the editor's preview): no landmark and no h1 of its own, which the
   * host page has (the public page is the document, with its `<main>` and `<h1>`).
   */
  embedded?: boolean;
  /** Where a contact block's "Salvar contato" downloads its vCard (no link without it). */
  contactHref?: (blockId: number) => string;
  /** In an in-app browser: where a link block with "Abrir no app" on goes (render-blocks.ts). */
  openInAppHref?: (blockId: number) => string;
  /** Where a contact form posts; without it (the preview) a form is drawn but cannot be sent. */
  formAction?: string;
  /** A refused submission drawn again in its form: the visitor's values and the errors. */
  formState?: LeadFormState;
};

export function renderLinkBioHtml(view: LinkBioView, options: RenderOptions = {}): string {
  const pageStyle = readButtonStyle(view.buttonStyle ?? {});
  const context = {
    pageStyle,
    headingTag: options.embedded ? ("h3" as const) : ("h2" as const),
    contactHref: options.contactHref,
    openInAppHref: options.openInAppHref,
    pageTitle: view.title ?? "",
    formAction: options.formAction,
    formState: options.formState,
  };
  const blocks = (view.blocks ?? []).map((block) => blockHtml(block, context)).join("");
  return pageShell(view, options, blocks ? `<div class="lb-blocks">${blocks}</div>` : "", true);
}

export type GateOptions = {
  /** Where "Tenho 18 anos ou mais, continuar" goes: the page, once the visitor has confirmed. */
  confirmHref: string;
  /** Where "Sair" goes. */
  leaveHref: string;
  footerHtml?: string;
};

/**
 * A page marked sensitive, before the visitor confirms being an adult: its title and picture and an
 * 18+ notice, nothing of its blocks (nor its description, which the owner may have written for
 * adults).
 */
export function renderLinkBioGateHtml(view: LinkBioView, gate: GateOptions): string {
  const style = resolveButtonStyle(readButtonStyle(view.buttonStyle ?? {}), undefined);
  const e = escapeHtml;
  const notice =
    `<section class="lb-gate" aria-labelledby="lb-gate-title">` +
    `<h2 class="lb-header" id="lb-gate-title">Conteúdo para maiores de 18 anos</h2>` +
    `<p class="lb-text">Esta página pode mostrar conteúdo impróprio para menores de 18 anos.</p>` +
    `<a class="lb-btn lb-hover-${style.hoverEffect} lb-anim-none" href="${e(gate.confirmHref)}" ` +
    `style="${e(buttonCss(style))}">Tenho 18 anos ou mais, continuar</a>` +
    `<a class="lb-gate-leave" href="${e(gate.leaveHref)}">Sair</a></section>`;
  return pageShell(view, { footerHtml: gate.footerHtml }, notice, false);
}

export type ThanksOptions = {
  /** The form's thank-you text. */
  message: string;
  /** Back to the page. */
  backHref: string;
  footerHtml?: string;
};

/** The page's face and a contact form's thank-you, once the visitor's answers are in. */
export function renderLinkBioThanksHtml(view: LinkBioView, thanks: ThanksOptions): string {
  const style = resolveButtonStyle(readButtonStyle(view.buttonStyle ?? {}), undefined);
  const e = escapeHtml;
  const notice =
    `<section class="lb-card lb-thanks"><p class="lb-form-thanks" role="status">${e(thanks.message)}</p>` +
    `<a class="lb-btn lb-hover-${style.hoverEffect} lb-anim-none lb-form-submit" href="${e(thanks.backHref)}" ` +
    `style="${e(buttonCss(style))}">Voltar para a página</a></section>`;
  return pageShell(view, { footerHtml: thanks.footerHtml }, `<div class="lb-blocks">${notice}</div>`, false);
}

function pageShell(
  view: LinkBioView,
  options: RenderOptions,
  content: string,
  withDescription: boolean,
): string {
  const pageStyle = resolveButtonStyle(readButtonStyle(view.buttonStyle ?? {}), undefined);
  const color = hexOr(view.textColor, "#000000");
  const font = fontStack(pageStyle.fontFamily);
  const title = view.title ?? "";
  const [main, heading] = options.embedded ? ["div", "h2"] : ["main", "h1"];
  return [
    `<div class="lb" style="${escapeHtml(`${pageBackgroundCss(view)};color:${color};font-family:${font}`)}">`,
    `<${main} class="lb-main">`,
    avatarHtml(view.profileImageUrl, title, pageStyle),
    `<${heading} class="lb-title">${escapeHtml(title)}</${heading}>`,
    withDescription && view.description ? `<p class="lb-desc">${escapeHtml(view.description)}</p>` : "",
    content,
    `</${main}>`,
    options.footerHtml ? `<footer class="lb-footer">${options.footerHtml}</footer>` : "",
    `</div>`,
  ].join("");
}

function avatarHtml(url: string | null, title: string, style: ButtonStyle): string {
  if (url && isSafeImageSrc(url)) {
    return `<img class="lb-avatar" src="${escapeHtml(imageSrc(url))}" alt="Foto de perfil" width="96" height="96" decoding="async">`;
  }
  // No picture: the page's initial on the button colours, so the page still has a face.
  const initial = Array.from(title.trim())[0]?.toUpperCase() ?? "";
  if (!initial) return "";
  return `<div class="lb-avatar lb-initial" aria-hidden="true" style="${escapeHtml(`background:${buttonBackground(style)};color:${style.textColor}`)}">${escapeHtml(initial)}</div>`;
}

const s = ANIMATION_SECONDS;

/**
 * Static CSS for the markup above (no user value in it): layout, blocks, hover effects and
 * animations (spec section 9 timings). Mobile first; the column stays 560px wide on a desktop.
 */
export const LINK_BIO_CSS = [
  `.lb{box-sizing:border-box;min-height:100%;display:flex;flex-direction:column;align-items:center;padding:48px 20px 24px;line-height:1.5;-webkit-font-smoothing:antialiased;text-rendering:optimizeLegibility}`,
  `.lb *,.lb *::before,.lb *::after{box-sizing:border-box}`,
  `.lb-main{width:100%;max-width:560px;display:flex;flex-direction:column;align-items:center;text-align:center;flex:1}`,
  `.lb-avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;display:block;margin:0 0 16px;box-shadow:0 4px 14px rgba(0,0,0,.12),0 0 0 4px rgba(255,255,255,.6);box-shadow:0 4px 14px rgba(0,0,0,.12),0 0 0 4px color-mix(in srgb,currentColor 14%,transparent)}`,
  `.lb-initial{display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:600;user-select:none}`,
  `.lb-title{margin:0;font-size:24px;font-weight:700;line-height:1.25;letter-spacing:-.01em;overflow-wrap:anywhere}`,
  `.lb-desc{margin:8px 0 0;max-width:460px;font-size:15px;opacity:.8;white-space:pre-line;overflow-wrap:anywhere}`,
  `.lb-links,.lb-blocks,.lb-gate{width:100%;display:flex;flex-direction:column;align-items:center;margin-top:28px}`,
  `.lb-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}`,
  // Buttons: links, and the WhatsApp, Pix and contact buttons in the page's style.
  `.lb-btn{display:block;max-width:100%;line-height:1.4;text-decoration:none;overflow-wrap:anywhere;cursor:pointer;-webkit-tap-highlight-color:transparent;transition:transform .2s ease,box-shadow .2s ease,filter .2s ease}`,
  `.lb-btn:focus-visible{outline:3px solid currentColor;outline-offset:3px}`,
  `.lb-btn:active{filter:brightness(.95)}`,
  `.lb-btn-icon{display:inline-flex;vertical-align:-.25em;margin-right:8px}`,
  `.lb-hover-scale:hover{transform:scale(1.05)}`,
  `.lb-hover-glow:hover{box-shadow:0 0 0 3px var(--lb-glow),0 0 24px var(--lb-glow)!important}`,
  `.lb-hover-lift:hover{transform:translateY(-4px);box-shadow:var(--lb-lift)!important}`,
  `.lb-hover-pulse:hover{animation:lb-pulse ${s.pulse}s ease-in-out infinite}`,
  `.lb-anim-fadeIn{animation:lb-fade-in ${s.fadeIn}s ease-out both}`,
  `.lb-anim-slideIn{animation:lb-slide-in ${s.slideIn}s ease-out both}`,
  `.lb-anim-bounce{animation:lb-bounce ${s.bounce}s ease-in-out infinite}`,
  `.lb-anim-shake{animation:lb-shake ${s.shake}s ease-in-out both}`,
  // A highlighted link: a ring that glows and fades (opacity only, on its own layer), still when
  // the visitor asks for less motion.
  `.lb-highlight{position:relative}`,
  `.lb-highlight::after{content:"";position:absolute;inset:-4px;border-radius:inherit;box-shadow:0 0 0 3px var(--lb-glow),0 0 18px var(--lb-glow);pointer-events:none;opacity:0;animation:lb-attention 2.4s ease-in-out infinite}`,
  `@keyframes lb-pulse{0%,100%{transform:scale(1)}50%{transform:scale(1.05)}}`,
  `@keyframes lb-fade-in{from{opacity:0}to{opacity:1}}`,
  `@keyframes lb-slide-in{from{opacity:0;transform:translateY(16px)}to{opacity:1;transform:none}}`,
  `@keyframes lb-bounce{0%,20%,50%,80%,100%{transform:translateY(0)}40%{transform:translateY(-8px)}60%{transform:translateY(-4px)}}`,
  `@keyframes lb-shake{0%,100%{transform:translateX(0)}15%,45%,75%{transform:translateX(-5px)}30%,60%,90%{transform:translateX(5px)}}`,
  `@keyframes lb-attention{0%,100%{opacity:0}50%{opacity:1}}`,
  // Text blocks.
  `.lb-header{margin:24px 0 4px;font-size:20px;font-weight:700;line-height:1.3;overflow-wrap:anywhere}`,
  `.lb-text{margin:8px 0;white-space:pre-line;overflow-wrap:anywhere}`,
  `.lb-divider{width:100%;margin:16px 0;border:0;border-top:1px solid currentColor;opacity:.3}`,
  // Image: a 4:3 box until the file tells its own shape.
  `.lb-image-block{width:100%;margin:8px 0}`,
  `.lb-image{display:block;width:100%;height:auto;aspect-ratio:auto 4/3;border-radius:12px}`,
  `.lb-image-link{display:block;border-radius:12px}`,
  `.lb-image-link:focus-visible,.lb-social-link:focus-visible,.lb-embed-open:focus-visible,.lb-gate-leave:focus-visible,.lb-faq-item>summary:focus-visible{outline:3px solid currentColor;outline-offset:2px}`,
  // Social icons: 48px targets in the text colour.
  `.lb-social{display:flex;flex-wrap:wrap;justify-content:center;gap:4px;margin:8px 0;padding:0;list-style:none}`,
  `.lb-social-link{display:flex;align-items:center;justify-content:center;width:48px;height:48px;border-radius:50%;color:inherit;transition:transform .2s ease}`,
  `.lb-social-link:hover{transform:scale(1.1)}`,
  // Embed: our facade, then the player in the same box.
  `.lb-embed-block{width:100%;margin:8px 0;display:flex;flex-direction:column;align-items:center}`,
  `.lb-embed,.lb-embed-player{display:block;width:100%;border:0;border-radius:12px;background:#18181b}`,
  `.lb-embed{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;padding:16px;color:#fff;font:inherit;text-align:center;cursor:pointer}`,
  `.lb-embed:focus-visible{outline:3px solid #fff;outline-offset:0;box-shadow:0 0 0 6px #18181b}`,
  `.lb-frame-wide{aspect-ratio:16/9}`,
  `.lb-frame-tall{aspect-ratio:9/16;max-width:340px}`,
  `.lb-embed-play{display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:50%;background:#fff;color:#18181b;transition:transform .2s ease}`,
  `.lb-embed:hover .lb-embed-play{transform:scale(1.08)}`,
  `.lb-embed-title{font-weight:600;line-height:1.3;overflow-wrap:anywhere}`,
  `.lb-embed-provider{font-size:13px;color:#d4d4d8}`,
  `.lb-embed-open{display:inline-block;margin-top:2px;padding:8px 4px;font-size:14px;color:inherit;text-underline-offset:2px}`,
  // Pix: the button opens a white card (the QR code is read on white, whatever the page's colours).
  `.lb-pix{width:100%}`,
  `.lb-pix-summary{list-style:none;margin-inline:auto!important}`,
  `.lb-pix-summary::-webkit-details-marker{display:none}`,
  `.lb-pix-amount{display:block;font-size:.875em}`,
  `.lb-pix-panel{max-width:360px;margin:4px auto 12px;padding:20px;border-radius:16px;background:#fff;color:#1f2937;text-align:center;box-shadow:0 4px 14px rgba(0,0,0,.12)}`,
  `.lb-qr{display:block;width:100%;max-width:220px;height:auto;aspect-ratio:1;margin:0 auto 12px}`,
  `.lb-pix-to,.lb-pix-note{margin:0 0 4px;overflow-wrap:anywhere}`,
  `.lb-pix-hint{margin:8px 0 12px;font-size:13px;color:#4b5563}`,
  `.lb-pix-label{display:block;margin-bottom:4px;font-size:13px;font-weight:600;text-align:left}`,
  `.lb-pix-code{display:block;width:100%;padding:8px 10px;border:1px solid #9ca3af;border-radius:8px;background:#f9fafb;color:#111827;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all;resize:none}`,
  `.lb-copy{display:block;width:100%;min-height:48px;margin-top:12px;padding:12px 16px;border:0;border-radius:10px;background:#111827;color:#fff;font:inherit;font-weight:600;cursor:pointer}`,
  `.lb-copy:focus-visible,.lb-pix-code:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`,
  // Contact card and FAQ.
  `.lb-card{width:100%;margin:8px 0;padding:20px 16px;border:1px solid rgba(127,127,127,.4);border-radius:16px}`,
  `.lb-contact-name{margin:0;font-size:18px;font-weight:700;overflow-wrap:anywhere}`,
  `.lb-contact-org{margin:2px 0 0;overflow-wrap:anywhere}`,
  `.lb-contact-save{margin:12px auto 0!important}`,
  `.lb-faq{width:100%;margin:8px 0;text-align:left}`,
  `.lb-faq-item{border-bottom:1px solid rgba(127,127,127,.4)}`,
  `.lb-faq-item>summary{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:48px;padding:12px 4px;font-weight:600;cursor:pointer;list-style:none}`,
  `.lb-faq-item>summary::-webkit-details-marker{display:none}`,
  `.lb-faq-item>summary::after{content:"";flex:none;width:8px;height:8px;margin-right:4px;border-right:2px solid;border-bottom:2px solid;transform:rotate(45deg)}`,
  `.lb-faq-item[open]>summary::after{transform:rotate(-135deg)}`,
  `.lb-faq-answer{margin:0;padding:0 4px 12px;white-space:pre-line;overflow-wrap:anywhere}`,
  // Contact form: the page's text colour on the card, inputs dark on white whatever the page's colours.
  `.lb-form{position:relative;text-align:left}`,
  `.lb-form-title{margin:0 0 12px;font-size:18px;font-weight:700;line-height:1.3;text-align:center;overflow-wrap:anywhere}`,
  `.lb-field{margin:0 0 12px}`,
  `.lb-field>label{display:block;margin-bottom:4px;font-size:14px;font-weight:600}`,
  `.lb-input{display:block;width:100%;min-height:48px;margin:0;padding:10px 12px;border:1px solid #6b7280;border-radius:10px;background:#fff;color:#111827;font:inherit;font-size:16px;line-height:1.4}`,
  `.lb-input:focus{outline:3px solid #2563eb;outline-offset:1px;border-color:#2563eb}`,
  `.lb-input[aria-invalid=true]{border:2px solid #dc2626}`,
  `.lb-hint{display:block;margin-top:4px;font-size:13px;opacity:.8}`,
  `.lb-hp{position:absolute;left:-10000px;top:0;width:1px;height:1px;overflow:hidden}`,
  `.lb-consent{display:flex;align-items:flex-start;gap:10px;margin:4px 0 12px;font-size:14px;line-height:1.45}`,
  `.lb-consent input{flex:none;width:22px;height:22px;margin:0;accent-color:#2563eb;cursor:pointer}`,
  `.lb-consent input:focus-visible{outline:3px solid currentColor;outline-offset:2px}`,
  `.lb-consent input[aria-invalid=true]{outline:2px solid #dc2626;outline-offset:2px}`,
  `.lb-consent label{white-space:pre-line;overflow-wrap:anywhere;cursor:pointer}`,
  `.lb-form-alert{margin:0 0 12px;padding:10px 12px;border:1px solid #fecaca;border-radius:10px;background:#fef2f2;color:#991b1b;font-size:14px}`,
  `.lb-form-alert:empty{display:none}`,
  `.lb-form-alert p{margin:0}`,
  `.lb-form-submit{margin-inline:auto!important}`,
  `.lb-form-submit:disabled{opacity:.7;cursor:progress}`,
  `.lb-form-thanks{margin:0;text-align:center;white-space:pre-line;overflow-wrap:anywhere}`,
  `.lb-form-thanks:focus{outline:none}`,
  `.lb-thanks .lb-form-submit{margin-top:16px!important}`,
  `.lb-gate-leave{display:inline-block;margin-top:8px;padding:10px 16px;color:inherit;font-weight:500}`,
  `.lb-footer{margin-top:40px;font-size:13px;opacity:.8}`,
  `.lb-footer a{color:inherit;text-decoration:none;font-weight:500}`,
  `.lb-footer a:hover{text-decoration:underline}`,
  `@media (min-width:768px){.lb{padding-top:72px}}`,
  `@media (prefers-reduced-motion:reduce){.lb-btn{animation:none!important;transition:none}.lb-highlight::after{animation:none;opacity:.8}.lb-social-link,.lb-embed-play{transition:none}}`,
].join("\n");
