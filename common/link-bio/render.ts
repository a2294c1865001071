import { ANIMATION_SECONDS, type ButtonStyle, readButtonStyle, resolveButtonStyle } from "../button-style";
import type { LinkBioView } from "../contract/link-pages";
import { isHttpUrl } from "../contract/urls";
import { escapeHtml } from "./escape-html";
import { fontStack } from "./fonts";

/**
 * The one Link Bio renderer: the server-rendered public page and the editor's live preview both
 * call it, so the preview is what visitors get. Pure string building (no DOM, no React) so the
 * server can cache its output as bytes.
 */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const SAFE_IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

const SHADOWS: Record<ButtonStyle["shadow"], (color: string) => string> = {
  none: () => "none",
  small: (c) => `0 1px 3px ${c}33`,
  medium: (c) => `0 4px 12px ${c}40`,
  large: (c) => `0 10px 25px ${c}59`,
};

export type RenderOptions = {
  /** Trusted markup placed at the bottom of the page (the public page's "Feito com Atalho"). */
  footerHtml?: string;
  /**
   * Shown inside another page (the editor's preview): no landmark and no h1 of its own, which the
   * host page has (the public page is the document, with its `<main>` and `<h1>`).
   */
  embedded?: boolean;
};

export function renderLinkBioHtml(view: LinkBioView, options: RenderOptions = {}): string {
  // The view may come straight from an editor form: every style value is checked again here, an
  // invalid one falls back to its default, so nothing unchecked reaches a style attribute.
  const pageStyle = readButtonStyle(view.buttonStyle ?? {});
  const background = hexOr(view.backgroundColor, "#ffffff");
  const color = hexOr(view.textColor, "#000000");
  const font = fontStack(resolveButtonStyle(pageStyle, undefined).fontFamily);
  const title = view.title ?? "";
  const [main, heading] = options.embedded ? ["div", "h2"] : ["main", "h1"];

  const parts = [
    `<div class="lb" style="${escapeHtml(`background:${background};color:${color};font-family:${font}`)}">`,
    `<${main} class="lb-main">`,
    avatarHtml(view.profileImageUrl, title, resolveButtonStyle(pageStyle, undefined)),
    `<${heading} class="lb-title">${escapeHtml(title)}</${heading}>`,
    view.description ? `<p class="lb-desc">${escapeHtml(view.description)}</p>` : "",
    `<nav class="lb-links" aria-label="Links">`,
    ...view.links.map((link) => buttonHtml(link, pageStyle)),
    `</nav>`,
    `</${main}>`,
    options.footerHtml ? `<footer class="lb-footer">${options.footerHtml}</footer>` : "",
    `</div>`,
  ];
  return parts.join("");
}

function buttonHtml(link: LinkBioView["links"][number], pageStyle: Partial<ButtonStyle>): string {
  const style = resolveButtonStyle(pageStyle, readButtonStyle(link.style ?? {}));
  const href = isHttpUrl(link.url) ? ` href="${escapeHtml(link.url)}"` : "";
  const classes = `lb-btn lb-hover-${style.hoverEffect} lb-anim-${style.animation}`;
  return (
    `<a class="${classes}"${href} target="_blank" rel="noopener noreferrer nofollow"` +
    ` data-link-id="${Number(link.id) || 0}" style="${escapeHtml(buttonCss(style))}">` +
    `${escapeHtml(link.title)}</a>`
  );
}

/** The resolved style of one button as inline CSS (every value comes from the option lists). */
export function buttonCss(style: ButtonStyle): string {
  const background =
    style.backgroundType === "gradient"
      ? `linear-gradient(${style.gradientDirection},${style.gradientFrom},${style.gradientTo})`
      : style.backgroundColor;
  const shadowColor = longHex(style.shadowColor);
  const glowColor = longHex(style.backgroundType === "gradient" ? style.gradientTo : style.backgroundColor);
  return [
    `background:${background}`,
    `color:${style.textColor}`,
    `border:${style.borderWidth} solid ${style.borderColor}`,
    `border-radius:${style.borderRadius}`,
    `font-family:${fontStack(style.fontFamily)}`,
    `font-size:${style.fontSize}`,
    `font-weight:${style.fontWeight}`,
    `padding:${style.padding}`,
    `margin:${style.margin}`,
    `width:${style.width}`,
    `text-align:${style.textAlign}`,
    `box-shadow:${SHADOWS[style.shadow](shadowColor)}`,
    `--lb-glow:${glowColor}99`,
    `--lb-lift:0 12px 24px ${shadowColor}40`,
  ].join(";");
}

