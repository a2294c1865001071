import { describe, expect, it } from "vitest";
import { addPeriod, MIN_CHARGE_CENTS, upgradeCredit } from "./periods";

describe("addPeriod", () => {
  it.each([
    ["2026-01-15T10:00:00.000Z", "monthly", "2026-02-15T10:00:00.000Z"],
    ["2026-01-31T10:00:00.000Z", "monthly", "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00.000Z", "monthly", "2028-02-29T10:00:00.000Z"],
    ["2026-12-31T23:00:00.000Z", "monthly", "2027-01-31T23:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", "yearly", "2029-02-28T12:00:00.000Z"],
    ["2026-11-23T12:00:00.000Z", "yearly", "2027-11-23T12:00:00.000Z"],
  ] as const)("%s plus one %s period is %s", (start, interval, end) => {
    expect(addPeriod(new Date(start), interval).toISOString()).toBe(end);
  });
});

describe("upgradeCredit", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  const end = new Date("2026-12-01T00:00:00Z");

  it("credits what was paid, pro rata by the time left", () => {
    const halfway = new Date("2026-11-16T00:00:00Z");
    expect(upgradeCredit(3000, { start, end }, 4990, halfway)).toBe(1500);
  });

  it("gives nothing once the period is over or when nothing was paid", () => {
    expect(upgradeCredit(3000, { start, end }, 4990, new Date("2026-12-02T00:00:00Z"))).toBe(0);
    expect(upgradeCredit(0, { start, end }, 4990, start)).toBe(0);
  });

  it("always leaves the smallest charge to pay", () => {
    expect(upgradeCredit(14990, { start, end }, 4990, start)).toBe(4990 - MIN_CHARGE_CENTS);
  });
});
