import { describe, expect, it } from "vitest";
import { throttled } from "./log-throttle";

describe("throttled", () => {
  it("writes once per period and says how many lines it left out", () => {
    let time = 0;
    const lines: number[] = [];
    const log = throttled(1000, () => time);
    for (let i = 0; i < 5; i++) log((skipped) => lines.push(skipped));
    expect(lines).toEqual([0]);
    time = 999;
    log((skipped) => lines.push(skipped));
    expect(lines).toEqual([0]);
    time = 1000;
    log((skipped) => lines.push(skipped));
    expect(lines).toEqual([0, 5]);
  });
});
