/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for the hex colours the
 * product stores: #rgb or #rrggbb, any case. Anything else (names, rgb(), alpha forms such as
 * #rrggbbaa) gives null: the app never stores those, and a ratio over an unknown backdrop would
 * be a guess, so callers show no verdict rather than a wrong one.
 */

/** WCAG AA minimum for normal-size text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

type Rgb = readonly [number, number, number];

/** The 0-255 channels of a #rgb/#rrggbb colour, or null. */
export function parseHexColor(color: string): Rgb | null {
  if (!HEX.test(color)) return null;
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join("") : color.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number | null {
  const rgb = parseHexColor(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21 (order does not matter), or null if either is unknown. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The lowest ratio of a text colour over a linear gradient between `from` and `to` (a solid
 * background when they are equal): the ends and points between them, since the text can sit
 * anywhere on it.
 */
export function lowestContrastOverGradient(text: string, from: string, to: string): number | null {
  const a = parseHexColor(from);
  const b = parseHexColor(to);
  if (!a || !b) return null;
  let lowest: number | null = null;
  const steps = 10;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const mixed = toHex(a.map((channel, k) => channel + ((b[k] ?? 0) - channel) * t));
    const ratio = contrastRatio(text, mixed);
    if (ratio === null) return null;
    lowest = lowest === null ? ratio : Math.min(lowest, ratio);
  }
  return lowest;
}

/**
 * A ratio as pt-BR shows it ("3,7:1"). Never rounded up to the threshold: 4.47 reads "4,47:1",
 * not a passing-looking "4,5:1".
 */
export function formatContrastRatio(ratio: number): string {
  let shown = Math.round(ratio * 10) / 10;
  if (ratio < AA_TEXT_CONTRAST && shown >= AA_TEXT_CONTRAST) shown = Math.floor(ratio * 100) / 100;
  return `${shown.toLocaleString("pt-BR", { maximumFractionDigits: 2 })}:1`;
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}
