import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { withDatabase } from "../db/client";
import { isMain, runAlone } from "./alone";
import { type AppServer, freePort, memoryOf, ROOT, startApp, tail, unreachableServices } from "./app-server";
import { startBaselines } from "./children";
import { ADMIN_EMAIL, ADMIN_PASSWORD, codeFor, HOT_CODE_INDEX, targetFor } from "./fixtures";
import { type LoadResult, runLoad, SERVER_CPU } from "./load";
import { oursErrors, pairedRounds, roundRatios } from "./paired";
import { fmt, type Row } from "./report";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = 50;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SAMPLE_SECONDS = 10;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";

export type FleetContext = {
  log: (message: string) => void;
  rows: Row[];
  raw: Record<string, unknown>;
};

export type SoakSample = {
  /** Seconds since the soak started, at the end of the window. */
  t: number;
  rps: number;
  p99Ms: number;
  errors: number;
  /** VmRSS of each process (memoryOf). */
  rssMb: number[];
  /**
   * RssAnon of each process: the heap and other private memory, what a leak grows. The file-backed
   * rest (code, mapped files) comes and goes with the kernel's reclaim (this machine's DAMON pages
   * out what is idle for 60 s), so the trend is judged on this part.
   */
  anonMb: number[];
};

/** RssAnon of a process, in MB. */
export function anonymousMemoryOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^RssAnon:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Least-squares slope of y over x (per unit of x). */
export function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export type SoakVerdict = {
  /** Per process: the fitted growth (MB) over the last two thirds of the soak, and the allowance. */
  memory: { growthMb: number; newHighMb: number; allowedMb: number; ok: boolean }[];
  p99: { firstMs: number; lastMs: number; maxMs: number; ok: boolean };
  /** The median window's throughput against the rate asked for: a machine too busy to hold it says nothing. */
  rate: { medianRps: number; ok: boolean };
  ok: boolean;
};

/**
 * No growth trend: the last third of the soak sets no new high of a process's anonymous RSS, more
 * than max(5 MB, 3% of its mean) above the highest of the first two thirds (a leak keeps making new
 * highs; V8's heap shrinks after a collection and grows back to where it was, which a straight-line
 * fit reads as growth). The fit over the last two thirds is reported too (growthMb). p99 stable: the median p99 of the last third at most 1.5 times that of the first third plus
 * 1 ms. Held: the median window made at least 90% of the rate asked for.
 */
export function judgeSoak(samples: SoakSample[], targetRps?: number): SoakVerdict {
  const tail = samples.slice(Math.floor(samples.length / 3));
  const processes = samples[0]?.rssMb.length ?? 0;
  const memory = Array.from({ length: processes }, (_, i) => {
    const points = tail.map((s) => [s.t, s.anonMb[i]!] as [number, number]);
    const span = (tail.at(-1)?.t ?? 0) - (tail[0]?.t ?? 0);
    const growthMb = slope(points) * span;
    const mean = points.reduce((sum, [, y]) => sum + y, 0) / Math.max(1, points.length);
    const allowedMb = Math.max(5, 0.03 * mean);
    const cut = samples.length - Math.max(1, Math.floor(samples.length / 3));
    const high = (part: SoakSample[]) => Math.max(...part.map((s) => s.anonMb[i]!));
    const newHighMb = high(samples.slice(cut)) - high(samples.slice(0, cut));
    return { growthMb, newHighMb, allowedMb, ok: newHighMb <= allowedMb };
  });
  const third = Math.max(1, Math.floor(samples.length / 3));
  const firstMs = median(samples.slice(0, third).map((s) => s.p99Ms));
  const lastMs = median(samples.slice(-third).map((s) => s.p99Ms));
  const maxMs = Math.max(...samples.map((s) => s.p99Ms));
  const p99 = { firstMs, lastMs, maxMs, ok: lastMs <= 1.5 * firstMs + 1 };
  const medianRps = median(samples.map((s) => s.rps));
  const rate = { medianRps, ok: targetRps === undefined || medianRps >= 0.9 * targetRps };
  return {
    memory,
    p99,
    rate,
    ok: memory.every((m) => m.ok) && p99.ok && rate.ok && samples.length >= 3,
  };
}

/**
 * The soak as a small chart: memory of each process (MB) above, RSS solid and its anonymous part
 * dashed, and p99 (ms) below, against time.
 */
