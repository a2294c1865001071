import type { ButtonStyle } from "../button-style";

type Font = ButtonStyle["fontFamily"];

/** A CSS font stack per font option: the named font first, then look-alikes every device has. */
export const FONT_STACKS: Record<Font, string> = {
  Inter: `Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
  Arial: `Arial, "Helvetica Neue", Helvetica, sans-serif`,
  Helvetica: `Helvetica, "Helvetica Neue", Arial, sans-serif`,
  Georgia: `Georgia, "Times New Roman", Times, serif`,
  Times: `"Times New Roman", Times, Georgia, serif`,
  Courier: `"Courier New", Courier, monospace`,
  Verdana: `Verdana, Geneva, Tahoma, sans-serif`,
  Poppins: `Poppins, system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
  Roboto: `Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
  "Open Sans": `"Open Sans", system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
  Lato: `Lato, system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
  Montserrat: `Montserrat, system-ui, -apple-system, "Segoe UI", Arial, sans-serif`,
  "Playfair Display": `"Playfair Display", Georgia, "Times New Roman", serif`,
};

/**
 * Fonts that are not installed on devices, fetched from Google Fonts when a page uses them, with
 * the weights each one has (Google refuses the whole request for a weight a family lacks).
 */
const WEB_FONTS: Readonly<Record<string, string>> = {
  Inter: "300;400;500;600;700",
  Poppins: "300;400;500;600;700",
  Roboto: "300;400;500;600;700",
  "Open Sans": "300;400;500;600;700",
  Lato: "300;400;700",
  Montserrat: "300;400;500;600;700",
  "Playfair Display": "400;500;600;700",
};

export const GOOGLE_FONTS_ORIGINS = {
  style: "https://fonts.googleapis.com",
  font: "https://fonts.gstatic.com",
} as const;

export function fontStack(font: string): string {
  return FONT_STACKS[font as Font] ?? FONT_STACKS.Inter;
}

/**
 * The Google Fonts stylesheet for the web fonts among `fonts` (swap so text shows
 * at once in the fallback font), or null when every font is a system font.
 */
export function googleFontsUrl(fonts: Iterable<string>): string | null {
  const families = [...new Set(fonts)].filter((f) => Object.hasOwn(WEB_FONTS, f)).sort();
  if (families.length === 0) return null;
  const query = families.map((f) => `family=${f.replace(/ /g, "+")}:wght@${WEB_FONTS[f]}`).join("&");
  return `${GOOGLE_FONTS_ORIGINS.style}/css2?${query}&display=swap`;
}
