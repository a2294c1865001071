import { describe, expect, it } from "vitest";
import type { LoadResult } from "./load";
import { medianRound, oursErrors, pairedRounds, roundRatios } from "./paired";

const run = (rps: number, errors = 0): LoadResult => ({
  tool: "wrk",
  requests: rps,
  ok: rps - errors,
  errors,
  seconds: 1,
  rps,
  p50Ms: 1,
  p99Ms: 2,
});

describe("paired rounds", () => {
  it("judges the median round, not the best run of each side", async () => {
    // The machine is fast for the baseline's run of round 2 only: the best run of each side would
    // read 20k / 40k = 50%; the rounds read 70%, 50% and 90%.
    const baselines = [20_000, 40_000, 20_000];
    const ours = [14_000, 20_000, 18_000];
    const paired = await pairedRounds(
      3,
      async () => run(baselines.shift()!),
      async () => run(ours.shift()!),
    );
    expect(paired.rounds.map((r) => r.ratio)).toEqual([0.7, 0.5, 0.9]);
    expect(paired.ratio).toBe(0.7);
    expect(paired.ours.rps).toBe(14_000);
    expect(paired.baseline.rps).toBe(20_000);
    expect(roundRatios(paired)).toBe("rounds 70%, 50%, 90%");
  });

  it("runs the baseline first in odd rounds and ours first in even ones", async () => {
    const order: string[] = [];
    await pairedRounds(
      4,
      async () => {
        order.push("baseline");
        return run(10);
      },
      async () => {
        order.push("ours");
        return run(10);
      },
    );
    expect(order).toEqual(["baseline", "ours", "ours", "baseline", "baseline", "ours", "ours", "baseline"]);
  });

  it("takes the lower of the two middle rounds when their number is even", () => {
    const round = (ratio: number) => ({ baseline: run(100), ours: run(ratio * 100), ratio });
    expect(medianRound([round(0.8), round(0.6), round(0.9), round(0.7)]).ratio).toBe(0.7);
    expect(() => medianRound([])).toThrow();
  });

  it("counts our errors in every round, not only the median one", async () => {
    const errors = [0, 3, 0];
    const paired = await pairedRounds(
      3,
      async () => run(100),
      async () => run(80, errors.shift()!),
    );
    expect(oursErrors(paired)).toBe(3);
  });
});
