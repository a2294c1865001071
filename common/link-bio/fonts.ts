import { BUTTON_STYLE_OPTIONS, type ButtonStyle, readButtonStyle, resolveButtonStyle } from "../button-style";
import type { LinkBioView } from "../contract/link-bio-view";

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

export function fontStack(font: string): string {
  return FONT_STACKS[font as Font] ?? FONT_STACKS.Inter;
}

/**
 * The subsets we serve, with their unicode-range (the same in every @fontsource package): every
 * Portuguese character is in `latin`; `latin-ext` is fetched only by a page that uses one of its
 * characters. Other scripts fall back to the system fonts of the stack.
 */
export const FONT_SUBSETS = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;
export type FontSubset = keyof typeof FONT_SUBSETS;
const SUBSETS = Object.keys(FONT_SUBSETS) as FontSubset[];

/** Where the server serves the files (server/modules/fonts). */
export const FONTS_PATH = "/fonts";

type WebFont = {
  package: string;
  version: string;
  /** The files' name prefix in the package's `files/`. */
  id: string;
} & (
  | { kind: "variable"; weights: readonly [number, number] }
  | { kind: "static"; weights: readonly number[] }
);

const PRODUCT_WEIGHTS = BUTTON_STYLE_OPTIONS.fontWeight.map(Number);
const staticWeights = (available: number[]) => PRODUCT_WEIGHTS.filter((w) => available.includes(w));

/**
 * The fonts that are not on devices, self-hosted from their @fontsource packages (never Google:
 * a visitor's IP stays with us). The package version is part of the URL, so a file's URL never
 * changes content and is cached for good; the server refuses to start when an installed package
 * has another version than the one named here. A variable font is one file per subset for every
 * weight; of a static font we serve only the weights the product uses (BUTTON_STYLE_OPTIONS).
 */
export const WEB_FONTS: Readonly<Partial<Record<Font, WebFont>>> = {
  Inter: {
    package: "@fontsource-variable/inter",
    version: "5.3.0",
    id: "inter",
    kind: "variable",
    weights: [100, 900],
  },
  Montserrat: {
    package: "@fontsource-variable/montserrat",
    version: "5.3.0",
    id: "montserrat",
    kind: "variable",
    weights: [100, 900],
  },
  "Open Sans": {
    package: "@fontsource-variable/open-sans",
    version: "5.3.0",
    id: "open-sans",
    kind: "variable",
    weights: [300, 800],
  },
  "Playfair Display": {
    package: "@fontsource-variable/playfair-display",
    version: "5.3.0",
    id: "playfair-display",
    kind: "variable",
    weights: [400, 900],
  },
  Roboto: {
    package: "@fontsource-variable/roboto",
    version: "5.3.0",
    id: "roboto",
    kind: "variable",
    weights: [100, 900],
  },
  Lato: {
    package: "@fontsource/lato",
    version: "5.3.0",
    id: "lato",
    kind: "static",
    weights: staticWeights([100, 300, 400, 700, 900]),
  },
  Poppins: {
    package: "@fontsource/poppins",
    version: "5.3.0",
    id: "poppins",
    kind: "static",
    weights: staticWeights([100, 200, 300, 400, 500, 600, 700, 800, 900]),
  },
};

/** One file we serve: its URL on our origin and where it is in its package. */
export type FontFile = { url: string; package: string; file: string };

function fileOf(font: WebFont, subset: FontSubset, weight?: number): FontFile {
  const file =
    font.kind === "variable"
      ? `${font.id}-${subset}-wght-normal.woff2`
      : `${font.id}-${subset}-${weight}-normal.woff2`;
  return { url: `${FONTS_PATH}/v${font.version}/${file}`, package: font.package, file };
}

/** Every file a page or the app can ask for: the server's allow-list. */
export function fontFiles(): FontFile[] {
  return Object.values(WEB_FONTS).flatMap((font) =>
    SUBSETS.flatMap((subset) =>
      font.kind === "variable" ? [fileOf(font, subset)] : font.weights.map((w) => fileOf(font, subset, w)),
    ),
  );
}

