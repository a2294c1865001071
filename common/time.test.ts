import { describe, expect, it } from "vitest";
import { formatDateBR, formatDateTimeBR, startOfDayInZone, startOfMonthInZone } from "./time";

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

describe("startOfDayInZone", () => {
  it("is midnight in São Paulo (UTC-3)", () => {
    expect(startOfDayInZone("2026-11-01").toISOString()).toBe("2026-11-01T03:00:00.000Z");
    expect(startOfDayInZone("2026-01-01").toISOString()).toBe("2026-01-01T03:00:00.000Z");
  });

  it("gives the month's start for an instant late on its last day", () => {
    // 23:30 on 30 Nov in São Paulo is already 1 Dec in UTC.
    expect(startOfMonthInZone(new Date("2026-12-01T02:30:00Z")).toISOString()).toBe(
      "2026-11-01T03:00:00.000Z",
    );
  });
});
