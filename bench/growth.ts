import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { users } from "../db/schema";
import { SESSION_COOKIE } from "../server/lib/session-guards";
import { createSession } from "../server/modules/auth/session";
import { isMain, runAlone } from "./alone";
import { type AppServer, freePort, ROOT, startApp, tail } from "./app-server";
import { startBaselines, touch } from "./children";
import { CODE_SQL, codeFor, HOT_CODE_INDEX, LIST_SEARCH, TARGET_SQL, targetFor } from "./fixtures";
import { closeAgent, rawGet } from "./http";
import { BROWSER_USER_AGENT, LOAD_CPU, type LoadResult, runLoad, SERVER_CPU } from "./load";
import { fmt, type Row, verdict } from "./report";
import { freshBenchDatabase, openBenchDatabase } from "./seed";

const WARMUP_SECONDS = 1;
const LOAD_SECONDS = 3;
const CONNECTIONS = 50;
/** Distinct codes of each cold loop (fewer when the user has fewer links). */
const COLD_SAMPLE = 20_000;
const SEQUENTIAL_WARMUPS = 3;
const SEQUENTIAL_REQUESTS = 20;
/** From the smallest size to the largest a time may grow this much, a throughput fall as much. */
const ALLOWED_FACTOR = 3;
export const DEFAULT_SIZES = "10000,100000,1000000";
/** codeFor pads to 7 digits: l0000001 ... l9999999. */
const MAX_SIZE = 9_999_999;

export type GrowthContext = {
  log: (message: string) => void;
  rows: Row[];
  raw: Record<string, unknown>;
  /** BENCH_DATABASE_URL: a throwaway Postgres database (its public and drizzle schemas are dropped); unset: PGlite. */
  databaseUrl?: string;
};

/** What was measured at one size. */
export type GrowthPoint = {
  size: number;
  /** Spawn to the first 200 of /healthz. */
  startSeconds: number;
  warm: { rps: number; p99Ms: number; errors: number };
  baseline: { rps: number; p99Ms: number };
  /** Warm requests/s over the bare redirect server's, measured just before. */
  warmRatio: number;
  cold: { sample: number; rps: number; p50Ms: number; p99Ms: number; errors: number; found: number };
  /** Client-side medians of sequential requests. */
  analyticsMs: number;
  listMs: number;
  searchMs: number;
  listTotal: number;
  searchTotal: number;
};

/** BENCH_GROWTH_SIZES: ascending whole numbers, comma-separated, two at least. */
export function parseSizes(text: string): number[] {
  const sizes = text.split(",").map((part) => Number(part.trim()));
  if (sizes.length < 2 || sizes.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_SIZE))
    throw new Error(
      `BENCH_GROWTH_SIZES="${text}": two or more whole numbers from 1 to ${MAX_SIZE}, comma-separated`,
    );
  if (sizes.some((n, i) => i > 0 && n <= sizes[i - 1]!))
    throw new Error(`BENCH_GROWTH_SIZES="${text}": the sizes must grow`);
  return sizes;
}

type Metric = {
  label: string;
  kind: "time" | "throughput";
  format: (value: number) => string;
  pick: (point: GrowthPoint) => number;
};

/** The judged metrics; the warm redirect is judged on its ratio to the bare server of the same size. */
export const METRICS: Metric[] = [
  { label: "start-up", kind: "time", format: (s) => `${s.toFixed(2)} s`, pick: (p) => p.startSeconds },
  {
    label: "GET /s/{code} warm, ratio to bare node:http",
    kind: "throughput",
    format: fmt.pct,
    pick: (p) => p.warmRatio,
  },
  { label: "GET /s/{code} cold, requests/s", kind: "throughput", format: fmt.rps, pick: (p) => p.cold.rps },
  { label: "GET /s/{code} cold, p99", kind: "time", format: fmt.ms, pick: (p) => p.cold.p99Ms },
  { label: "GET /api/analytics, median", kind: "time", format: fmt.ms, pick: (p) => p.analyticsMs },
  { label: "GET /api/shortened-urls?page=1, median", kind: "time", format: fmt.ms, pick: (p) => p.listMs },
  {
    label: `GET /api/shortened-urls?page=1&q=${LIST_SEARCH}, median`,
    kind: "time",
    format: fmt.ms,
    pick: (p) => p.searchMs,
  },
];

