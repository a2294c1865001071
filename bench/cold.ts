// The cold redirects alone, to try a change to the cold path in a minute or two instead of
// the bench's ten: `npx tsx bench/cold.ts [codes]` (150,000 by default, scattered over the million)
// on a copy of the PGlite data dir that `npm run bench` seeded and kept (run it once first), or
// with BENCH_DATABASE_URL on a copy of that Postgres database (CREATE DATABASE … TEMPLATE), with
// the server built from the working tree and pinned as in the bench. By default HEAD and GET over
// the same codes, each run on a fresh copy, in paired rounds (BENCH_COLD_ROUNDS, 3), and the median
// round's ratio; BENCH_COLD_METHOD=HEAD or GET runs one method once.
// HEAD looks the codes up without recording clicks: the lookups' own ceiling. To look inside a run:
// BENCH_LOOP_DELAY=1 records the server's event-loop stalls second by second (bench/loop-delay.mjs),
// BENCH_CPU_PROF=1 profiles it (bench/results/prof/), BENCH_SERVER_FLAGS adds node flags
// (`--trace-gc`: the collections, in bench/results/cold-server.log). Same lock as npm run bench; the
// figures go to bench/results/cold.json. No baseline is run: the bench's cold baseline is the bare
// server driven by wrk (bench/run.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withDatabase } from "../db/client";
import { isMain, runAlone, type Scenario } from "./alone";
import { memoryOf, ROOT, startApp } from "./app-server";
import { type Touched, touch } from "./children";
import { SHORT_LINK_COUNT } from "./fixtures";
import { type Paired, pairedRounds, type Run, roundRatios } from "./paired";
import { fmt, type Row } from "./report";
import { savedSeed, seedCacheDir } from "./seed-cache";
import { settleWrites } from "./settle";

/** Paired rounds of the pair (each round a run of each method); BENCH_COLD_ROUNDS. */
const COLD_ROUNDS = Math.max(1, Number(process.env.BENCH_COLD_ROUNDS ?? 3));

/** One method's run as a round sees it, with the rows and figures it reported. */
type ColdRun = Run & { rows: Row[]; cold: unknown };

/** runColdAlone found nothing to run on (no seeded copy): said in the log, the pair stops. */
class NoColdRun extends Error {}

/**
 * Both methods over the same codes, each on a fresh copy of the data dir and a new server: `GET`
 * (a click recorded each) against `HEAD` (the lookup alone), and the ratio (issue 35: >= 0.6).
 * Judged like the bench's other comparisons (bench/paired.ts): paired rounds, `HEAD` first in odd
 * rounds and `GET` first in even ones, the row the median round. A single pair read anywhere from
 * 58% to 73% on one machine in one hour (30 Nov 2026), `HEAD` the side that moved.
 */
export async function runColdPair(scenario: Scenario, count: number) {
  const run = (method: "GET" | "HEAD") => async (): Promise<ColdRun> => {
    const own: Scenario = { log: scenario.log, rows: [], raw: {} };
    await runColdAlone(own, count, method);
    const cold = own.raw.cold as { touched: Touched; stopped: { code: number | null } } | undefined;
    if (!cold) throw new NoColdRun();
    const { touched, stopped } = cold;
    return {
      rps: touched.requests / touched.seconds,
      // Requests not answered 302, and a server that did not exit cleanly on SIGTERM.
      errors: Math.max(touched.errors, count - (touched.status["302"] ?? 0)) + (stopped.code === 0 ? 0 : 1),
      rows: own.rows,
      cold,
    };
  };
  let paired: Paired<ColdRun, ColdRun>;
  try {
    paired = await pairedRounds(COLD_ROUNDS, run("HEAD"), run("GET"), (round, i) =>
      scenario.log(
        `cold pair round ${i}: GET ${fmt.rps(round.ours.rps)} against HEAD ${fmt.rps(round.baseline.rps)} (${fmt.pct(round.ratio)})`,
      ),
    );
  } catch (error) {
    if (error instanceof NoColdRun) return;
    throw error;
  }
  // The median round's runs, as a single pair showed them.
  scenario.rows.push(...paired.baseline.rows, ...paired.ours.rows);
  scenario.raw.coldHEAD = paired.baseline.cold;
  scenario.raw.coldGET = paired.ours.cold;
  const errors = paired.rounds.reduce((sum, r) => sum + r.ours.errors + r.baseline.errors, 0);
  scenario.rows.push({
    metric: `GET against HEAD /s/{code} cold, the same ${fmt.int(count)} codes`,
    ours: fmt.rps(paired.ours.rps),
    baseline: fmt.rps(paired.baseline.rps),
    ratio: fmt.pct(paired.ratio),
    target: ">= 60%",
    verdict: paired.ratio >= 0.6 && errors === 0 ? "PASS" : "FAIL",
    note: `${roundRatios(paired)}${errors ? `; ${errors} failures in the rounds (requests not answered 302, servers not exiting cleanly)` : ""}`,
  });
}

