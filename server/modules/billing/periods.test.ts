import { describe, expect, it } from "vitest";
import { addPeriod, paidPeriodEnd, unusedValue } from "./periods";

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

describe("paidPeriodEnd", () => {
  const start = new Date("2026-11-01T00:00:00Z");

  it("is one period at the list price", () => {
    expect(paidPeriodEnd(start, "monthly", 4990, 4990).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("is longer when a credit made the payment worth more, shorter when worth less", () => {
    expect(paidPeriodEnd(start, "monthly", 9980, 4990).toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(paidPeriodEnd(start, "monthly", 2495, 4990).toISOString()).toBe("2026-11-16T00:00:00.000Z");
  });
});

describe("unusedValue", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  const end = new Date("2026-12-01T00:00:00Z");
  const halfway = new Date("2026-11-16T00:00:00Z");

  it("credits what was paid, pro rata by the time left", () => {
    expect(unusedValue([{ valueCents: 3000, start, end }], halfway)).toBe(1500);
  });

  it("counts a period paid ahead whole, and adds every period", () => {
    const next = { valueCents: 3000, start: end, end: new Date("2026-12-31T00:00:00Z") };
    expect(unusedValue([{ valueCents: 3000, start, end }, next], halfway)).toBe(4500);
  });

  it("gives nothing once a period is over or when nothing was paid", () => {
    expect(unusedValue([{ valueCents: 3000, start, end }], new Date("2026-12-02T00:00:00Z"))).toBe(0);
    expect(unusedValue([{ valueCents: 0, start, end }], start)).toBe(0);
  });
});