export type GrowthJudgement = {
  metric: Metric;
  first: number;
  last: number;
  /** How much worse the largest size is: last / first for a time, first / last for a throughput. */
  factor: number;
  ok: boolean;
};

/** Smallest size against the largest: a time grows at most 3x, a throughput falls at most to a third. */
export function judgeGrowth(points: GrowthPoint[]): GrowthJudgement[] {
  const first = points[0]!;
  const last = points.at(-1)!;
  return METRICS.map((metric) => {
    const a = metric.pick(first);
    const b = metric.pick(last);
    const factor = metric.kind === "time" ? b / a : a / b;
    return { metric, first: a, last: b, factor, ok: Number.isFinite(factor) && factor <= ALLOWED_FACTOR };
  });
}

const sizeLabel = (n: number) =>
  n >= 1_000_000 && n % 100_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1_000 && n % 100 === 0
      ? `${n / 1_000}k`
      : String(n);

/** The points as a markdown table. */
export function growthTable(points: GrowthPoint[]): string {
  const head = [
    "links",
    "start-up (s)",
    "warm (req/s)",
    "warm / bare",
    "cold (req/s)",
    "cold p99 (ms)",
    "analytics (ms)",
    "list (ms)",
    "search (ms)",
  ];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const p of points)
    lines.push(
      `| ${[
        fmt.int(p.size),
        p.startSeconds.toFixed(2),
        Math.round(p.warm.rps).toString(),
        fmt.pct(p.warmRatio),
        Math.round(p.cold.rps).toString(),
        p.cold.p99Ms.toFixed(2),
        p.analyticsMs.toFixed(2),
        p.listMs.toFixed(2),
        p.searchMs.toFixed(2),
      ].join(" | ")} |`,
    );
  return lines.join("\n");
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

type Series = { label: string; colour: string; values: number[] };

/**
 * Two panels side by side, both log-log against the number of links: times (ms) on the left,
 * throughputs (requests/s) on the right. On these axes a linear growth is a 45° line (the grey dashed
 * guide from the lowest first point); flat or logarithmic stays near horizontal.
 */