/** BENCH_DATABASE_URL: the cold runs on copies of that database, seeded by `npm run bench` (run it once). */
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

/** A run's own copy of the seeded data: a data dir (PGlite), or a database too (Postgres). */
type SeedCopy = { port: number; dataDir: string; databaseUrl?: string; drop: () => Promise<void> };

/** Statements on the server's `postgres` database (making and dropping the copies). */
async function onServer(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({
    connectionString: withDatabase(url, "postgres"),
  });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * `<database>_cold`, made from the seeded database with CREATE DATABASE … TEMPLATE (which fails
 * while anything is connected to the template), and the port its default domain was seeded for.
 */
async function copyPostgres(url: string, log: (message: string) => void) {
  const template = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!template) throw new Error("BENCH_DATABASE_URL names no database");
  const name = `${template}_cold`;
  const copyUrl = withDatabase(url, encodeURIComponent(name));
  const dropCopy = () =>
    onServer(url, (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
    );
  await dropCopy();
  await onServer(url, (client) =>
    client.query(
      `create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)}`,
    ),
  );
  let port = 0;
  try {
    const copy = new pg.Client({ connectionString: copyUrl });
    await copy.connect();
    try {
      const host = await copy.query<{ domain: string }>("select domain from domains where is_default");
      port = Number(host.rows[0]?.domain.split(":")[1]);
    } finally {
      await copy.end();
    }
  } catch (error) {
    // 42P01: no domains table, a database the bench never seeded (dropped below).
    if ((error as { code?: string }).code !== "42P01") {
      await dropCopy();
      throw error;
    }
  }
  if (!port) {
    await dropCopy().catch(() => undefined);
    log(`no seeded default domain in ${template}: run BENCH_DATABASE_URL=… npm run bench once first`);
    return undefined;
  }
  return { port, databaseUrl: copyUrl, drop: dropCopy };
}

async function copySeed(log: (message: string) => void): Promise<SeedCopy | undefined> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-bench-cold-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const copy = await copyPostgres(databaseUrl, log).catch((error) => {
      removeDir();
      throw error;
    });
    if (!copy) {
      removeDir();
      return undefined;
    }
    const drop = async () => {
      removeDir();
      await copy.drop();
    };
    return { ...copy, dataDir, drop };
  }
  const kept = savedSeed<{ port: number }>();
  if (!kept) {
    removeDir();
    log(`no seeded data dir at ${seedCacheDir()}: run npm run bench once first`);
    return undefined;
  }
  fs.cpSync(kept.dataDir, dataDir, { recursive: true });
  return { port: kept.saved.port, dataDir, drop: async () => removeDir() };
}

export async function runColdAlone({ log, rows, raw }: Scenario, count: number, method: "GET" | "HEAD") {
  const seed = await copySeed(log);
  if (!seed) {
    process.exitCode = 1;
    return;
  }
  try {
    log(`writes of the copy settled: ${await settleWrites(seed.databaseUrl)}`);
    const logFile = path.join(ROOT, "bench", "results", "cold-server.log");
    const loopDelayFile = path.join(ROOT, "bench", "results", `cold-loop-delay-${method}.json`);
    const watchLoop = process.env.BENCH_LOOP_DELAY === "1";
    // A server that dies before its exit handler would otherwise leave an earlier run's figures.
    fs.rmSync(loopDelayFile, { force: true });
    const app = await startApp({
      port: seed.port,
      dataDir: seed.dataDir,
      databaseUrl: seed.databaseUrl,
      logFile,
      nodeFlags: [
        ...(watchLoop ? ["--import", path.join(ROOT, "bench", "loop-delay.mjs")] : []),
        ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
        ...(process.env.BENCH_CPU_PROF === "1"
          ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, "bench", "results", "prof")}`]
          : []),
      ],
      ...(watchLoop && { env: { BENCH_LOOP_DELAY_FILE: loopDelayFile } }),
    });
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
    if (watchLoop && fs.existsSync(loopDelayFile)) {
      const seconds = JSON.parse(fs.readFileSync(loopDelayFile, "utf8")) as {
        second: number;
        p99Ms: number;
        maxMs: number;
      }[];
      // The load's seconds only: not start-up's (its collections, PGlite's start), nor the wait after.
      const from = Math.ceil(app.startSeconds);
      const busy = seconds.filter((s) => s.second > from && s.second <= from + touched.seconds);
      const maxes = busy.map((s) => s.maxMs).sort((a, b) => a - b);
      const at = (q: number) => maxes[Math.min(maxes.length - 1, Math.floor(q * maxes.length))] ?? 0;
      rows.push({
        metric: "event-loop stall per second (median / p90 / max)",
        ours: `${fmt.ms(at(0.5))} / ${fmt.ms(at(0.9))} / ${fmt.ms(at(1))}`,
        target: "info",
        verdict: "INFO",
        note: `${busy.length} seconds; per second in ${path.relative(ROOT, loopDelayFile)}`,
      });
    }
  } finally {
    await seed.drop();
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
