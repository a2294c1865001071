import { describe, expect, it } from "vitest";
import { buttonTextContrast, readButtonStyle, resolveButtonStyle } from "../button-style";
import { AA_TEXT_CONTRAST, contrastRatio, parseHexColor } from "../color-contrast";
import { linkPageThemeListSchema } from "../contract/link-page-themes";
import { linkPageBodySchema } from "../contract/link-pages";
import { WEB_FONTS } from "./fonts";
import { LINK_BIO_CSS } from "./render";
import { findLinkPageTheme, LINK_PAGE_THEMES } from "./themes";

/** The renderer draws the description and the footer in the text colour at these opacities. */
const DESCRIPTION_OPACITY = 0.8;
const FOOTER_OPACITY = 0.8;

/** `top` at `alpha` over `bottom`, as the browser composes it. */
function over(top: string, alpha: number, bottom: string): string {
  const a = parseHexColor(top)!;
  const b = parseHexColor(bottom)!;
  return `#${a
    .map((c, i) =>
      Math.round(c * alpha + b[i]! * (1 - alpha))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Points along the page background: its colour, or eleven steps of its gradient. */
function backgroundPoints(theme: (typeof LINK_PAGE_THEMES)[number]): string[] {
  const from = theme.background_color;
  const to = theme.background_gradient_to ?? from;
  return Array.from({ length: 11 }, (_, step) => over(to, step / 10, from));
}

describe("LINK_PAGE_THEMES", () => {
  it("offers at least 10 looks with unique ids and names, in the answer's shape", () => {
    expect(LINK_PAGE_THEMES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(LINK_PAGE_THEMES.map((t) => t.id)).size).toBe(LINK_PAGE_THEMES.length);
    expect(new Set(LINK_PAGE_THEMES.map((t) => t.name)).size).toBe(LINK_PAGE_THEMES.length);
    for (const theme of LINK_PAGE_THEMES) expect(theme.id).toMatch(/^[a-z0-9-]+$/);
    expect(linkPageThemeListSchema.parse(LINK_PAGE_THEMES)).toEqual(LINK_PAGE_THEMES);
    expect(LINK_PAGE_THEMES.some((t) => t.background_type === "gradient")).toBe(true);
    expect(LINK_PAGE_THEMES.some((t) => t.background_type === "solid")).toBe(true);
  });

  it("fills fields the page body accepts as they are", () => {
    for (const theme of LINK_PAGE_THEMES) {
      const { id: _id, name: _name, ...fields } = theme;
      const body = linkPageBodySchema.safeParse({ slug: "tema", title: "Tema", ...fields });
      expect(body.success, theme.id).toBe(true);
      expect(body.data?.button_style).toEqual(JSON.parse(theme.button_style));
    }
  });

  it("uses only fonts we serve ourselves, the same for the page and its buttons", () => {
    for (const theme of LINK_PAGE_THEMES) {
      expect(Object.keys(WEB_FONTS), theme.id).toContain(theme.button_font);
      expect(readButtonStyle(theme.button_style).fontFamily, theme.id).toBe(theme.button_font);
    }
  });

  it("keeps the opacities this test assumes (the renderer's description and footer)", () => {
    expect(LINK_BIO_CSS).toContain(`.lb-desc{`);
    expect(LINK_BIO_CSS).toMatch(/\.lb-desc\{[^}]*opacity:\.8[;}]/);
    expect(LINK_BIO_CSS).toMatch(/\.lb-footer\{[^}]*opacity:\.8[;}]/);
  });

  it.each(LINK_PAGE_THEMES.map((theme) => [theme.id, theme] as const))(
    "%s: the page's text passes WCAG AA over every point of its background, also at the description's and footer's opacity",
    (_id, theme) => {
      for (const background of backgroundPoints(theme)) {
        for (const alpha of [1, DESCRIPTION_OPACITY, FOOTER_OPACITY]) {
          const ratio = contrastRatio(over(theme.text_color, alpha, background), background)!;
          expect(ratio, `${theme.text_color} at ${alpha} on ${background}`).toBeGreaterThanOrEqual(
            AA_TEXT_CONTRAST,
          );
        }
      }
    },
  );

  it.each(LINK_PAGE_THEMES.map((theme) => [theme.id, theme] as const))(
    "%s: the buttons' text passes WCAG AA over the whole button",
    (_id, theme) => {
      const style = resolveButtonStyle(readButtonStyle(theme.button_style), undefined);
      expect(buttonTextContrast(style)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    },
  );
});

describe("findLinkPageTheme", () => {
  it("finds a theme by id, or none", () => {
    expect(findLinkPageTheme("noite")?.name).toBe("Noite");
    expect(findLinkPageTheme("nenhum")).toBeNull();
  });
});
