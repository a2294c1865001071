import { describe, expect, it } from "vitest";
import { judgeSoak, type SoakSample, slope, soakSvg, soakTable } from "./fleet";

const samples = (rss: (t: number) => number[], p99: (t: number) => number): SoakSample[] =>
  Array.from({ length: 60 }, (_, i) => {
    const t = (i + 1) * 10;
    return { t, rps: 10_000, p99Ms: p99(t), errors: 0, rssMb: rss(t).map((m) => m + 40), anonMb: rss(t) };
  });

describe("the soak's verdict", () => {
  it("fits a line", () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
    expect(slope([[0, 4]])).toBe(0);
  });

  it("passes flat memory and a steady p99, after a warm-up that grows", () => {
    const verdict = judgeSoak(
      samples(
        (t) => [t < 200 ? 150 + t / 10 : 170 + Math.sin(t) * 2, 180],
        (t) => 3 + (t % 30 === 0 ? 1 : 0),
      ),
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.memory.every((m) => Math.abs(m.growthMb) < 5)).toBe(true);
  });

  it("fails a process whose memory keeps growing, even slowly", () => {
    // 2 MB a minute: 13 MB over the last 400 s, above max(5 MB, 3% of ~190 MB).
    const verdict = judgeSoak(
      samples(
        (t) => [180, 170 + (t / 60) * 2],
        () => 3,
      ),
    );
    expect(verdict.memory[0]!.ok).toBe(true);
    expect(verdict.memory[1]!.ok).toBe(false);
    expect(verdict.ok).toBe(false);
  });

  it("passes a heap that shrinks after a collection and grows back to where it was", () => {
    // 140 MB, down to 112 at 2 min, back to 141 by 8 min and flat: a fit reads ~+30 MB.
    const verdict = judgeSoak(
      samples(
        (t) => [t < 120 ? 140 : t < 480 ? 112 + ((t - 120) / 360) * 29 : 141],
        () => 3,
      ),
    );
    expect(verdict.memory[0]!.growthMb).toBeGreaterThan(20);
    expect(verdict.memory[0]!.ok).toBe(true);
  });

  it("fails a soak that could not hold its rate", () => {
    const verdict = judgeSoak(
      samples(
        () => [180],
        () => 3,
      ),
      12_000,
    );
    expect(verdict.rate.ok).toBe(false);
    expect(
      judgeSoak(
        samples(
          () => [180],
          () => 3,
        ),
        10_500,
      ).rate.ok,
    ).toBe(true);
  });

  it("fails a p99 that climbs", () => {
    const verdict = judgeSoak(
      samples(
        () => [180],
        (t) => 2 + t / 60,
      ),
    );
    expect(verdict.p99.ok).toBe(false);
    expect(verdict.ok).toBe(false);
  });

  it("draws a chart and a table of every sample", () => {
    const data = samples(
      (t) => [180 + t / 100, 175],
      () => 3.5,
    );
    const svg = soakSvg(data, "Soak <teste>");
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain("Soak &lt;teste&gt;");
    expect(svg.match(/<polyline /g)).toHaveLength(5);
    const table = soakTable(data).split("\n");
    expect(table).toHaveLength(62);
    expect(table[0]).toBe(
      "| t (s) | req/s | p99 (ms) | errors | RSS A (MB) | RSS B (MB) | anon A (MB) | anon B (MB) |",
    );
  });
});
