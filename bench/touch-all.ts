// A keep-alive client loop over seeded short codes (run as a child, pinned to the load core):
// GET /s/{code} for `count` codes out of the first `of`, each at most once, in a scattered order
// (a multiplicative permutation: neighbours in the index are not visited together, as a long tail of
// visitors would not), `concurrency` requests in flight. Its counts are exact; each request's time
// is kept for the percentiles.
// Usage: node --import tsx bench/touch-all.ts <origin> <count> <concurrency> [GET|HEAD] [of]
// Prints { "requests", "status": { "302": n, ... }, "errors", "seconds", "p50Ms", "p99Ms", "maxMs" }.
import http from "node:http";
import { codeFor, SCATTER_STEP as STEP } from "./fixtures";
import { BROWSER_USER_AGENT } from "./load";

const [origin = "http://127.0.0.1:3000", countArg = "100000", concurrencyArg = "32", method = "GET", ofArg] =
  process.argv.slice(2);
const count = Number(countArg);
const of = Number(ofArg ?? countArg);
const concurrency = Number(concurrencyArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
if (gcd(STEP, of) !== 1) throw new Error(`touch-all: ${of} shares a factor with ${STEP}`);
/** The i-th code visited (0-based i): a permutation of 1..of, its first `count` taken. */
const codeIndex = (i: number) => ((i * STEP) % of) + 1;

const progress = process.env.BENCH_PROGRESS === "1";
const status: Record<string, number> = {};
const times = new Float64Array(count);
let errors = 0;
let requests = 0;
let next = 0;

function get(path: string): Promise<void> {
  const sent = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      `${origin}${path}`,
      { agent, method, headers: { "user-agent": BROWSER_USER_AGENT } },
      (response) => {
        response.resume();
        response.on("end", () => {
          times[requests++] = performance.now() - sent;
          if (progress && requests % 100_000 === 0)
            process.stderr.write(
              `  touched ${requests} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
            );
          const key = String(response.statusCode);
          status[key] = (status[key] ?? 0) + 1;
          resolve();
        });
      },
    );
    request.on("error", () => {
      errors++;
      resolve();
    });
  });
}

async function worker() {
  while (next < count) {
    const i = next++;
    await get(`/s/${codeFor(codeIndex(i))}`);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
const sorted = times.subarray(0, requests).sort();
const at = (p: number) =>
  requests ? sorted[Math.min(requests - 1, Math.ceil(p * requests) - 1)]! : Number.NaN;
process.stdout.write(
  `${JSON.stringify({ requests, status, errors, seconds, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) })}\n`,
);
