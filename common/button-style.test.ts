import { describe, expect, it } from "vitest";
import {
  buttonStyleOverridesSchema,
  buttonStyleSchema,
  buttonTextContrast,
  DEFAULT_BUTTON_STYLE,
  readButtonStyle,
  resolveButtonStyle,
} from "./button-style";

describe("button style", () => {
  it("fills the spec's defaults and drops unknown keys", () => {
    const style = buttonStyleSchema.parse(JSON.stringify({ fontSize: "20px", onclick: "alert(1)" }));
    expect(style).toEqual({ ...DEFAULT_BUTTON_STYLE, fontSize: "20px" });
    expect(style).not.toHaveProperty("onclick");
  });

  it("has the spec's defaults, with blues that pass WCAG AA", () => {
    expect(DEFAULT_BUTTON_STYLE).toMatchObject({
      backgroundColor: "#2563eb",
      gradientFrom: "#2563eb",
      gradientTo: "#7c3aed",
      gradientDirection: "135deg",
      textColor: "#ffffff",
      borderRadius: "12px",
      borderWidth: "0px",
      fontFamily: "Inter",
      fontSize: "16px",
      fontWeight: "500",
      padding: "16px 24px",
      margin: "8px 0",
      shadow: "medium",
      hoverEffect: "scale",
      animation: "none",
      width: "100%",
      textAlign: "center",
    });
  });

  it("keeps its default text readable, solid or gradient (AA, 4.5:1)", () => {
    expect(buttonTextContrast(DEFAULT_BUTTON_STYLE)).toBeGreaterThanOrEqual(4.5);
    expect(
      buttonTextContrast({ ...DEFAULT_BUTTON_STYLE, backgroundType: "gradient" }),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it("measures button text over the background it really has", () => {
    const spec = { ...DEFAULT_BUTTON_STYLE, backgroundColor: "#3b82f6" };
    expect(buttonTextContrast(spec)).toBeCloseTo(3.68, 2);
    // The solid colour does not count on a gradient button, the gradient's worst end does.
    expect(buttonTextContrast({ ...spec, backgroundType: "gradient", gradientTo: "#8b5cf6" })).toBeCloseTo(
      4.23,
      2,
    );
    expect(buttonTextContrast({ ...spec, textColor: "#fff", backgroundColor: "#000" })).toBe(21);
  });

  it.each([
    [{ fontSize: "17px" }, "Tamanho da fonte: valor inválido"],
    [{ backgroundColor: "red;}body{display:none" }, "Cor de fundo: use uma cor hexadecimal, como #3b82f6"],
    [{ fontFamily: "Comic Sans" }, "Fonte: valor inválido"],
    [{ hoverEffect: 1 }, "Efeito ao passar o mouse: valor inválido"],
  ])("refuses %j", (style, message) => {
    const result = buttonStyleOverridesSchema.safeParse(style);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("refuses malformed JSON and non-objects", () => {
    expect(buttonStyleOverridesSchema.safeParse("{oops").error?.issues[0]?.message).toBe(
      "Estilo inválido: JSON malformado",
    );
    expect(buttonStyleOverridesSchema.safeParse(42).success).toBe(false);
  });

  it("keeps only the overrides a link sets", () => {
    expect(buttonStyleOverridesSchema.parse({ textColor: "#ABC" })).toEqual({ textColor: "#abc" });
    expect(buttonStyleOverridesSchema.parse("")).toEqual({});
  });

  it("a link's override wins over the page style", () => {
    expect(
      resolveButtonStyle({ fontSize: "20px", textColor: "#111111" }, { textColor: "#222222" }),
    ).toMatchObject({
      fontSize: "20px",
      textColor: "#222222",
      fontFamily: "Inter",
    });
  });

  it("reads a stored style leniently, dropping bad values one by one", () => {
    expect(readButtonStyle({ fontSize: "99px", textColor: "#000000" })).toEqual({ textColor: "#000000" });
    expect(readButtonStyle("not json")).toEqual({});
  });
});
