import { readButtonStyle, resolveButtonStyle } from "@common/button-style";
import type { Block } from "@common/contract/link-blocks";
import { findLinkPageTheme, LINK_PAGE_THEMES } from "@common/link-bio/themes";
import { describe, expect, it } from "vitest";
import {
  applyTheme,
  formToBody,
  matchingTheme,
  pageToForm,
  shownBlocks,
  withBackgroundType,
} from "./page-form";

const blank = pageToForm(null);

describe("applyTheme and matchingTheme", () => {
  it("gives every theme's fields to the body, and knows the theme again from them", () => {
    for (const theme of LINK_PAGE_THEMES) {
      const form = applyTheme(blank, theme);
      const { id: _id, name: _name, button_style, ...fields } = theme;
      const body = formToBody(form);
      expect(body, theme.id).toMatchObject(fields);
      expect(JSON.parse(body.button_style as string)).toEqual(
        resolveButtonStyle(readButtonStyle(button_style), undefined),
      );
      expect(matchingTheme(form, LINK_PAGE_THEMES)?.id, theme.id).toBe(theme.id);
    }
  });

  it("keeps the rest of the page, and the image for a later switch back", () => {
    const form = {
      ...blank,
      title: "Ana",
      backgroundType: "image" as const,
      backgroundImageUrl: "/uploads/a.png",
    };
    const themed = applyTheme(form, findLinkPageTheme("noite")!);
    expect(themed).toMatchObject({
      title: "Ana",
      backgroundType: "solid",
      backgroundImageUrl: "/uploads/a.png",
    });
    expect(withBackgroundType(themed, "image").backgroundImageUrl).toBe("/uploads/a.png");
  });

  it("matches no theme once a field differs, whatever the case of a colour", () => {
    const form = applyTheme(blank, findLinkPageTheme("claro")!);
    expect(matchingTheme({ ...form, textColor: form.textColor.toUpperCase() }, LINK_PAGE_THEMES)?.id).toBe(
      "claro",
    );
    expect(matchingTheme({ ...form, textColor: "#222222" }, LINK_PAGE_THEMES)).toBeNull();
    expect(
      matchingTheme({ ...form, buttonStyle: { ...form.buttonStyle, borderRadius: "0px" } }, LINK_PAGE_THEMES),
    ).toBeNull();
    expect(matchingTheme({ ...form, backgroundType: "image" }, LINK_PAGE_THEMES)).toBeNull();
    expect(matchingTheme(blank, LINK_PAGE_THEMES)).toBeNull();
  });
});

describe("withBackgroundType", () => {
  it("starts a gradient with a second colour that shows, and keeps one already chosen", () => {
    const light = withBackgroundType({ ...blank, backgroundColor: "#ffffff" }, "gradient");
    expect(light).toMatchObject({ backgroundType: "gradient", backgroundGradientDirection: "135deg" });
    expect(light.backgroundGradientTo).toMatch(/^#[0-9a-f]{6}$/);
    expect(light.backgroundGradientTo).not.toBe("#ffffff");
    const dark = withBackgroundType({ ...blank, backgroundColor: "#000000" }, "gradient");
    expect(dark.backgroundGradientTo).not.toBe("#000000");
    const chosen = { ...blank, backgroundGradientTo: "#123456", backgroundGradientDirection: "90deg" };
    expect(withBackgroundType(chosen, "gradient")).toMatchObject({
      backgroundGradientTo: "#123456",
      backgroundGradientDirection: "90deg",
    });
  });
});

describe("shownBlocks", () => {
  it("keeps the blocks switched on and inside their window, as the renderer takes them", () => {
    const now = Date.parse("2026-12-01T12:00:00.000Z");
    const block = (id: number, over: Partial<Block>): Block =>
      ({
        id,
        type: "header",
        position: id,
        is_active: true,
        starts_at: null,
        ends_at: null,
        data: { text: `Bloco ${id}` },
        ...over,
      }) as Block;
    const blocks = [
      block(1, {}),
      block(2, { is_active: false }),
      block(3, { starts_at: "2026-12-01T12:00:01.000Z" }),
      block(4, { starts_at: "2026-12-01T12:00:00.000Z", ends_at: "2026-12-01T12:00:00.001Z" }),
      block(5, { ends_at: "2026-12-01T12:00:00.000Z" }),
    ];
    expect(shownBlocks(blocks, now)).toEqual([
      { id: 1, type: "header", data: { text: "Bloco 1" } },
      { id: 4, type: "header", data: { text: "Bloco 4" } },
    ]);
  });
});