export function growthSvg(points: GrowthPoint[], title: string): string {
  const sizes = points.map((p) => p.size);
  const panelWidth = 300;
  const panelHeight = 200;
  const left = 56;
  const gap = 90;
  const top = 58;
  const width = left + 2 * panelWidth + gap + 24;
  const legendTop = top + panelHeight + 58;
  const height = legendTop + 4 * 16 + 10;
  const out: string[] = [];
  const log10 = Math.log10;
  const xLo = log10(sizes[0]!);
  const xHi = log10(sizes.at(-1)!);
  const panel = (x0: number, unit: string, series: Series[], worse: "up" | "down") => {
    const values = series.flatMap((s) => s.values).filter((v) => v > 0 && Number.isFinite(v));
    const lo = 10 ** Math.floor(log10(Math.min(...values)));
    const hi = 10 ** Math.ceil(log10(Math.max(...values)) + 1e-9);
    const x = (size: number) => x0 + ((log10(size) - xLo) / (xHi - xLo || 1)) * panelWidth;
    const y = (v: number) =>
      top + panelHeight - ((log10(v) - log10(lo)) / (log10(hi) - log10(lo))) * panelHeight;
    out.push(`<text x="${x0}" y="${top - 10}" font-weight="bold">${escapeXml(unit)}</text>`);
    for (let v = lo; v <= hi * 1.001; v *= 10) {
      out.push(
        `<line x1="${x0}" y1="${y(v).toFixed(1)}" x2="${x0 + panelWidth}" y2="${y(v).toFixed(1)}" stroke="#eee"/>`,
        `<text x="${x0 - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v >= 1000 ? fmt.int(v) : String(Number(v.toPrecision(1)))}</text>`,
      );
    }
    for (const size of sizes)
      out.push(
        `<line x1="${x(size).toFixed(1)}" y1="${top}" x2="${x(size).toFixed(1)}" y2="${top + panelHeight}" stroke="#eee"/>`,
        `<text x="${x(size).toFixed(1)}" y="${top + panelHeight + 16}" text-anchor="middle">${sizeLabel(size)}</text>`,
      );
    out.push(
      `<line x1="${x0}" y1="${top + panelHeight}" x2="${x0 + panelWidth}" y2="${top + panelHeight}" stroke="#999"/>`,
      `<line x1="${x0}" y1="${top}" x2="${x0}" y2="${top + panelHeight}" stroke="#999"/>`,
      `<text x="${x0 + panelWidth / 2}" y="${top + panelHeight + 32}" text-anchor="middle">links of the user (log scale)</text>`,
    );
    // The linear guide: a time growing (from the lowest first value) or a throughput falling (from
    // the highest) in proportion to the links, clipped to the panel.
    const firsts = series.map((s) => s.values[0]!).filter((v) => v > 0);
    const start = worse === "up" ? Math.min(...firsts) : Math.max(...firsts);
    const span = sizes.at(-1)! / sizes[0]!;
    const end = worse === "up" ? Math.min(hi, start * span) : Math.max(lo, start / span);
    const endSize = sizes[0]! * (worse === "up" ? end / start : start / end);
    out.push(
      `<line x1="${x(sizes[0]!).toFixed(1)}" y1="${y(start).toFixed(1)}" x2="${x(endSize).toFixed(1)}" y2="${y(end).toFixed(1)}" stroke="#aaa" stroke-dasharray="4 4"/>`,
      // Above the guide's end either way: below it, a fall clipped to the axis met the size labels.
      `<text x="${(x(endSize) - 6).toFixed(1)}" y="${(y(end) - 8).toFixed(1)}" text-anchor="end" fill="#888">${worse === "up" ? "linear growth" : "linear fall"}</text>`,
    );
    for (const s of series) {
      const pts = s.values.map((v, i) => `${x(sizes[i]!).toFixed(1)},${y(v).toFixed(1)}`);
      out.push(
        `<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${pts.join(" ")}"/>`,
        ...pts.map((p) => {
          const [cx, cy] = p.split(",");
          return `<circle cx="${cx}" cy="${cy}" r="3" fill="${s.colour}"/>`;
        }),
      );
    }
    series.forEach((s, i) => {
      const ly = legendTop + i * 16;
      out.push(
        `<line x1="${x0}" y1="${ly - 4}" x2="${x0 + 18}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"/>`,
        `<text x="${x0 + 24}" y="${ly}">${escapeXml(s.label)}</text>`,
      );
    });
  };
  panel(
    left,
    "Time (ms)",
    [
      { label: "cold redirect, p99", colour: "#dc2626", values: points.map((p) => p.cold.p99Ms) },
      { label: "GET /api/analytics, median", colour: "#2563eb", values: points.map((p) => p.analyticsMs) },
      { label: "list, page 1, median", colour: "#059669", values: points.map((p) => p.listMs) },
      { label: `search "${LIST_SEARCH}", median`, colour: "#9333ea", values: points.map((p) => p.searchMs) },
    ],
    "up",
  );
  panel(
    left + panelWidth + gap,
    "Throughput (req/s)",
    [
      { label: "warm redirect", colour: "#ea580c", values: points.map((p) => p.warm.rps) },
      { label: "bare node:http (baseline)", colour: "#6b7280", values: points.map((p) => p.baseline.rps) },
      { label: "cold redirect", colour: "#dc2626", values: points.map((p) => p.cold.rps) },
    ],
    "down",
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="22" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
    ...out,
    "</svg>",
    "",
  ].join("\n");
}

type Grown = { userId: number; domainId: number; token: string };

/**
 * A new database: migrated, the default domain exactly as DomainRegistry.init creates it (the host
 * of PUBLIC_URL, port included), the growth user and its session. No links yet.
 */
async function seedGrowth(options: { url?: string; dataDir: string; publicUrl: string }): Promise<Grown> {
  const { database, domainId } = await freshBenchDatabase(options);
  try {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: "crescimento@exemplo.com.br", firstName: "Crescimento", lastName: "Bench" })
      .returning({ id: users.id });
    const { token } = await createSession(db, user!.id);
    return { userId: user!.id, domainId, token };
  } finally {
    await database.close();
  }
}

