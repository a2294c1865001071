// The cold redirects alone, to try a change to the cold path in a minute or two instead of
// the bench's ten: `npx tsx bench/cold.ts [codes]` (150,000 by default, scattered over the million)
// on a copy of the PGlite data dir that `npm run bench` seeded and kept (run it once first), with
// the server built from the working tree and pinned as in the bench. By default HEAD then GET over
// the same codes, each on a fresh copy, and their ratio; BENCH_COLD_METHOD=HEAD or GET runs one.
// HEAD looks the codes up without recording clicks: the lookups' own ceiling. Same lock as npm run bench; the
// figures go to bench/results/cold.json. No baseline is run: the bench's cold baseline is the bare
// server driven by wrk (bench/run.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isMain, runAlone, type Scenario } from "./alone";
import { memoryOf, ROOT, startApp } from "./app-server";
import { touch } from "./children";
import { SHORT_LINK_COUNT } from "./fixtures";
import { fmt } from "./report";
import { savedSeed, seedCacheDir } from "./seed-cache";

/**
 * Both methods over the same codes, each on a fresh copy of the data dir and a new server: `GET`
 * (a click recorded each) against `HEAD` (the lookup alone), and the ratio (issue 35: >= 0.6).
 */
export async function runColdPair(scenario: Scenario, count: number) {
  const rps: Record<string, number> = {};
  // runColdAlone answers in raw.cold: the main bench's own cold figures are kept aside.
  const mainCold = scenario.raw.cold;
  try {
    await timePair(scenario, count, rps);
  } finally {
    scenario.raw.cold = mainCold;
  }
}

async function timePair(scenario: Scenario, count: number, rps: Record<string, number>) {
  for (const method of ["HEAD", "GET"] as const) {
    const before = scenario.rows.length;
    await runColdAlone(scenario, count, method);
    const cold = scenario.raw.cold as { touched: { requests: number; seconds: number } } | undefined;
    if (scenario.rows.length === before || !cold) return;
    rps[method] = cold.touched.requests / cold.touched.seconds;
    scenario.raw[`cold${method}`] = cold;
  }
  const ratio = rps.GET! / rps.HEAD!;
  scenario.rows.push({
    metric: `GET against HEAD /s/{code} cold, the same ${fmt.int(count)} codes`,
    ours: fmt.rps(rps.GET!),
    baseline: fmt.rps(rps.HEAD!),
    ratio: fmt.pct(ratio),
    target: ">= 60%",
    verdict: ratio >= 0.6 ? "PASS" : "FAIL",
  });
}

export async function runColdAlone({ log, rows, raw }: Scenario, count: number, method: "GET" | "HEAD") {
  const kept = savedSeed<{ port: number }>();
  if (!kept) {
    log(`no seeded data dir at ${seedCacheDir()}: run npm run bench once first`);
    process.exitCode = 1;
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-bench-cold-"));
  try {
    fs.cpSync(kept.dataDir, dataDir, { recursive: true });
    const logFile = path.join(ROOT, "bench", "results", "cold-server.log");
    const app = await startApp({ port: kept.saved.port, dataDir, logFile });
    const before = memoryOf(app.pid);
    const touched = await touch(app.origin, count, SHORT_LINK_COUNT, method);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = memoryOf(app.pid);
    const stopped = await app.stop();
    raw.cold = { method, touched, memory: { before, after }, stopped };
    const rps = touched.requests / touched.seconds;
    log(`${method} ${fmt.int(touched.requests)} cold codes: ${fmt.rps(rps)}, exit ${stopped.code}`);
    rows.push({
      metric: `${method} /s/{code} cold, ${fmt.int(count)} of 1M codes`,
      ours: fmt.rps(rps),
      target: "info",
      verdict: touched.errors === 0 && touched.status["302"] === count ? "INFO" : "FAIL",
      note: `p50 ${fmt.ms(touched.p50Ms)}, p99 ${fmt.ms(touched.p99Ms)}, max ${fmt.ms(touched.maxMs)}; statuses ${JSON.stringify(touched.status)}, ${touched.errors} errors`,
    });
    rows.push({
      metric: "RSS before / 3 s after",
      ours: `${fmt.mb(before.rssMb)} / ${fmt.mb(after.rssMb)}`,
      target: "info",
      verdict: stopped.code === 0 ? "INFO" : "FAIL",
      note: `peak (VmHWM) ${fmt.mb(after.peakMb)}; SIGTERM exit ${stopped.code} in ${stopped.seconds.toFixed(1)} s`,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const count = Number(process.argv[2] ?? 150_000);
  const method = process.env.BENCH_COLD_METHOD;
  await runAlone("cold", (scenario) =>
    method === "GET" || method === "HEAD"
      ? runColdAlone(scenario, count, method)
      : runColdPair(scenario, count),
  );
}
