import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-flags.mjs";

describe("serverNodeFlags", () => {
  it("caps the heap, lets it grow to the cap, and sizes V8's pool to the cores", () => {
    expect(serverNodeFlags("")).toEqual([
      "--max-old-space-size=128",
      "--heap-growing-percent=200",
      "--v8-pool-size=0",
    ]);
  });

  it("leaves a flag that NODE_OPTIONS sets to NODE_OPTIONS", () => {
    expect(serverNodeFlags("--max-old-space-size=512 --v8-pool-size=4")).toEqual([
      "--heap-growing-percent=200",
    ]);
  });
});