/** Links from+1 ... to of the growth user (codes codeFor(i), targets targetFor(i)), then ANALYZE. */
async function growLinks(
  options: { url?: string; dataDir: string },
  grown: Grown,
  from: number,
  to: number,
): Promise<number> {
  const started = performance.now();
  const database = await openBenchDatabase(options);
  try {
    await database.db.execute(
      sql.raw(`
      insert into shortened_urls (user_id, domain_id, short_code, original_url, title)
      select ${grown.userId}, ${grown.domainId}, ${CODE_SQL}, ${TARGET_SQL}, 'Produto ' || i
      from generate_series(${from + 1}, ${to}) as i`),
    );
    // The planner's statistics of the new size: Postgres' autovacuum gathers them after a bulk load,
    // and the app does it on PGlite every hour (server/lib/table-maintenance.ts). The figures are
    // those of a database whose statistics are current, not of the first hour after an import.
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/** `warmups` requests, then the median of `count` sequential ones; the first answer's status and headers. */
async function medianOf(url: string, headers: Record<string, string>) {
  const probe = await rawGet(url, headers);
  if (probe.status !== 200)
    throw new Error(`GET ${url} answered ${probe.status}: ${probe.body.toString("utf8").slice(0, 200)}`);
  for (let i = 1; i < SEQUENTIAL_WARMUPS; i++) await rawGet(url, headers);
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) times.push((await rawGet(url, headers)).ms);
  times.sort((a, b) => a - b);
  const mid = times.length / 2;
  return { probe, medianMs: (times[Math.floor(mid - 0.5)]! + times[Math.ceil(mid - 0.5)]!) / 2 };
}

/** Waits (at most 60 s) until two answers 1.2 s apart carry the same total_clicks. */
async function settled(url: string, headers: Record<string, string>): Promise<void> {
  const total = async () =>
    (JSON.parse((await rawGet(url, headers)).body.toString("utf8")) as { total_clicks?: number })
      .total_clicks;
  const deadline = Date.now() + 60_000;
  let last = await total();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const now = await total();
    if (now === last) return;
    last = now;
  }
}

/** One warm-up then a timed run of the same load. */
async function warmLoad(url: string): Promise<LoadResult> {
  await runLoad({ url, duration: WARMUP_SECONDS, connections: CONNECTIONS });
  return runLoad({ url, duration: LOAD_SECONDS, connections: CONNECTIONS });
}

async function measureSize(
  app: AppServer,
  baselinePort: number,
  size: number,
  hotIndex: number,
  token: string,
): Promise<GrowthPoint> {
  const hotCode = codeFor(hotIndex);
  const probe = await rawGet(`${app.origin}/s/${hotCode}`, { "user-agent": BROWSER_USER_AGENT });
  if (probe.status !== 302 || probe.headers.location !== targetFor(hotIndex))
    throw new Error(`GET /s/${hotCode} answered ${probe.status} ${probe.headers.location ?? ""}`);
  const baseline = await warmLoad(`http://127.0.0.1:${baselinePort}/s/${hotCode}`);
  const warm = await warmLoad(`${app.origin}/s/${hotCode}`);

  const sample = Math.min(COLD_SAMPLE, size);
  const cold = await touch(app.origin, sample, size);
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  // The loops' clicks are written a second later and a backlog in slices: the timed reads wait
  // until the user's total stops moving (two reads 1.2 s apart agree), so they time the reads, not
  // the writes they would queue behind.
  await settled(`${app.origin}/api/analytics`, headers);

  const analytics = await medianOf(`${app.origin}/api/analytics`, headers);
  const list = await medianOf(`${app.origin}/api/shortened-urls?page=1`, headers);
  const search = await medianOf(`${app.origin}/api/shortened-urls?page=1&q=${LIST_SEARCH}`, headers);
  return {
    size,
    startSeconds: app.startSeconds,
    warm: { rps: warm.rps, p99Ms: warm.p99Ms, errors: warm.errors },
    baseline: { rps: baseline.rps, p99Ms: baseline.p99Ms },
    warmRatio: warm.rps / baseline.rps,
    cold: {
      sample,
      rps: cold.requests / cold.seconds,
      p50Ms: cold.p50Ms,
      p99Ms: cold.p99Ms,
      errors: cold.errors,
      found: cold.status["302"] ?? 0,
    },
    analyticsMs: analytics.medianMs,
    listMs: list.medianMs,
    searchMs: search.medianMs,
    listTotal: Number(list.probe.headers["x-total-count"]),
    searchTotal: Number(search.probe.headers["x-total-count"]),
  };
}

