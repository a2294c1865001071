// A keep-alive client loop over every seeded short code (run as a child, pinned to the load core):
// GET /s/{code} for i = 1..count, `concurrency` requests in flight. Its counts are exact.
// Usage: node --import tsx bench/touch-all.ts <origin> <count> <concurrency> [GET|HEAD]
// Prints { "requests": n, "status": { "302": n, ... }, "errors": n, "seconds": s }.
import http from "node:http";
import { codeFor } from "./fixtures";
import { BROWSER_USER_AGENT } from "./load";

const [origin = "http://127.0.0.1:3000", countArg = "100000", concurrencyArg = "32", method = "GET"] =
  process.argv.slice(2);
const count = Number(countArg);
const concurrency = Number(concurrencyArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

const progress = process.env.BENCH_PROGRESS === "1";
const status: Record<string, number> = {};
let errors = 0;
let requests = 0;
let next = 1;

function get(path: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(
      `${origin}${path}`,
      { agent, method, headers: { "user-agent": BROWSER_USER_AGENT } },
      (response) => {
        response.resume();
        response.on("end", () => {
          requests++;
          if (progress && requests % 10_000 === 0)
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
  while (next <= count) {
    const i = next++;
    await get(`/s/${codeFor(i)}`);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
agent.destroy();
process.stdout.write(
  `${JSON.stringify({ requests, status, errors, seconds: (performance.now() - started) / 1000 })}\n`,
);
