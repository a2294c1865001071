import { describe, expect, it } from "vitest";
import { formatDateBR, formatDateTimeBR } from "./time";

describe("formatDateBR", () => {
  it("writes the São Paulo calendar day as dd/mm/aaaa", () => {
    expect(formatDateBR("2026-11-22T15:00:00.000Z")).toBe("22/11/2026");
    expect(formatDateBR(new Date("2026-01-14T02:30:00.000Z"))).toBe("13/01/2026");
  });
});

describe("formatDateTimeBR", () => {
  it.each([
    ["2026-01-15T13:05:00.000Z", "15/01/2026 10:05"],
    ["2026-01-14T02:30:00.000Z", "13/01/2026 23:30"],
    ["2026-11-22T03:00:00.000Z", "22/11/2026 00:00"],
    ["2026-11-22T02:59:00.000Z", "21/11/2026 23:59"],
  ])("%s is %s in São Paulo", (iso, text) => {
    expect(formatDateTimeBR(iso)).toBe(text);
  });

  it("takes a Date as well as an ISO string", () => {
    expect(formatDateTimeBR(new Date("2026-01-15T13:05:00.000Z"))).toBe("15/01/2026 10:05");
  });
});
