import { BUTTON_STYLE_OPTIONS, type ButtonStyle } from "../button-style";
import type { LinkBioView } from "../contract/link-bio-view";
import { isHttpUrl } from "../contract/urls";
import { fontStack } from "./fonts";

// The inline styles the renderer writes. The view may come straight from an editor form: every value
// is checked again here and an invalid one falls back to its default, so nothing unchecked reaches a
// style attribute.

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const SAFE_IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

const SHADOWS: Record<ButtonStyle["shadow"], (color: string) => string> = {
  none: () => "none",
  small: (c) => `0 1px 3px ${c}33`,
  medium: (c) => `0 4px 12px ${c}40`,
  large: (c) => `0 10px 25px ${c}59`,
};

/** The resolved style of one button as inline CSS (every value comes from the option lists). */
export function buttonCss(style: ButtonStyle): string {
  const shadowColor = longHex(style.shadowColor);
  const glowColor = longHex(style.backgroundType === "gradient" ? style.gradientTo : style.backgroundColor);
  return [
    `background:${buttonBackground(style)}`,
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

export function buttonBackground(style: ButtonStyle): string {
  return style.backgroundType === "gradient"
    ? `linear-gradient(${style.gradientDirection},${style.gradientFrom},${style.gradientTo})`
    : style.backgroundColor;
}

/**
 * The page's background: its colour, a gradient from it, or an image drawn over it (the colour shows
 * while the image loads, and under its transparent parts).
 */
export function pageBackgroundCss(view: Pick<LinkBioView, "backgroundColor" | "background">): string {
  const color = hexOr(view.backgroundColor, "#ffffff");
  const { type, gradientTo, gradientDirection, imageUrl } = view.background ?? {};
  if (type === "gradient" && gradientTo && HEX.test(gradientTo)) {
    const directions: readonly string[] = BUTTON_STYLE_OPTIONS.gradientDirection;
    const direction =
      gradientDirection && directions.includes(gradientDirection) ? gradientDirection : "135deg";
    return `background:linear-gradient(${direction},${color},${gradientTo.toLowerCase()})`;
  }
  if (type === "image" && imageUrl && isSafeImageSrc(imageUrl)) {
    return `background:${color} url("${cssUrl(imageSrc(imageUrl))}") center/cover no-repeat`;
  }
  return `background:${color}`;
}

/** An image we may put in src: http(s), one of our stored uploads, or an inline image (preview). */
export function isSafeImageSrc(url: string): boolean {
  if (typeof url !== "string") return false;
  return UPLOAD_PATH.test(url) || SAFE_IMAGE_DATA_URL.test(url) || isHttpUrl(url);
}

/**
 * An image's address as the page asks for it: http:// upgraded to https://, as the public page's
 * CSP (img-src https:) allows nothing else, and the preview must show what visitors get.
 */
export function imageSrc(url: string): string {
  return /^http:\/\//i.test(url) ? `https://${url.slice("http://".length)}` : url;
}

/** A link the page may point at: http(s) only (what the contract stores; anything else is dropped). */
export function isSafeHref(url: string | undefined): url is string {
  return typeof url === "string" && isHttpUrl(url);
}

export function hexOr(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value.toLowerCase() : fallback;
}

/** #abc -> #aabbcc, so an alpha pair can be appended. */
function longHex(color: string): string {
  const hex = hexOr(color, "#000000");
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

/** A URL inside CSS url("…"): what could end the string or the function is percent-encoded. */
function cssUrl(url: string): string {
  return url.replace(/["'()\\<>\s]/g, (c) =>
    c.charCodeAt(0) < 0x80
      ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
      : encodeURIComponent(c),
  );
}