/** The app shell's font (web/styles.css and web/index.html name this file; a test holds them to it). */
export const APP_FONT_PRELOAD = fileOf(WEB_FONTS.Inter!, "latin").url;

const webFontsAmong = (families: Iterable<string>) =>
  [...new Set(families)]
    .sort()
    .flatMap((family) =>
      Object.hasOwn(WEB_FONTS, family) ? [[family, WEB_FONTS[family as Font]!] as const] : [],
    );

/**
 * @font-face rules for the web fonts among `families` (none for system fonts): swap, so text shows
 * at once in the fallback font; one rule per subset (and per weight of a static font). A rule
 * costs nothing until the page uses its family, weight and characters.
 */
export function fontFaceCss(families: Iterable<string>): string {
  return webFontsAmong(families)
    .flatMap(([family, font]) =>
      SUBSETS.flatMap((subset) =>
        font.kind === "variable"
          ? [fontFace(family, `${font.weights[0]} ${font.weights[1]}`, fileOf(font, subset), subset)]
          : font.weights.map((w) => fontFace(family, String(w), fileOf(font, subset, w), subset)),
      ),
    )
    .join("");
}

function fontFace(family: string, weight: string, file: FontFile, subset: FontSubset): string {
  return (
    `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:swap;` +
    `src:url(${file.url}) format("woff2");unicode-range:${FONT_SUBSETS[subset]}}`
  );
}

/** A font a page shows text in, at a weight. */
export type FontUse = { family: string; weight: number };

/**
 * The latin files to preload for these uses: the file each one is drawn with (a static font's
 * nearest weight, as the browser picks it), once each; system fonts need none.
 */
export function fontPreloads(uses: Iterable<FontUse>): string[] {
  const urls = new Set<string>();
  for (const { family, weight } of uses) {
    const font = Object.hasOwn(WEB_FONTS, family) ? WEB_FONTS[family as Font] : undefined;
    if (!font) continue;
    urls.add(
      font.kind === "variable"
        ? fileOf(font, "latin").url
        : fileOf(font, "latin", nearest(font.weights, weight)).url,
    );
  }
  return [...urls].sort();
}

// CSS font matching for a weight between 400 and 500 looks up to 500 then down; below 400, down
// then up; above 500, up then down.
function nearest(weights: readonly number[], wanted: number): number {
  if (weights.includes(wanted)) return wanted;
  const below = weights.filter((w) => w < wanted).sort((a, b) => b - a);
  const above = weights.filter((w) => w > wanted).sort((a, b) => a - b);
  if (wanted >= 400 && wanted <= 500) {
    const upTo500 = above.filter((w) => w <= 500);
    return upTo500[0] ?? below[0] ?? above[0]!;
  }
  return (wanted < 400 ? (below[0] ?? above[0]) : (above[0] ?? below[0]))!;
}

/**
 * The fonts a Link Bio page draws with, as the renderer sets them (common/link-bio/render.ts): the
 * page's font for the title and headings (700) and the description and text blocks (400), each link
 * button's own font and weight, and the page's button font for the WhatsApp, Pix and contact
 * buttons. What is further down or opens on a tap (FAQ, the Pix card, the embed facade), the avatar
 * initial and the footer load their weight on demand.
 */
export function linkBioFontUses(view: LinkBioView): FontUse[] {
  const page = readButtonStyle(view.buttonStyle ?? {});
  const pageButton = resolveButtonStyle(page, undefined);
  const pageFont = pageButton.fontFamily;
  const uses: FontUse[] = [{ family: pageFont, weight: 700 }];
  if (view.description) uses.push({ family: pageFont, weight: 400 });
  for (const block of view.blocks ?? []) {
    if (block.type === "link") {
      const style = resolveButtonStyle(page, readButtonStyle(block.data.custom_style ?? {}));
      uses.push({ family: style.fontFamily, weight: Number(style.fontWeight) });
    } else if (block.type === "text") {
      uses.push({ family: pageFont, weight: 400 });
    } else if (block.type === "whatsapp" || block.type === "pix" || block.type === "contact") {
      uses.push({ family: pageButton.fontFamily, weight: Number(pageButton.fontWeight) });
    }
  }
  return uses;
}