function avatarHtml(url: string | null, title: string, style: ButtonStyle): string {
  if (url && isSafeImageSrc(url)) {
    return `<img class="lb-avatar" src="${escapeHtml(url)}" alt="Foto de perfil" width="96" height="96" decoding="async">`;
  }
  // No picture: the page's initial on the button colours, so the page still has a face.
  const initial = Array.from(title.trim())[0]?.toUpperCase() ?? "";
  if (!initial) return "";
  const background =
    style.backgroundType === "gradient"
      ? `linear-gradient(${style.gradientDirection},${style.gradientFrom},${style.gradientTo})`
      : style.backgroundColor;
  return `<div class="lb-avatar lb-initial" aria-hidden="true" style="${escapeHtml(`background:${background};color:${style.textColor}`)}">${escapeHtml(initial)}</div>`;
}

/** An image we may put in src: http(s), one of our stored uploads, or an inline image (preview). */
export function isSafeImageSrc(url: string): boolean {
  return UPLOAD_PATH.test(url) || SAFE_IMAGE_DATA_URL.test(url) || isHttpUrl(url);
}

function hexOr(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value.toLowerCase() : fallback;
}

/** #abc -> #aabbcc, so an alpha pair can be appended. */
function longHex(color: string): string {
  const hex = hexOr(color, "#000000");
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

const s = ANIMATION_SECONDS;

/** Static CSS for the markup above: layout, hover effects and animations (spec section 9 timings). */
export const LINK_BIO_CSS = [
  `.lb{box-sizing:border-box;min-height:100%;display:flex;flex-direction:column;align-items:center;padding:48px 20px 24px;line-height:1.5;-webkit-font-smoothing:antialiased;text-rendering:optimizeLegibility}`,
  `.lb *,.lb *::before,.lb *::after{box-sizing:border-box}`,
  `.lb-main{width:100%;max-width:560px;display:flex;flex-direction:column;align-items:center;text-align:center;flex:1}`,
  `.lb-avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;display:block;margin:0 0 16px;box-shadow:0 4px 14px rgba(0,0,0,.12),0 0 0 4px rgba(255,255,255,.6);box-shadow:0 4px 14px rgba(0,0,0,.12),0 0 0 4px color-mix(in srgb,currentColor 14%,transparent)}`,
  `.lb-initial{display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:600;user-select:none}`,
  `.lb-title{margin:0;font-size:24px;font-weight:700;line-height:1.25;letter-spacing:-.01em;overflow-wrap:anywhere}`,
  `.lb-desc{margin:8px 0 0;max-width:460px;font-size:15px;opacity:.8;white-space:pre-line;overflow-wrap:anywhere}`,
  `.lb-links{width:100%;display:flex;flex-direction:column;align-items:center;margin-top:28px}`,
  `.lb-btn{display:block;max-width:100%;line-height:1.4;text-decoration:none;overflow-wrap:anywhere;cursor:pointer;-webkit-tap-highlight-color:transparent;transition:transform .2s ease,box-shadow .2s ease,filter .2s ease}`,
  `.lb-btn:focus-visible{outline:3px solid currentColor;outline-offset:3px}`,
  `.lb-btn:active{filter:brightness(.95)}`,
  `.lb-hover-scale:hover{transform:scale(1.05)}`,
  `.lb-hover-glow:hover{box-shadow:0 0 0 3px var(--lb-glow),0 0 24px var(--lb-glow)!important}`,
  `.lb-hover-lift:hover{transform:translateY(-4px);box-shadow:var(--lb-lift)!important}`,
  `.lb-hover-pulse:hover{animation:lb-pulse ${s.pulse}s ease-in-out infinite}`,
  `.lb-anim-fadeIn{animation:lb-fade-in ${s.fadeIn}s ease-out both}`,
  `.lb-anim-slideIn{animation:lb-slide-in ${s.slideIn}s ease-out both}`,
  `.lb-anim-bounce{animation:lb-bounce ${s.bounce}s ease-in-out infinite}`,
  `.lb-anim-shake{animation:lb-shake ${s.shake}s ease-in-out both}`,
  `@keyframes lb-pulse{0%,100%{transform:scale(1)}50%{transform:scale(1.05)}}`,
  `@keyframes lb-fade-in{from{opacity:0}to{opacity:1}}`,
  `@keyframes lb-slide-in{from{opacity:0;transform:translateY(16px)}to{opacity:1;transform:none}}`,
  `@keyframes lb-bounce{0%,20%,50%,80%,100%{transform:translateY(0)}40%{transform:translateY(-8px)}60%{transform:translateY(-4px)}}`,
  `@keyframes lb-shake{0%,100%{transform:translateX(0)}15%,45%,75%{transform:translateX(-5px)}30%,60%,90%{transform:translateX(5px)}}`,
  `.lb-footer{margin-top:40px;font-size:13px;opacity:.8}`,
  `.lb-footer a{color:inherit;text-decoration:none;font-weight:500}`,
  `.lb-footer a:hover{text-decoration:underline}`,
  `@media (prefers-reduced-motion:reduce){.lb-btn{animation:none!important;transition:none}}`,
].join("\n");