const summaryOf = (p: GrowthPoint) =>
  `start-up ${p.startSeconds.toFixed(2)} s; warm ${fmt.rps(p.warm.rps)} p99 ${fmt.ms(p.warm.p99Ms)} ` +
  `(${fmt.pct(p.warmRatio)} of bare ${fmt.rps(p.baseline.rps)}); cold ${fmt.int(p.cold.sample)} codes ` +
  `${fmt.rps(p.cold.rps)} p99 ${fmt.ms(p.cold.p99Ms)}; analytics ${fmt.ms(p.analyticsMs)}; ` +
  `list ${fmt.ms(p.listMs)} (total ${p.listTotal}); search ${fmt.ms(p.searchMs)} (total ${p.searchTotal})`;

/** bench/growth.md and bench/growth.svg. */
function writeGrowthReport(points: GrowthPoint[], judged: GrowthJudgement[], database: string): string {
  const range = `${sizeLabel(points[0]!.size)} → ${sizeLabel(points.at(-1)!.size)}`;
  const title = `Growth: ${range} links of one user (${database})`;
  const table = growthTable(points);
  fs.writeFileSync(path.join(ROOT, "bench", "growth.svg"), growthSvg(points, title));
  const ok = judged.every((j) => j.ok);
  fs.writeFileSync(
    path.join(ROOT, "bench", "growth.md"),
    [
      `# ${title}`,
      "",
      `Written by \`npm run bench\` (bench/growth.ts) on ${new Date().toISOString()}, ${os.cpus().length} cpus`,
      `(the server and the bare redirect server on cpu ${SERVER_CPU}, the load generator on cpu ${LOAD_CPU}).`,
      "One user's short links grow in steps (inserted with generate_series, then ANALYZE); at each size",
      "the server starts again and is measured: start-up (spawn to /healthz); one cached code for",
      `${LOAD_SECONDS} s at ${CONNECTIONS} connections after ${WARMUP_SECONDS} s of warm-up, against the bare node:http redirect`,
      `server the same way; up to ${fmt.int(COLD_SAMPLE)} codes scattered over all the links, each once and uncached (32 in`,
      `flight, bench/touch-all.ts); then the user's GET /api/analytics, first list page and search for`,
      `"${LIST_SEARCH}", each the median of ${SEQUENTIAL_REQUESTS} sequential requests after ${SEQUENTIAL_WARMUPS} warm-ups.`,
      "",
      `Verdict: **${ok ? "PASS" : "FAIL"}**. From ${fmt.int(points[0]!.size)} to ${fmt.int(points.at(-1)!.size)} links (${fmt.int(points.at(-1)!.size / points[0]!.size)}x) a time may grow`,
      `at most ${ALLOWED_FACTOR}x and a throughput fall at most to 1/${ALLOWED_FACTOR} (a linear growth would be the size factor):`,
      "",
      ...judged.map(
        (j) =>
          `- ${j.metric.label}: ${j.metric.format(j.first)} → ${j.metric.format(j.last)}, ` +
          `${j.metric.kind === "time" ? "grew" : "fell"} ${j.factor.toFixed(2)}x: ${j.ok ? "PASS" : "FAIL"}`,
      ),
      "",
      "![growth chart](growth.svg)",
      "",
      table,
      "",
    ].join("\n"),
  );
  return table;
}

