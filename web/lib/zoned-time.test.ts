import { describe, expect, it } from "vitest";
import { formatZonedMoment, isoToZonedInput, zonedInputToIso } from "./zoned-time";

describe("zonedInputToIso", () => {
  it("reads the typed time on the São Paulo clock, with its offset", () => {
    expect(zonedInputToIso("2026-12-12T18:00")).toBe("2026-12-12T18:00:00-03:00");
    expect(new Date(zonedInputToIso("2026-12-12T18:00")!).toISOString()).toBe("2026-12-12T21:00:00.000Z");
  });

  it("uses the offset of that date, summer time included (Brazil had it until 2019)", () => {
    expect(zonedInputToIso("2019-01-15T12:00")).toBe("2019-01-15T12:00:00-02:00");
    // 2018-11-04: the clocks went from 00:00 to 01:00; a skipped time moves forward.
    expect(zonedInputToIso("2018-11-04T00:30")).toBe("2018-11-04T01:30:00-02:00");
  });

  it("gives null for an empty field and the text itself when it is no date", () => {
    expect(zonedInputToIso("")).toBeNull();
    expect(zonedInputToIso("amanhã")).toBe("amanhã");
  });
});

describe("isoToZonedInput", () => {
  it("shows an instant on the São Paulo clock, whatever its written offset", () => {
    expect(isoToZonedInput("2026-12-12T21:00:00.000Z")).toBe("2026-12-12T18:00");
    expect(isoToZonedInput("2026-12-12T18:00:00-03:00")).toBe("2026-12-12T18:00");
    expect(isoToZonedInput(null)).toBe("");
  });

  it("goes back and forth unchanged", () => {
    for (const value of ["2026-01-01T00:00", "2026-06-30T23:59", "2027-02-28T07:05"]) {
      expect(isoToZonedInput(zonedInputToIso(value))).toBe(value);
    }
  });
});

describe("formatZonedMoment", () => {
  const now = Date.parse("2026-11-20T15:00:00Z");
  it("says day, month and time, and the year only when it is another", () => {
    expect(formatZonedMoment("2026-12-12T21:00:00.000Z", now)).toBe("12/12 às 18:00");
    expect(formatZonedMoment("2027-01-02T03:04:00.000Z", now)).toBe("02/01/2027 às 00:04");
  });
});