export function soakSvg(samples: SoakSample[], title: string): string {
  const width = 720;
  const panel = 150;
  const left = 56;
  const right = 16;
  const top = 36;
  const gap = 44;
  const height = top + 2 * panel + gap + 40;
  const tMax = Math.max(1, ...samples.map((s) => s.t));
  const x = (t: number) => left + (t / tMax) * (width - left - right);
  const colours = ["#2563eb", "#dc2626", "#059669", "#9333ea"];
  const out: string[] = [];
  const axis = (y0: number, lo: number, hi: number, unit: string) => {
    const y = (v: number) => y0 + panel - ((v - lo) / (hi - lo || 1)) * panel;
    out.push(
      `<line x1="${left}" y1="${y0 + panel}" x2="${width - right}" y2="${y0 + panel}" stroke="#999"/>`,
    );
    out.push(`<line x1="${left}" y1="${y0}" x2="${left}" y2="${y0 + panel}" stroke="#999"/>`);
    for (const v of [lo, (lo + hi) / 2, hi]) {
      out.push(
        `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(v < 10 ? 1 : 0)}</text>`,
        `<line x1="${left}" y1="${y(v)}" x2="${width - right}" y2="${y(v)}" stroke="#eee"/>`,
      );
    }
    out.push(`<text x="${left}" y="${y0 - 8}" font-weight="bold">${unit}</text>`);
    return y;
  };
  const line = (points: [number, number][], y: (v: number) => number, colour: string, dashed = false) =>
    out.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="5 4"' : ""} points="${points
        .map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`)
        .join(" ")}"/>`,
    );

  out.push(`<text x="${left}" y="20" font-size="14" font-weight="bold">${escapeXml(title)}</text>`);
  const rss = samples.flatMap((s) => [...s.rssMb, ...s.anonMb]);
  const rssLo = Math.floor(Math.min(...rss) / 10) * 10 - 10;
  const rssHi = Math.ceil(Math.max(...rss) / 10) * 10 + 10;
  const yRss = axis(top + 12, Math.max(0, rssLo), rssHi, "RSS (MB), tracejado: anônima");
  const processes = samples[0]?.rssMb.length ?? 0;
  for (let i = 0; i < processes; i++) {
    line(
      samples.map((s) => [s.t, s.rssMb[i]!]),
      yRss,
      colours[i % colours.length]!,
    );
    line(
      samples.map((s) => [s.t, s.anonMb[i]!]),
      yRss,
      colours[i % colours.length]!,
      true,
    );
    out.push(
      `<text x="${width - right - 90 * (processes - i)}" y="${top + 4}" fill="${colours[i % colours.length]}">processo ${String.fromCharCode(65 + i)}</text>`,
    );
  }
  const p99Hi = Math.max(1, Math.ceil(Math.max(...samples.map((s) => s.p99Ms)) * 1.2));
  const y0 = top + 12 + panel + gap;
  const yP99 = axis(y0, 0, p99Hi, "p99 (ms)");
  line(
    samples.map((s) => [s.t, s.p99Ms]),
    yP99,
    "#111",
  );
  for (const [t, anchor] of [
    [0, "start"],
    [tMax / 2, "middle"],
    [tMax, "end"],
  ] as const) {
    out.push(
      `<text x="${x(t)}" y="${y0 + panel + 16}" text-anchor="${anchor}">${(t / 60).toFixed(1)} min</text>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...out,
    "</svg>",
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The soak's samples as a markdown table. */
export function soakTable(samples: SoakSample[]): string {
  const processes = samples[0]?.rssMb.length ?? 0;
  const letters = Array.from({ length: processes }, (_, i) => String.fromCharCode(65 + i));
  const names = [
    ...letters.map((letter) => `RSS ${letter} (MB)`),
    ...letters.map((letter) => `anon ${letter} (MB)`),
  ];
  const head = ["t (s)", "req/s", "p99 (ms)", "errors", ...names];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const s of samples) {
    lines.push(
      `| ${[s.t.toFixed(0), Math.round(s.rps).toString(), s.p99Ms.toFixed(2), String(s.errors), ...s.rssMb.map((m) => m.toFixed(1)), ...s.anonMb.map((m) => m.toFixed(1))].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

/** bench/soak.svg and bench/soak.md from a soak's samples; returns the table. */
export function writeSoakReport(samples: SoakSample[], rate: number, maxRps: number): string {
  const judged = judgeSoak(samples, rate);
  const minutes = (samples.at(-1)!.t / 60).toFixed(1);
  const errors = samples.reduce((sum, s) => sum + s.errors, 0);
  const ours = { rps: maxRps };
  const title = `Soak: 2 processos (Postgres + Redis), ${fmt.rps(rate)} por ${minutes} min`;
  const table = soakTable(samples);
  fs.writeFileSync(path.join(ROOT, "bench", "soak.svg"), soakSvg(samples, title));
  fs.writeFileSync(
    path.join(ROOT, "bench", "soak.md"),
    [
      `# ${title}`,
      "",
      `Written by \`npm run bench\` (bench/fleet.ts) on ${new Date().toISOString()}: two app processes on one`,
      `Postgres and one Redis, ${os.cpus().length} cpus (both processes on cpu ${SERVER_CPU}, the load`,
      `generator on the other), autocannon at ${fmt.rps(rate)} in all (half of the ${fmt.rps(ours.rps)}`,
      `measured just before), half to each process, on one cached short link. Every ${SAMPLE_SECONDS} s: the`,
      "window's throughput, p99 (the slower process's) and errors, then each process's VmRSS and its",
      "anonymous part (RssAnon: heap and private memory, what a leak grows; the trend is judged on it).",
      "",
      `Verdict: **${judged.ok && errors === 0 ? "PASS" : "FAIL"}**. Median window ${fmt.rps(judged.rate.medianRps)} (${fmt.pct(judged.rate.medianRps / rate)} of the rate asked). Anonymous RSS, the last third's high over the high of the first two thirds: ${judged.memory
        .map(
          (m, i) =>
            `${String.fromCharCode(65 + i)} ${m.newHighMb >= 0 ? "+" : ""}${m.newHighMb.toFixed(1)} MB (allowed ${m.allowedMb.toFixed(0)} MB; a linear fit over the last 2/3 rises ${m.growthMb.toFixed(1)} MB)`,
        )
        .join(
          ", ",
        )}. p99 median of the first third ${fmt.ms(judged.p99.firstMs)}, of the last third ${fmt.ms(judged.p99.lastMs)} (max ${fmt.ms(judged.p99.maxMs)}); ${errors} errors.`,
      "",
      "![soak chart](soak.svg)",
      "",
      table,
      "",
    ].join("\n"),
  );
  return table;
}

const reachable = () =>
  unreachableServices(POSTGRES_URL, REDIS_URL, {
    postgres: "BENCH_DATABASE_URL",
    redis: "BENCH_REDIS_URL or REDIS_URL",
  });

/** One load run split over the processes (the balancer): connections and rate divided evenly. */
async function spread(
  urls: string[],
  options: { duration: number; rate?: number; connections?: number },
): Promise<LoadResult & { perProcess: LoadResult[] }> {
  const connections = Math.max(1, Math.floor((options.connections ?? CONNECTIONS) / urls.length));
  const perProcess = await Promise.all(
    urls.map((url) =>
      runLoad({
        url,
        duration: options.duration,
        connections,
        rate: options.rate ? options.rate / urls.length : undefined,
      }),
    ),
  );
  const sum = (pick: (r: LoadResult) => number) => perProcess.reduce((total, r) => total + pick(r), 0);
  const seconds = Math.max(...perProcess.map((r) => r.seconds));
  return {
    tool: perProcess[0]!.tool,
    requests: sum((r) => r.requests),
    ok: sum((r) => r.ok),
    errors: sum((r) => r.errors),
    seconds,
    rps: sum((r) => r.rps),
    // The slower process's percentile: an upper bound of the pooled one.
    p50Ms: Math.max(...perProcess.map((r) => r.p50Ms)),
    p99Ms: Math.max(...perProcess.map((r) => r.p99Ms)),
    perProcess,
  };
}

async function postJson(origin: string, url: string, body: unknown, cookie?: string) {
  const response = await fetch(`${origin}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("atalho_session="));
  return { status: response.status, text, session };
}

export async function runFleetBench({ log, rows, raw }: FleetContext): Promise<void> {
  if (process.env.BENCH_FLEET === "0") {
    log("two processes on Postgres + Redis: skipped (BENCH_FLEET=0)");
    rows.push({
      metric: "two processes on Postgres + Redis",
      ours: "skipped",
      target: "info",
      verdict: "SKIP",
      note: "BENCH_FLEET=0",
    });
    return;
  }
  const reason = await reachable();
  if (reason) {
    log(`two processes on Postgres + Redis: SKIPPED: ${reason}`);
    rows.push({
      metric: "two processes on Postgres + Redis",
      ours: "skipped",
      target: "info",
      verdict: "SKIP",
      note: reason,
    });
    return;
  }
  const name = `atalho_bench_fleet_${process.pid}`;
  const databaseUrl = withDatabase(POSTGRES_URL, name);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const prefix = `atalho-bench-fleet-${process.pid}:`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-bench-fleet-"));
  const servers: AppServer[] = [];
  let baseline: Awaited<ReturnType<typeof startBaselines>> | undefined;
  const fleetRaw: Record<string, unknown> = {};
  raw.fleet = fleetRaw;
  try {
    const start = async (label: string) => {
      const logFile = path.join(ROOT, "bench", "results", `fleet-${label}.log`);
      fs.rmSync(logFile, { force: true });
      const server = await startApp({
        port: await freePort(),
        dataDir: path.join(tmp, "data"),
        databaseUrl,
        logFile,
        admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        env: { REDIS_URL, REDIS_PREFIX: prefix },
      });
      servers.push(server);
      return server;
    };
    // A migrates the new database; a user and the hot short link are made through it.
    const a = await start("a");
    const user = await postJson(a.origin, "/api/auth/register", {
      email: "frota-bench@exemplo.com.br",
      password: "senha-frota-bench-123",
      first_name: "Frota",
    });
    if (user.status !== 201 || !user.session)
      throw new Error(`register answered ${user.status}: ${user.text}`);
    const code = codeFor(HOT_CODE_INDEX);
    const link = await postJson(
      a.origin,
      "/api/shortened-urls",
      { original_url: targetFor(HOT_CODE_INDEX), custom_code: code },
      user.session,
    );
    if (link.status !== 201) throw new Error(`short link answered ${link.status}: ${link.text}`);
    const b = await start("b");
    baseline = await startBaselines();
    const urls = servers.map((server) => `${server.origin}/s/${code}`);
    for (const url of urls) {
      const probe = await fetch(url, { redirect: "manual" });
      if (probe.status !== 302 || probe.headers.get("location") !== targetFor(HOT_CODE_INDEX))
        throw new Error(`${url} answered ${probe.status} ${probe.headers.get("location")}`);
    }
    const baselineUrl = `http://127.0.0.1:${baseline.redirect}/s/${code}`;
    log(
      `two processes (pids ${a.pid}, ${b.pid}) on Postgres ${name} and Redis, both pinned with the baseline to cpu ${SERVER_CPU}`,
    );

    // Throughput: the same warm-up and paired rounds as the single-process comparison.
    await runLoad({ url: baselineUrl, duration: WARMUP, connections: CONNECTIONS });
    await spread(urls, { duration: WARMUP });
    const paired = await pairedRounds(
      ROUNDS,
      () => runLoad({ url: baselineUrl, duration: DURATION, connections: CONNECTIONS }),
      () => spread(urls, { duration: DURATION }),
      (round, i) => {
        log(`fleet baseline #${i}: ${fmt.rps(round.baseline.rps)} p99 ${fmt.ms(round.baseline.p99Ms)}`);
        log(
          `fleet ours     #${i}: ${fmt.rps(round.ours.rps)} (${round.ours.perProcess.map((r) => fmt.rps(r.rps)).join(" + ")}) p99 ${fmt.ms(round.ours.p99Ms)}, ${round.ours.errors} errors (${fmt.pct(round.ratio)})`,
        );
      },
    );
    const { ours, baseline: base, ratio } = paired;
    const throughputErrors = oursErrors(paired);
    fleetRaw.throughput = paired;
    rows.push({
      metric: "GET /s/{code}, 2 processes on Postgres + Redis, load spread over both",
      ours: fmt.rps(ours.rps),
      baseline: fmt.rps(base.rps),
      ratio: fmt.pct(ratio),
      target: "info",
      verdict: throughputErrors === 0 ? "INFO" : "FAIL",
      note:
        `${ours.perProcess.map((r) => fmt.rps(r.rps)).join(" + ")}, p99 ${fmt.ms(ours.p99Ms)} (the slower process) ` +
        `against ${fmt.ms(base.p99Ms)}; both processes and the baseline share cpu ${SERVER_CPU}; ${throughputErrors} errors in our rounds; ${roundRatios(paired)}`,
    });

    // The soak: half of the maximum just measured, spread over both, sampled every 10 s.
    const rate = ours.rps / 2;
    const windows = Math.max(3, Math.round(SOAK_SECONDS / SAMPLE_SECONDS));
    log(`soak: ${windows} windows of ${SAMPLE_SECONDS} s at ${fmt.rps(rate)} (half of ${fmt.rps(ours.rps)})`);
    const samples: SoakSample[] = [];
    const soakStart = performance.now();
    for (let i = 0; i < windows; i++) {
      const window = await spread(urls, { duration: SAMPLE_SECONDS, rate });
      const sample: SoakSample = {
        t: (performance.now() - soakStart) / 1000,
        rps: window.rps,
        p99Ms: window.p99Ms,
        errors: window.errors,
        rssMb: servers.map((server) => memoryOf(server.pid).rssMb),
        anonMb: servers.map((server) => anonymousMemoryOf(server.pid)),
      };
      samples.push(sample);
      log(
        `soak ${sample.t.toFixed(0).padStart(4)} s: ${fmt.rps(sample.rps)}, p99 ${fmt.ms(sample.p99Ms)}, ` +
          `${sample.errors} errors, RSS ${sample.rssMb.map((m) => fmt.mb(m)).join(" / ")} ` +
          `(anonymous ${sample.anonMb.map((m) => fmt.mb(m)).join(" / ")})`,
      );
    }
    const judged = judgeSoak(samples, rate);
    fleetRaw.soak = { rate, samples, verdict: judged };
    const minutes = (samples.at(-1)!.t / 60).toFixed(1);
    const errors = samples.reduce((sum, s) => sum + s.errors, 0);
    judged.memory.forEach((m, i) => {
      rows.push({
        metric: `soak ${minutes} min at ${fmt.rps(rate)}: anonymous RSS, last third's high over the earlier high, process ${String.fromCharCode(65 + i)}`,
        ours: `${m.newHighMb >= 0 ? "+" : ""}${m.newHighMb.toFixed(1)} MB`,
        target: `<= ${m.allowedMb.toFixed(0)} MB`,
        verdict: m.ok ? "PASS" : "FAIL",
        note: `a linear fit of RssAnon over the last 2/3 rises ${m.growthMb.toFixed(1)} MB end to end; VmRSS ${fmt.mb(samples[0]!.rssMb[i]!)} -> ${fmt.mb(samples.at(-1)!.rssMb[i]!)}`,
      });
    });
    rows.push({
      metric: `soak ${minutes} min: p99 first third / last third (median of 10 s windows)`,
      ours: `${fmt.ms(judged.p99.firstMs)} / ${fmt.ms(judged.p99.lastMs)}`,
      target: "last <= 1.5 x first + 1 ms",
      verdict: judged.p99.ok && errors === 0 ? "PASS" : "FAIL",
      note: `max ${fmt.ms(judged.p99.maxMs)}; ${errors} errors; table in bench/soak.md, chart in bench/soak.svg`,
    });
    rows.push({
      metric: `soak ${minutes} min: rate held (median of 10 s windows)`,
      ours: fmt.rps(judged.rate.medianRps),
      baseline: fmt.rps(rate),
      ratio: fmt.pct(judged.rate.medianRps / rate),
      target: ">= 90% of the rate asked",
      verdict: judged.rate.ok ? "PASS" : "FAIL",
      note: judged.rate.ok ? undefined : "the machine could not keep the rate: the soak's figures say little",
    });

    const errorsTable = writeSoakReport(samples, rate, ours.rps);
    console.log(`\n${errorsTable}\n`);
    log("wrote bench/soak.svg and bench/soak.md");
  } catch (error) {
    log(`two processes on Postgres + Redis failed: ${error instanceof Error ? error.stack : error}`);
    for (const server of servers) console.error(tail(server.logFile));
    rows.push({
      metric: "two processes on Postgres + Redis",
      ours: "failed",
      target: "info",
      verdict: "FAIL",
      note: error instanceof Error ? error.message.split("\n")[0] : String(error),
    });
    process.exitCode = 1;
  } finally {
    const stops = await Promise.all(servers.map((server) => server.stop()));
    fleetRaw.stops = stops;
    baseline?.child.kill("SIGTERM");
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Alone: `npx tsx bench/fleet.ts` (the same lock as npm run bench: one bench at a time).
if (isMain(import.meta.url)) await runAlone("fleet", (scenario) => runFleetBench(scenario));
