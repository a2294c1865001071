import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  formatContrastRatio,
  lowestContrastOverGradient,
  parseHexColor,
  relativeLuminance,
} from "./color-contrast";

describe("color contrast", () => {
  it.each([
    ["#ffffff", "#000000", 21],
    ["#000", "#fff", 21],
    ["#3b82f6", "#ffffff", 3.68],
    ["#2563eb", "#ffffff", 5.17],
    ["#7c3aed", "#ffffff", 5.7],
    ["#8b5cf6", "#ffffff", 4.23],
    ["#767676", "#ffffff", 4.54],
    ["#777777", "#ffffff", 4.48],
    ["#ff0000", "#ffffff", 4],
    ["#123456", "#123456", 1],
  ])("%s on %s is %d:1", (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
    expect(contrastRatio(b, a)).toBe(contrastRatio(a, b));
  });

  it("reads #rgb and #rrggbb in any case", () => {
    expect(parseHexColor("#ABC")).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColor("#2563EB")).toEqual([0x25, 0x63, 0xeb]);
    expect(relativeLuminance("#fff")).toBe(1);
    expect(relativeLuminance("#000000")).toBe(0);
  });

  it.each(["", "red", "#12", "#1234", "#12345678", "2563eb", "rgb(0,0,0)", "#ggg"])(
    "gives no verdict for %j",
    (color) => {
      expect(parseHexColor(color)).toBeNull();
      expect(relativeLuminance(color)).toBeNull();
      expect(contrastRatio(color, "#ffffff")).toBeNull();
    },
  );

  it("takes the worst point of a gradient", () => {
    expect(lowestContrastOverGradient("#ffffff", "#2563eb", "#8b5cf6")).toBeCloseTo(4.23, 2);
    expect(lowestContrastOverGradient("#ffffff", "#2563eb", "#2563eb")).toBeCloseTo(5.17, 2);
    // White text over black-to-white is unreadable at the white end.
    expect(lowestContrastOverGradient("#ffffff", "#000000", "#ffffff")).toBe(1);
    // Grey text reads against either end of black-to-white but not over the grey middle.
    expect(contrastRatio("#777777", "#000000")).toBeGreaterThan(4.4);
    expect(lowestContrastOverGradient("#777777", "#000000", "#ffffff")).toBeLessThan(1.2);
    expect(lowestContrastOverGradient("#ffffff", "nope", "#000000")).toBeNull();
  });

  it("formats a ratio in pt-BR without rounding it up to the threshold", () => {
    expect(formatContrastRatio(3.678)).toBe("3,7:1");
    expect(formatContrastRatio(21)).toBe("21:1");
    expect(formatContrastRatio(4.47)).toBe("4,47:1");
    expect(formatContrastRatio(4.499)).toBe("4,49:1");
    expect(formatContrastRatio(4.5)).toBe("4,5:1");
    expect(formatContrastRatio(5.169)).toBe("5,2:1");
  });
});
