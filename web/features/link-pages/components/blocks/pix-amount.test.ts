import { describe, expect, it } from "vitest";
import { centsToReais, reaisToCents } from "./pix-amount";

describe("reaisToCents", () => {
  it("reads reais as Brazilians type them", () => {
    expect(reaisToCents("25,00")).toBe(2500);
    expect(reaisToCents("25")).toBe(2500);
    expect(reaisToCents("25,5")).toBe(2550);
    expect(reaisToCents("0,99")).toBe(99);
    expect(reaisToCents("1.234,56")).toBe(123456);
    expect(reaisToCents("1.000.000,00")).toBe(100_000_000);
    expect(reaisToCents("R$ 12,30")).toBe(1230);
    expect(reaisToCents("1.500")).toBe(150000);
    expect(reaisToCents("25.90")).toBe(2590);
  });

  it("gives null for nothing and NaN for what is no amount", () => {
    expect(reaisToCents("  ")).toBeNull();
    expect(reaisToCents("vinte")).toBeNaN();
    expect(reaisToCents("25,999")).toBeNaN();
    expect(reaisToCents("-5")).toBeNaN();
  });
});

describe("centsToReais", () => {
  it("writes cents back as the field shows them", () => {
    expect(centsToReais(2500)).toBe("25,00");
    expect(centsToReais(123456)).toBe("1.234,56");
    expect(centsToReais(5)).toBe("0,05");
    expect(centsToReais(undefined)).toBe("");
  });
});
