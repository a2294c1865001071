import { describe, expect, it } from "vitest";
import type { LinkBioBlock, LinkBioView } from "../contract/link-bio-view";
import {
  APP_FONT_PRELOAD,
  FONT_STACKS,
  fontFaceCss,
  fontFiles,
  fontPreloads,
  linkBioFontUses,
} from "./fonts";
import { LINK_BIO_CSS } from "./render";

const view = (overrides: Partial<LinkBioView> = {}): LinkBioView => ({
  title: "Ana Souza",
  description: null,
  profileImageUrl: null,
  backgroundColor: "#ffffff",
  textColor: "#111111",
  buttonStyle: {},
  background: { type: "solid", gradientTo: null, gradientDirection: null, imageUrl: null },
  blocks: [],
  ...overrides,
});
const link = (
  custom_style: Extract<LinkBioBlock, { type: "link" }>["data"]["custom_style"],
): LinkBioBlock => ({
  id: 1,
  type: "link",
  data: { title: "A", url: "https://a.com", custom_style, highlight: false, open_in_app: true },
});

describe("fontFaceCss", () => {
  it("declares nothing for system fonts", () => {
    expect(fontFaceCss(["Arial", "Georgia", "Courier", "Comic Sans"])).toBe("");
  });

  it("declares a variable font once per subset with its weight range, from our origin, with swap", () => {
    const css = fontFaceCss(["Playfair Display", "Arial", "Playfair Display"]);
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css).toContain(
      `@font-face{font-family:"Playfair Display";font-style:normal;font-weight:400 900;font-display:swap;` +
        `src:url(/fonts/v5.3.0/playfair-display-latin-wght-normal.woff2) format("woff2");unicode-range:U+0000-00FF,`,
    );
    expect(css).toContain("src:url(/fonts/v5.3.0/playfair-display-latin-ext-wght-normal.woff2)");
    expect(css).not.toMatch(/https?:/);
  });

  it("declares a static font only in the weights the product uses", () => {
    const poppins = fontFaceCss(["Poppins"]);
    expect(poppins.match(/@font-face/g)).toHaveLength(10); // 300..700, latin and latin-ext
    expect(poppins).not.toContain("-100-");
    expect(poppins).not.toContain("-900-");
    const lato = fontFaceCss(["Lato"]);
    expect([...lato.matchAll(/font-weight:(\d+)/g)].map((m) => m[1])).toEqual([
      "300",
      "400",
      "700",
      "300",
      "400",
      "700",
    ]);
  });

  it("covers every font option that is not a system font", () => {
    const web = Object.keys(FONT_STACKS).filter((font) => fontFaceCss([font]) !== "");
    expect(web.sort()).toEqual([
      "Inter",
      "Lato",
      "Montserrat",
      "Open Sans",
      "Playfair Display",
      "Poppins",
      "Roboto",
    ]);
  });
});

describe("fontPreloads", () => {
  it("preloads the latin file of a variable font once, whatever the weights", () => {
    expect(
      fontPreloads([
        { family: "Inter", weight: 700 },
        { family: "Inter", weight: 400 },
        { family: "Arial", weight: 400 },
      ]),
    ).toEqual(["/fonts/v5.3.0/inter-latin-wght-normal.woff2"]);
  });

  it("preloads the weight file the browser will draw a static font with", () => {
    expect(fontPreloads([{ family: "Poppins", weight: 500 }])).toEqual([
      "/fonts/v5.3.0/poppins-latin-500-normal.woff2",
    ]);
    // Lato has no 500 nor 600: 500 is drawn with 400, 600 with 700.
    expect(
      fontPreloads([
        { family: "Lato", weight: 500 },
        { family: "Lato", weight: 600 },
      ]),
    ).toEqual(["/fonts/v5.3.0/lato-latin-400-normal.woff2", "/fonts/v5.3.0/lato-latin-700-normal.woff2"]);
  });

  it("preloads nothing for a page in system fonts", () => {
    expect(fontPreloads(linkBioFontUses(view({ buttonStyle: { fontFamily: "Georgia" } })))).toEqual([]);
  });
});

describe("linkBioFontUses", () => {
  it("names the page font for the title and description, and each button's font and weight", () => {
    const uses = linkBioFontUses(
      view({
        description: "Oi",
        buttonStyle: { fontFamily: "Poppins", fontWeight: "300" },
        blocks: [link({}), link({ fontFamily: "Playfair Display", fontWeight: "700" })],
      }),
    );
    expect(uses).toEqual([
      { family: "Poppins", weight: 700 },
      { family: "Poppins", weight: 400 },
      { family: "Poppins", weight: 300 },
      { family: "Playfair Display", weight: 700 },
    ]);
  });

  it("names the page font for text blocks and the page's button font for the other buttons", () => {
    const uses = linkBioFontUses(
      view({
        buttonStyle: { fontFamily: "Lato", fontWeight: "300" },
        blocks: [
          { id: 2, type: "header", data: { text: "Oi" } },
          { id: 3, type: "text", data: { text: "Bem-vindo" } },
          { id: 4, type: "whatsapp", data: { phone: "+5511987654321" } },
          { id: 5, type: "divider", data: {} },
        ],
      }),
    );
    expect(uses).toEqual([
      { family: "Lato", weight: 700 },
      { family: "Lato", weight: 400 },
      { family: "Lato", weight: 300 },
    ]);
  });

  it("uses the default font (Inter) when the page sets none", () => {
    expect(linkBioFontUses(view())).toEqual([{ family: "Inter", weight: 700 }]);
  });

  it("matches the weights the renderer's CSS gives the title and the text", () => {
    expect(LINK_BIO_CSS).toMatch(/\.lb-title\{[^}]*font-weight:700/);
    expect(LINK_BIO_CSS).not.toMatch(/\.lb-desc\{[^}]*font-weight/);
  });
});

describe("fontFiles", () => {
  it("lists latin and latin-ext woff2 files only, each at a versioned URL under /fonts", () => {
    const files = fontFiles();
    expect(files.length).toBe(26);
    for (const { url, file } of files) {
      expect(url).toMatch(/^\/fonts\/v\d+\.\d+\.\d+\/[a-z-]+-latin(-ext)?-(wght|\d00)-normal\.woff2$/);
      expect(url.endsWith(`/${file}`)).toBe(true);
    }
    expect(files.map((f) => f.url)).toContain(APP_FONT_PRELOAD);
    expect(APP_FONT_PRELOAD).toBe("/fonts/v5.3.0/inter-latin-wght-normal.woff2");
  });
});
