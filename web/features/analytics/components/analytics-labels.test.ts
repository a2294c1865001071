import { describe, expect, it } from "vitest";
import { deviceLabel, referrerLabel, sumByLabel } from "./click-dimensions";
import { formatCtr } from "./click-through-rate";
import { dailySeries } from "./daily-series";
import { formatChange, percentChange } from "./percent-change";

describe("analytics labels", () => {
  it("computes the real change, and none without a previous figure", () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
    expect(formatChange(12, "vs ontem")).toBe("+12% vs ontem");
    expect(formatChange(-5, "vs ontem")).toBe("-5% vs ontem");
  });

  it("fills the days the API left out, ending today", () => {
    const points = dailySeries([{ date: "2026-11-20", clicks: 3 }], 3, "2026-11-22");
    expect(points).toEqual([
      { date: "2026-11-20", label: "20/11", clicks: 3 },
      { date: "2026-11-21", label: "21/11", clicks: 0 },
      { date: "2026-11-22", label: "22/11", clicks: 0 },
    ]);
  });

  it("labels devices and referrers in pt-BR", () => {
    expect(deviceLabel("mobile")).toBe("Celular");
    expect(deviceLabel("desktop")).toBe("Desktop");
    expect(deviceLabel("tablet")).toBe("Tablet");
    expect(deviceLabel("smart-tv")).toBe("Outro");
    expect(referrerLabel("")).toBe("Direto");
    expect(referrerLabel("instagram.com")).toBe("instagram.com");
  });

  it("sums the views and clicks of values that read the same in pt-BR", () => {
    const rows = [
      { value: "mobile", views: 10, clicks: 2 },
      { value: "smart-tv", views: 3, clicks: 1 },
      { value: "other", views: 2, clicks: 0 },
    ];
    expect(sumByLabel(rows, deviceLabel, ["views", "clicks"])).toEqual([
      { label: "Celular", views: 10, clicks: 2 },
      { label: "Outro", views: 5, clicks: 1 },
    ]);
  });

  it("writes a click-through rate as a pt-BR percent with at most one decimal", () => {
    expect(formatCtr(0.125)).toBe("12,5%");
    expect(formatCtr(1 / 3)).toBe("33,3%");
    expect(formatCtr(0)).toBe("0%");
  });
});
