import { describe, expect, it } from "vitest";
import { formatBRL } from "./money";

describe("formatBRL", () => {
  it.each([
    [0, "R$ 0,00"],
    [1990, "R$ 19,90"],
    [123456, "R$ 1.234,56"],
    [143904, "R$ 1.439,04"],
    [100000000, "R$ 1.000.000,00"],
    [-500, "-R$ 5,00"],
  ])("%i cents is %s", (cents, text) => {
    expect(formatBRL(cents)).toBe(text);
  });
});