export async function runGrowthBench({ log, rows, raw, databaseUrl }: GrowthContext): Promise<void> {
  const metric = "growth curve: redirect, analytics and list from the smallest to the largest size";
  if (process.env.BENCH_GROWTH === "0") {
    log("growth curve: skipped (BENCH_GROWTH=0)");
    rows.push({ metric, ours: "skipped", target: "info", verdict: "SKIP", note: "BENCH_GROWTH=0" });
    return;
  }
  const growthRaw: Record<string, unknown> = {};
  raw.growth = growthRaw;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-bench-growth-"));
  const dataDir = path.join(tmp, "data");
  const logFile = path.join(ROOT, "bench", "results", "growth-server.log");
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.rmSync(logFile, { force: true });
  let app: AppServer | undefined;
  let baseline: Awaited<ReturnType<typeof startBaselines>> | undefined;
  try {
    const sizes = parseSizes(process.env.BENCH_GROWTH_SIZES || DEFAULT_SIZES);
    // The default domain's host carries the port: the same one at every restart.
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const database = databaseUrl ? "Postgres" : "PGlite";
    const options = { url: databaseUrl, dataDir };
    const grown = await seedGrowth({ ...options, publicUrl: origin });
    // A code that exists at every size (the baseline serves all of fixtures' codes).
    const hotIndex = Math.min(HOT_CODE_INDEX, sizes[0]!);
    baseline = await startBaselines();
    log(`growth curve on ${database}: sizes ${sizes.map(fmt.int).join(", ")}; hot code ${codeFor(hotIndex)}`);
    const points: GrowthPoint[] = [];
    growthRaw.points = points;
    let have = 0;
    for (const size of sizes) {
      // A PGlite data dir is held by one process: the server is stopped while the links are inserted.
      const seconds = await growLinks(options, grown, have, size);
      log(
        `growth: +${fmt.int(size - have)} links (now ${fmt.int(size)}) in ${seconds.toFixed(1)} s, analyzed`,
      );
      have = size;
      app = await startApp({ port, dataDir, databaseUrl, logFile });
      const point = await measureSize(app, baseline.redirect, size, hotIndex, grown.token);
      const stopped = await app.stop();
      app = undefined;
      if (stopped.code !== 0)
        throw new Error(`the server exited ${stopped.code} after the ${size} links step`);
      points.push(point);
      log(`growth ${fmt.int(size)} links: ${summaryOf(point)}`);
      const clean =
        point.warm.errors === 0 && point.cold.errors === 0 && point.cold.found === point.cold.sample;
      rows.push({
        metric: `growth: ${fmt.int(size)} links`,
        ours: `warm ${fmt.rps(point.warm.rps)}, cold ${fmt.rps(point.cold.rps)}`,
        baseline: fmt.rps(point.baseline.rps),
        ratio: fmt.pct(point.warmRatio),
        target: "info",
        verdict: clean ? "INFO" : "FAIL",
        note:
          summaryOf(point) +
          (clean
            ? ""
            : `; errors: warm ${point.warm.errors}, cold ${point.cold.errors}, cold 302s ${point.cold.found} of ${point.cold.sample}`),
      });
    }
    const judged = judgeGrowth(points);
    growthRaw.verdict = judged.map((j) => ({ ...j, metric: j.metric.label }));
    const growth = `${fmt.int(sizes[0]!)} → ${fmt.int(sizes.at(-1)!)} links`;
    for (const j of judged)
      rows.push({
        metric: `growth ${growth}: ${j.metric.label}`,
        ours: `${j.metric.format(j.first)} → ${j.metric.format(j.last)}`,
        target: j.metric.kind === "time" ? `<= ${ALLOWED_FACTOR}x slower` : `>= 1/${ALLOWED_FACTOR}`,
        verdict: verdict(j.ok),
        note: `${j.metric.kind === "time" ? "grew" : "fell"} ${j.factor.toFixed(2)}x for ${fmt.int(sizes.at(-1)! / sizes[0]!)}x the links`,
      });
    const table = writeGrowthReport(points, judged, database);
    console.log(`\n${table}\n`);
    log("wrote bench/growth.md and bench/growth.svg");
  } catch (error) {
    log(`growth curve failed: ${error instanceof Error ? error.stack : error}`);
    if (app) {
      log(`server pid ${app.pid} on ${app.origin}: ${app.exited ? `exited (${await app.exit})` : "running"}`);
      console.error(tail(app.logFile));
    }
    rows.push({
      metric,
      ours: "failed",
      target: "info",
      verdict: "FAIL",
      note: error instanceof Error ? error.message.split("\n")[0] : String(error),
    });
    process.exitCode = 1;
  } finally {
    if (app && !app.exited) await app.stop();
    baseline?.child.kill("SIGTERM");
    closeAgent();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Alone: `npx tsx bench/growth.ts` (the same lock as npm run bench: one bench at a time).
if (isMain(import.meta.url))
  await runAlone("growth", (scenario) =>
    runGrowthBench({ ...scenario, databaseUrl: process.env.BENCH_DATABASE_URL || undefined }),
  );
