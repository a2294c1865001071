// The event loop's delay in the server under test, second by second (`node --import` of this file,
// as bench/cold.ts starts the server with BENCH_LOOP_DELAY=1): each second's p99 and longest
// stall, written as JSON to BENCH_LOOP_DELAY_FILE when the process exits. It tells a latency tail
// made on our thread (a long task: a collection, a batch built, a sum) from one made waiting on the
// database. Plain JavaScript: the server under test is the bundle, run by node without tsx.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_DELAY_FILE;

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  /** @type {{ second: number; p99Ms: number; maxMs: number }[]} */
  const seconds = [];
  const started = performance.now();
  const timer = setInterval(() => {
    seconds.push({
      second: Math.round((performance.now() - started) / 1000),
      p99Ms: histogram.percentile(99) / 1e6,
      maxMs: histogram.max / 1e6,
    });
    histogram.reset();
  }, 1000);
  timer.unref();
  process.on("exit", () => fs.writeFileSync(file, JSON.stringify(seconds)));
}
