import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ADMIN_USERS_SEARCH_COUNT_MAX } from "../common/contract/admin";
import { takePidLock } from "../db/client";
import { SESSION_COOKIE } from "../server/lib/session-guards";
import { type AppServer, freePort, memoryOf, portIsFree, ROOT, startApp, tail } from "./app-server";
import { startBaselines, type Touched, touch } from "./children";
import { runColdPair } from "./cold";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ANALYTICS_CLICKS,
  BENCH_USER_COUNT,
  codeFor,
  HOT_CODE_INDEX,
  LIST_SEARCH,
  LIST_SEARCH_MATCHES,
  PAGE_SLUG,
  RULES_ACCEPT_LANGUAGE,
  RULES_CODE,
  RULES_MATCHED_TARGET,
  SCATTER_STEP,
  SHORT_LINK_COUNT,
  targetFor,
} from "./fixtures";
import { runFleetBench } from "./fleet";
import { runGrowthBench } from "./growth";
import { closeAgent, type RawResponse, rawGet } from "./http";
import {
  BROWSER_USER_AGENT,
  defaultTool,
  hasTaskset,
  hasWrk,
  LOAD_CPU,
  type LoadResult,
  runLoad,
  SERVER_CPU,
} from "./load";
import { BROWSER_ENCODING, measurePageWeight } from "./page-weight";
import { oursErrors, type Paired, pairedRounds, roundRatios } from "./paired";
import { fmt, type Row, renderTable, verdict } from "./report";
import { type ClickCounts, countClicks, type Seeded, seed } from "./seed";
import { savedSeed, saveSeed, seedCacheDir } from "./seed-cache";
import { settleWrites } from "./settle";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// Both sides get the same warm-up (see bench/README.md on what a longer one changes).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = 50;
const EXACT_REQUESTS = Number(process.env.BENCH_EXACT_REQUESTS ?? 20_000);
const ANALYTICS_REQUESTS = 30;
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const cpuProfile = process.env.BENCH_CPU_PROF === "1";

const resultsDir = path.join(ROOT, "bench", "results");
const started = performance.now();
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);

type Comparison = Paired<LoadResult>;

const summary = (r: LoadResult) =>
  `${fmt.rps(r.rps)} p50 ${fmt.ms(r.p50Ms)} p99 ${fmt.ms(r.p99Ms)} (${fmt.int(r.requests)} responses, ${r.errors} errors)`;

/** Warm-ups, then ROUNDS paired rounds of baseline and ours (bench/paired.ts): the median round. */
async function compare(
  label: string,
  oursUrl: string,
  baselineUrl: string,
  headers: Record<string, string>,
  onOurs: (result: LoadResult) => void,
): Promise<Comparison> {
  await runLoad({ url: baselineUrl, duration: WARMUP, connections: CONNECTIONS, headers });
  onOurs(await runLoad({ url: oursUrl, duration: WARMUP, connections: CONNECTIONS, headers }));
  return pairedRounds(
    ROUNDS,
    () => runLoad({ url: baselineUrl, duration: DURATION, connections: CONNECTIONS, headers }),
    async () => {
      const ours = await runLoad({ url: oursUrl, duration: DURATION, connections: CONNECTIONS, headers });
      onOurs(ours);
      return ours;
    },
    (round, i) => {
      log(`${label} baseline #${i}: ${summary(round.baseline)}`);
      log(`${label} ours     #${i}: ${summary(round.ours)} (${fmt.pct(round.ratio)})`);
    },
  );
}

/**
 * Power links: the redirect of a link with three rules (device, country, language), as a desktop
 * browser reading English: every rule is evaluated, the last one matches. Its ratio to the same bare
 * baseline should hold near the plain link's (`plainRatio`): rules are compiled into the cache.
 */
async function measureRulesRedirect(
  origin: string,
  baselinePort: number,
  plainRatio: number,
  rows: Row[],
  raw: Record<string, unknown>,
): Promise<void> {
  const headers = { "accept-language": RULES_ACCEPT_LANGUAGE };
  const url = `${origin}/s/${RULES_CODE}`;
  const probe = await rawGet(url, { "user-agent": BROWSER_USER_AGENT, ...headers });
  if (probe.status !== 302 || probe.headers.location !== RULES_MATCHED_TARGET) {
    log(
      `GET /s/${RULES_CODE} answered ${probe.status} ${probe.headers.location ?? ""}: rules figure skipped`,
    );
    rows.push({
      metric: "GET /s/{code} with 3 rules",
      ours: `HTTP ${probe.status}`,
      target: "route",
      verdict: "SKIP",
    });
    return;
  }
  const rules = await compare(
    "redirect 3 rules",
    url,
    `http://127.0.0.1:${baselinePort}/s/${RULES_CODE}`,
    headers,
    () => {},
  );
  raw.redirectRules = rules;
  const ratio = rules.ratio;
  const errors = oursErrors(rules);
  rows.push({
    metric: "GET /s/{code} cached, 3 rules, click recorded",
    ours: fmt.rps(rules.ours.rps),
    baseline: fmt.rps(rules.baseline.rps),
    ratio: fmt.pct(ratio),
    target: ">= 70%, near plain",
    verdict: verdict(ratio >= 0.7 && ratio >= plainRatio * 0.9 && errors === 0),
    note: `plain link ${fmt.pct(plainRatio)}; rules ${fmt.pct(ratio)} (${fmt.pct(ratio / plainRatio)} of plain, target >= 90%); ${roundRatios(rules)}${errors ? `; ${errors} errors / non-3xx responses in our rounds` : ""}`,
  });
}

/**
 * One bench at a time on a machine: two runs would load each other's cores (and a reused seed
 * comes with a fixed port). The lock is a pid file in the temp dir; a dead owner's file is taken over.
 */
function lockBench(): () => void {
  return takePidLock(path.join(os.tmpdir(), "atalho-bench.lock"), (pid) => {
    console.error(`another bench (pid ${pid}) is running on this machine; run again when it ends`);
    process.exit(2);
  });
}

/**
 * Seeds the database, or, for PGlite, copies a data dir seeded by an earlier run (seeding takes a
 * minute). The default domain is the host of PUBLIC_URL, port included, so a reused dir comes with
 * the port it was seeded for.
 */
async function prepareDatabase(dataDir: string): Promise<{ port: number; seeded: Seeded; reused: boolean }> {
  const kept =
    !databaseUrl && process.env.BENCH_FRESH_SEED !== "1"
      ? savedSeed<{ port: number; seeded: Seeded }>()
      : undefined;
  if (kept && (await portIsFree(kept.saved.port))) {
    fs.cpSync(kept.dataDir, dataDir, { recursive: true });
    return { ...kept.saved, reused: true };
  }
  const port = await freePort();
  const seeded = await seed({ url: databaseUrl, dataDir, publicUrl: `http://127.0.0.1:${port}` });
  if (!databaseUrl) saveSeed(dataDir, { port, seeded });
  return { port, seeded, reused: false };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Sequential = {
  /** The first answer (not timed in the figures). */
  probe: RawResponse;
  /** Client-side times of the timed requests, sorted; empty when the probe was not a 200. */
  times: number[];
  median: number;
  p95: number;
};

/** One request; if it answers 200, `warmups` more, then `count` sequential timed ones. */
async function timeSequential(
  url: string,
  headers: Record<string, string>,
  count: number,
  warmups = 5,
): Promise<Sequential> {
  const probe = await rawGet(url, headers);
  const times: number[] = [];
  if (probe.status === 200) {
    for (let i = 0; i < warmups; i++) await rawGet(url, headers);
    for (let i = 0; i < count; i++) times.push((await rawGet(url, headers)).ms);
    times.sort((a, b) => a - b);
  }
  return {
    probe,
    times,
    median: times.length ? percentile(times, 50) : Number.NaN,
    p95: times.length ? percentile(times, 95) : Number.NaN,
  };
}

const jsonOf = <T>(response: RawResponse) => JSON.parse(response.body.toString("utf8")) as T;

/** POST /api/auth/login as the administrator the server created at start; the session cookie. */
async function adminLogin(origin: string): Promise<{ status: number; cookie?: string }> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  return { status: response.status, cookie };
}

/**
 * The administrator (ADMIN_EMAIL / ADMIN_PASSWORD, created by the server at start) signs in, then
 * GET /api/admin/stats as the analytics figure is timed (target: median < 100 ms), and the user
 * list's first page, a search and a deep page as INFO rows (SKIP while the route answers 404).
 */
async function measureAdmin(origin: string, rows: Row[], raw: Record<string, unknown>): Promise<void> {
  const login = await adminLogin(origin);
  if (login.status !== 200 || !login.cookie) {
    log(
      `admin login answered ${login.status}${login.cookie ? "" : " without a session cookie"}: admin figures skipped`,
    );
    rows.push({
      metric: "GET /api/admin/stats",
      ours: `login HTTP ${login.status}`,
      target: "< 100 ms",
      verdict: "FAIL",
      note: "POST /api/auth/login as ADMIN_EMAIL did not give a session; see bench/results/server.log",
    });
    return;
  }
  const headers = { cookie: login.cookie };

  // fresh=1: the query itself every time (the panel reuses an answer for 15 s otherwise).
  const stats = await timeSequential(`${origin}/api/admin/stats?fresh=1`, headers, ANALYTICS_REQUESTS);
  if (stats.probe.status === 200) {
    const body = jsonOf<{ total_users?: number; total_clicks?: number; active_subscriptions?: number }>(
      stats.probe,
    );
    raw.adminStats = { times: stats.times, body };
    log(`admin stats: median ${fmt.ms(stats.median)}, p95 ${fmt.ms(stats.p95)}, ${JSON.stringify(body)}`);
    // Every bench user and at least the analytics user's clicks (the load user's come on top).
    const plausible =
      (body.total_users ?? 0) >= BENCH_USER_COUNT && (body.total_clicks ?? 0) >= ANALYTICS_CLICKS;
    rows.push({
      metric: `GET /api/admin/stats, 100k users, 10M clicks (median of ${ANALYTICS_REQUESTS})`,
      ours: fmt.ms(stats.median),
      target: "< 100 ms",
      verdict: verdict(stats.median < 100 && plausible),
      note:
        `p95 ${fmt.ms(stats.p95)}; total_users ${body.total_users}, total_clicks ${body.total_clicks}, ` +
        `active_subscriptions ${body.active_subscriptions}` +
        (plausible
          ? ""
          : `; expected total_users >= ${BENCH_USER_COUNT} and total_clicks >= ${ANALYTICS_CLICKS}`),
    });
  } else {
    log(`GET /api/admin/stats answered ${stats.probe.status}: admin stats figure skipped`);
    rows.push({
      metric: "GET /api/admin/stats",
      ours: `HTTP ${stats.probe.status}`,
      target: "< 100 ms",
      verdict: stats.probe.status === 404 ? "SKIP" : "FAIL",
      note: stats.probe.body.toString("utf8").slice(0, 200),
    });
  }

  // The user list (server/modules/admin/admin-users.routes.ts): 20 a page.
  const lists: [label: string, query: string][] = [
    ["first page", "page=1"],
    ["search bench-user-99", "q=bench-user-99&page=1"],
    // 11,112 users that signed up in runs (1, 10–19, 100–199, ...): the sort's index read in order
    // passes most users before 20 of them.
    ["search bench-user-1 by clicks", "q=bench-user-1&sort=clicks&page=1"],
    // Every bench user: counted up to ADMIN_USERS_SEARCH_COUNT_MAX only, and the last page the
    // table offers then.
    ["search bench, past the count", "q=bench&page=1"],
    [
      "search bench by name, last page offered",
      `q=bench&sort=name&order=asc&page=${ADMIN_USERS_SEARCH_COUNT_MAX / 20}`,
    ],
    ["deep page 2000", "page=2000"],
    ["sorted by clicks", "sort=clicks&page=1"],
    ["sorted by short links", "sort=shortened_urls&page=1"],
    ["sorted by name", "sort=name&order=asc&page=1"],
  ];
  const listRaw: Record<string, unknown> = {};
  raw.adminUsers = listRaw;
  for (const [label, query] of lists) {
    const metric = `GET /api/admin/users?${query} (${label})`;
    // A slow list would make 35 requests long: 10 timed ones after 2 warm-ups when it is.
    const probe = await rawGet(`${origin}/api/admin/users?${query}`, headers);
    const slow = probe.ms > 1000;
    const run =
      probe.status === 200
        ? await timeSequential(
            `${origin}/api/admin/users?${query}`,
            headers,
            slow ? 10 : ANALYTICS_REQUESTS,
            slow ? 2 : 5,
          )
        : { probe, times: [], median: Number.NaN, p95: Number.NaN };
    if (run.probe.status !== 200) {
      const reason =
        run.probe.status === 404
          ? "route answers 404: not registered yet (server/modules/admin/admin-users.routes.ts in progress)"
          : `HTTP ${run.probe.status}: ${run.probe.body.toString("utf8").slice(0, 200)}`;
      log(`${metric}: ${reason}`);
      listRaw[query] = { status: run.probe.status };
      rows.push({
        metric,
        ours: `HTTP ${run.probe.status}`,
        target: "< 100 ms",
        verdict: run.probe.status === 404 ? "SKIP" : "FAIL",
        note: reason,
      });
      continue;
    }
    const body = jsonOf<{ users?: unknown[]; total?: number | null }>(run.probe);
    const total =
      body.total === null
        ? `more than ${ADMIN_USERS_SEARCH_COUNT_MAX.toLocaleString("en-US")} (uncounted)`
        : body.total;
    listRaw[query] = { times: run.times, total: body.total, rows: body.users?.length };
    log(`${metric}: median ${fmt.ms(run.median)}, p95 ${fmt.ms(run.p95)}, total ${total}`);
    rows.push({
      metric: `${metric} (median of ${run.times.length})`,
      ours: fmt.ms(run.median),
      target: "< 100 ms",
      verdict: verdict(run.median < 100 && body.users?.length === 20),
      note: `p95 ${fmt.ms(run.p95)}; ${body.users?.length} rows of total ${total}`,
    });
  }
}

/**
 * The load user's short-link list (a million links): the first page, a search for a term
 * in 111 of the URLs and one for a term in every link, each median of 30 (< 50 ms). The last one
 * matches past SHORT_URL_SEARCH_COUNT_MAX, so it answers without X-Total-Count ("uncounted").
 */
async function measureShortLinkList(
  origin: string,
  token: string,
  rows: Row[],
  raw: Record<string, unknown>,
): Promise<void> {
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const cases: [label: string, query: string, total: number | "uncounted"][] = [
    ["first page", "page=1", SHORT_LINK_COUNT],
    [`search ${LIST_SEARCH}`, `page=1&q=${LIST_SEARCH}`, LIST_SEARCH_MATCHES],
    ["search matching all (produto)", "page=1&q=produto", "uncounted"],
  ];
  const listRaw: Record<string, unknown> = {};
  raw.shortLinkList = listRaw;
  for (const [label, query, expected] of cases) {
    const url = `${origin}/api/shortened-urls?${query}`;
    const slow = (await rawGet(url, headers)).ms > 1000;
    const run = await timeSequential(url, headers, slow ? 5 : ANALYTICS_REQUESTS, slow ? 1 : 5);
    const metric = `GET /api/shortened-urls?${query} (1M links, ${label})`;
    if (run.probe.status !== 200) {
      rows.push({ metric, ours: `HTTP ${run.probe.status}`, target: "route", verdict: "FAIL" });
      continue;
    }
    const header = run.probe.headers["x-total-count"];
    const total = header === undefined ? "uncounted" : Number(header);
    listRaw[query] = { times: run.times, total };
    log(`${metric}: median ${fmt.ms(run.median)}, p95 ${fmt.ms(run.p95)}, total ${total}`);
    rows.push({
      metric: `${metric} (median of ${run.times.length})`,
      ours: fmt.ms(run.median),
      target: "< 50 ms",
      verdict: verdict(run.median < 50 && total === expected),
      note: `p95 ${fmt.ms(run.p95)}; X-Total-Count ${header ?? "absent"}${total === expected ? "" : `, expected ${expected}`}`,
    });
  }
}

/** The analytics user's page whose figures are read (seed.ts: analise-1 … 4, 10 links each). */
const FIGURES_PAGE_SLUG = "analise-1";

/**
 * A page's 90-day analytics over the seeded year (target: median < 50 ms); then the rollup lag: one
 * view of that page, from a new visitor, while wrk loads the cached bench page (each request a
 * view too), polled on its figures until it is in (target: < 5 s).
 */
async function measurePageFigures(
  origin: string,
  cookie: Record<string, string>,
  loadedPageUrl: string,
  rows: Row[],
  raw: Record<string, unknown>,
): Promise<void> {
  const list = await rawGet(`${origin}/api/link-pages`, cookie);
  const page =
    list.status === 200
      ? jsonOf<{ id: number; slug: string }[]>(list).find((p) => p.slug === FIGURES_PAGE_SLUG)
      : undefined;
  if (!page) {
    rows.push({
      metric: "GET /api/link-pages/{id}/analytics",
      ours: `HTTP ${list.status}`,
      target: "route",
      verdict: "SKIP",
    });
    return;
  }
  const figuresUrl = (range: string) => `${origin}/api/link-pages/${page.id}/analytics?range=${range}`;
  const quarter = await timeSequential(figuresUrl("90d"), cookie, ANALYTICS_REQUESTS);
  const body =
    quarter.probe.status === 200 ? jsonOf<{ views?: number; daily?: unknown[] }>(quarter.probe) : {};
  raw.pageFigures = { times: quarter.times, views: body.views };
  rows.push({
    metric: `GET /api/link-pages/{id}/analytics?range=90d, 10M events a year (median of ${ANALYTICS_REQUESTS})`,
    ours: quarter.probe.status === 200 ? fmt.ms(quarter.median) : `HTTP ${quarter.probe.status}`,
    target: "< 50 ms",
    verdict: verdict(quarter.median < 50 && (body.daily?.length ?? 0) === 90 && (body.views ?? 0) > 0),
    note: `p95 ${fmt.ms(quarter.p95)}; ${fmt.int(body.views ?? 0)} views in the 90 days`,
  });

  const viewsToday = async () =>
    jsonOf<{ daily: { views: number }[] }>(await rawGet(figuresUrl("7d"), cookie)).daily.at(-1)?.views ?? 0;
  const load = runLoad({ url: loadedPageUrl, duration: 12, connections: 50, headers: BROWSER_ENCODING });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const before = await viewsToday();
  // A visitor of its own (the load's agent is the bench's): one view.
  await rawGet(`${origin}/p/${FIGURES_PAGE_SLUG}`, { "user-agent": `${BROWSER_USER_AGENT} atraso` });
  const sent = performance.now();
  let lagMs = Number.NaN;
  while (performance.now() - sent < 30_000) {
    if ((await viewsToday()) > before) {
      lagMs = performance.now() - sent;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const loaded = await load;
  raw.viewLag = { lagMs, load: loaded };
  log(
    `view lag: ${Number.isNaN(lagMs) ? "not in the figures after 30 s" : fmt.ms(lagMs)} under ${fmt.rps(loaded.rps)} of /p/`,
  );
  rows.push({
    metric: "a view in its page's figures, under the cached /p/ load",
    ours: Number.isNaN(lagMs) ? "> 30 s" : fmt.ms(lagMs),
    target: "< 5 s",
    verdict: verdict(lagMs < 5_000),
    note: `polled every 100 ms; the load ${fmt.rps(loaded.rps)}, every request a view`,
  });
}

/** Codes of the cold GET-against-HEAD pair (bench/cold.ts), a different server for each. */
const COLD_PAIR_CODES = 150_000;

/** Codes of the cold baseline run without wrk: the bare server is fast, a sample is enough. */
const COLD_BASELINE_SAMPLE = 200_000;

/**
 * The bare server over scattered codes, 32 in flight like ours: with wrk, its C client and a Lua
 * script (bench/cold-codes.lua) for twice DURATION seconds, since bench/touch-all.ts, a Node loop, tops out
 * below the bare server on a slow machine (8-9k/s against 25-44k/s) and would flatter the ratio;
 * without wrk, touch-all over a sample of the codes.
 */
async function coldBaseline(
  port: number,
): Promise<{ requests: number; seconds: number; p99Ms: number; client: string }> {
  const url = `http://127.0.0.1:${port}`;
  if (!hasWrk) {
    const touched = await touch(url, COLD_BASELINE_SAMPLE, SHORT_LINK_COUNT);
    return { ...touched, client: `bench/touch-all.ts over ${fmt.int(touched.requests)} codes` };
  }
  const script = {
    file: path.join(ROOT, "bench", "cold-codes.lua"),
    args: [String(SHORT_LINK_COUNT), String(SCATTER_STEP)],
  };
  await runLoad({ url, duration: WARMUP, connections: 32, script });
  const run = await runLoad({ url, duration: DURATION * 2, connections: 32, script });
  if (run.errors > 0) throw new Error(`cold baseline: ${run.errors} errors (unknown codes?)`);
  return { ...run, client: `wrk and bench/cold-codes.lua, ${fmt.int(run.requests)} codes` };
}

/**
 * Cold redirects. Every request a different code, never cached, in a scattered order:
 * the bare baseline over a sample, then ours over all the million (every click recorded; the
 * exact-count check after it includes them). Then the memory after touching them all.
 */
async function measureColdRedirects(
  app: AppServer,
  baselinePort: number,
  rows: Row[],
  raw: Record<string, unknown>,
): Promise<Touched> {
  process.env.BENCH_PROGRESS = "1"; // touch-all prints every 100k codes
  const base = await coldBaseline(baselinePort);
  log(
    `cold baseline: ${fmt.int(base.requests)} codes in ${base.seconds.toFixed(1)} s ` +
      `(${fmt.rps(base.requests / base.seconds)}, p99 ${fmt.ms(base.p99Ms)})`,
  );
  const before = memoryOf(app.pid);
  const ours = await touch(app.origin, SHORT_LINK_COUNT);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const justAfter = memoryOf(app.pid);
  // Then idle a little: the clicks are written and V8 may give back the heap it grew under load.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = memoryOf(app.pid);
  raw.cold = { baseline: base, ours, memory: { before, justAfter, after } };
  const oursRps = ours.requests / ours.seconds;
  const baseRps = base.requests / base.seconds;
  const ratio = oursRps / baseRps;
  const allFound = ours.status["302"] === SHORT_LINK_COUNT && ours.errors === 0;
  log(
    `cold ours: ${fmt.int(ours.requests)} codes in ${ours.seconds.toFixed(1)} s (${fmt.rps(oursRps)}, ` +
      `p50 ${fmt.ms(ours.p50Ms)}, p99 ${fmt.ms(ours.p99Ms)}, max ${fmt.ms(ours.maxMs)}, ${JSON.stringify(ours.status)}); ` +
      `RSS ${fmt.mb(before.rssMb)} -> ${fmt.mb(justAfter.rssMb)} 1 s after, ${fmt.mb(after.rssMb)} 6 s after, peak ${fmt.mb(after.peakMb)}`,
  );
  rows.push({
    metric: "GET /s/{code} cold: 1M codes, each once, click recorded",
    ours: fmt.rps(oursRps),
    baseline: fmt.rps(baseRps),
    ratio: fmt.pct(ratio),
    target: ">= 25%",
    verdict: verdict(ratio >= 0.25 && allFound),
    note: `32 in flight (bench/touch-all.ts), scattered order; baseline: ${base.client}; statuses ${JSON.stringify(ours.status)}, ${ours.errors} errors`,
  });
  rows.push({
    metric: "GET /s/{code} cold p99 (32 in flight)",
    ours: fmt.ms(ours.p99Ms),
    baseline: fmt.ms(base.p99Ms),
    target: "< 20 ms",
    verdict: verdict(ours.p99Ms < 20),
    note: `p50 ${fmt.ms(ours.p50Ms)}, max ${fmt.ms(ours.maxMs)}`,
  });
  rows.push({
    metric: "RSS after touching all 1M short links",
    ours: fmt.mb(after.rssMb),
    target: "< 300 MB",
    verdict: verdict(after.rssMb < 300 && allFound),
    note: `6 s after the loop; ${fmt.mb(justAfter.rssMb)} 1 s after, peak (VmHWM) ${fmt.mb(after.peakMb)}, ${fmt.mb(before.rssMb)} before the loop`,
  });
  return ours;
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-bench-"));
  const dataDir = path.join(tmp, "data");
  const logFile = path.join(resultsDir, "server.log");
  fs.rmSync(logFile, { force: true });
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > 0.5 * os.cpus().length)
    log(
      `warning: the machine is busy (load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cpus); ` +
        "other processes share the pinned cores, so throughput and p99 figures (ours and baselines) are unreliable",
    );
  const { port, seeded, reused } = await prepareDatabase(dataDir);
  log(`writes of the seed settled: ${await settleWrites(databaseUrl)}`);
  const origin = `http://127.0.0.1:${port}`;
  const tool = defaultTool();
  log(
    `load tool ${tool}, taskset ${hasTaskset ? `server cpu ${SERVER_CPU} / load cpu ${LOAD_CPU}` : "unavailable (unpinned)"}, ` +
      `${os.cpus().length} cpus, database ${databaseUrl ? "postgres (BENCH_DATABASE_URL)" : "embedded PGlite"}`,
  );

  log(
    reused
      ? `seeded data dir reused from ${seedCacheDir()} (BENCH_FRESH_SEED=1 to seed again)`
      : `seeded in ${seeded.seconds.toFixed(1)} s: 1M short links, 10k Link Bio pages, 10M rollup clicks, ` +
          `${fmt.int(seeded.benchUsers.users)} users (${seeded.benchUsers.seconds.toFixed(1)} s)`,
  );
  const b = seeded.benchUsers;
  log(
    `bench users: ${fmt.int(b.paidSubscriptions)} current paid subscriptions, ${b.canceledThisMonth} canceled ` +
      `this month, ${fmt.int(b.payingUsers)} users with approved payments in 12 months, ` +
      `${fmt.int(b.transactions)} transactions`,
  );

  const rows: Row[] = [];
  const raw: Record<string, unknown> = { seeded: { ...seeded, sessionToken: undefined } };
  let app: AppServer | undefined;
  let baselines: Awaited<ReturnType<typeof startBaselines>> | undefined;
  // The page baseline's bytes, replayed by the bare server alone and by its copy in the app's process.
  const pageFile = path.join(tmp, "page.json");
  const inProcessPort = await freePort();
  try {
    app = await startApp({
      port,
      dataDir,
      databaseUrl,
      logFile,
      admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      nodeFlags: [
        ...(cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(resultsDir, "prof")}`] : []),
        "--import",
        pathToFileURL(path.join(ROOT, "bench", "in-process-baseline.mjs")).href,
      ],
      env: { BENCH_IN_PROCESS_PORT: String(inProcessPort), BENCH_IN_PROCESS_PAGE: pageFile },
    });
    log(`server pid ${app.pid} on ${origin}; ${fmt.mb(memoryOf(app.pid).rssMb)} resident at start`);
    const atStart = memoryOf(app.pid);
    raw.rssAtStartMb = atStart.rssMb;
    raw.startSeconds = app.startSeconds;
    rows.push({
      metric: "start-up: 1M links, 100k users (spawn to /healthz)",
      ours: `${app.startSeconds.toFixed(2)} s`,
      target: "< 3 s",
      verdict: verdict(app.startSeconds < 3),
    });
    rows.push({
      metric: "RSS at start (seeded database)",
      ours: fmt.mb(atStart.rssMb),
      target: "info",
      verdict: "INFO",
    });

    const pageUrl = `${origin}/p/${PAGE_SLUG}`;
    const hotCode = codeFor(HOT_CODE_INDEX);
    const hotUrl = `${origin}/s/${hotCode}`;
    const pageProbe = await rawGet(pageUrl, BROWSER_ENCODING);
    const redirectProbe = await rawGet(hotUrl, { "user-agent": BROWSER_USER_AGENT });
    const pageReady = pageProbe.status === 200 && String(pageProbe.headers["content-type"]).includes("html");
    const redirectReady =
      redirectProbe.status === 302 && redirectProbe.headers.location === targetFor(HOT_CODE_INDEX);
    if (!pageReady) log(`GET /p/${PAGE_SLUG} answered ${pageProbe.status}: page figures skipped`);
    if (!redirectReady)
      log(
        `GET /s/${hotCode} answered ${redirectProbe.status} ${redirectProbe.headers.location ?? ""}: redirect figures skipped`,
      );

    // The page baseline replays exactly the bytes and content headers our page sent to the load tool.
    const captured: Record<string, string> = {};
    for (const name of ["content-type", "content-encoding", "content-language", "vary"]) {
      const value = pageProbe.headers[name];
      if (value) captured[name] = String(value);
    }
    fs.writeFileSync(
      pageFile,
      JSON.stringify({ headers: captured, body: pageProbe.body.toString("base64") }),
    );
    baselines = await startBaselines(pageFile);

    // The public Link Bio page.
    if (pageReady) {
      const weight = await measurePageWeight(pageUrl);
      raw.pageWeight = weight;
      log(
        `page weight: document ${fmt.kb(weight.document.bytes)} ${weight.document.encoding} ` +
          `(${fmt.kb(weight.document.decodedBytes)} decoded), ${weight.assets.length} same-origin CSS/JS, ` +
          `${weight.inlineScripts} inline scripts`,
      );
      const assetsOk = weight.assets.every((asset) => asset.status === 200);
      rows.push({
        metric: "page weight HTML+CSS+JS (br/gzip)",
        ours: fmt.kb(weight.totalBytes),
        target: "< 30 KB",
        verdict: verdict(weight.totalBytes < 30 * 1024 && assetsOk),
        note:
          `document ${weight.document.encoding} ${weight.document.bytes} B` +
          weight.assets
            .map((a) => `, ${new URL(a.url).pathname} ${a.encoding} ${a.bytes} B (${a.status})`)
            .join(""),
      });

      const page = await compare(
        "page",
        pageUrl,
        `http://127.0.0.1:${baselines.page}/p/${PAGE_SLUG}`,
        BROWSER_ENCODING,
        () => {},
      );
      raw.page = page;
      const ratio = page.ratio;
      const errors = oursErrors(page);
      rows.push({
        metric: `GET /p/{slug} cached, 10 links (${pageProbe.body.length} B ${captured["content-encoding"] ?? "identity"})`,
        ours: fmt.rps(page.ours.rps),
        baseline: fmt.rps(page.baseline.rps),
        ratio: fmt.pct(ratio),
        target: ">= 75%",
        verdict: verdict(ratio >= 0.75 && errors === 0),
        note: `${roundRatios(page)}${errors ? `; ${errors} errors / non-2xx responses in our rounds` : ""}`,
      });
      // The same bare server inside the app's process: what the process costs any server in it,
      // apart from what the page path costs.
      const inProcess = await compare(
        "page, bare in the app's process",
        pageUrl,
        `http://127.0.0.1:${inProcessPort}/p/${PAGE_SLUG}`,
        BROWSER_ENCODING,
        () => {},
      );
      raw.pageInProcess = inProcess;
      rows.push({
        metric: "GET /p/{slug} against the same bare server run inside the app's process",
        ours: fmt.rps(inProcess.ours.rps),
        baseline: fmt.rps(inProcess.baseline.rps),
        ratio: fmt.pct(inProcess.ratio),
        target: "info",
        verdict: "INFO",
        note: `in the app's process the bare server made ${fmt.pct(inProcess.baseline.rps / page.baseline.rps)} of its rate alone`,
      });
      rows.push({
        metric: "GET /p/{slug} p99 at 50 connections",
        ours: fmt.ms(page.ours.p99Ms),
        baseline: fmt.ms(page.baseline.p99Ms),
        target: "< 10 ms",
        verdict: verdict(page.ours.p99Ms < 10),
      });
    } else {
      rows.push({
        metric: "GET /p/{slug}",
        ours: `HTTP ${pageProbe.status}`,
        target: "route",
        verdict: "SKIP",
      });
    }

    // Redirects.
    let redirectResponses = redirectProbe.status === 302 ? 1 : 0;
    if (redirectReady) {
      const redirect = await compare(
        "redirect",
        hotUrl,
        `http://127.0.0.1:${baselines.redirect}/s/${hotCode}`,
        {},
        (result) => {
          redirectResponses += result.requests;
        },
      );
      raw.redirect = redirect;
      const ratio = redirect.ratio;
      const errors = oursErrors(redirect);
      rows.push({
        metric: "GET /s/{code} cached, click recorded, Abrir no app on",
        ours: fmt.rps(redirect.ours.rps),
        baseline: fmt.rps(redirect.baseline.rps),
        ratio: fmt.pct(ratio),
        target: ">= 70%",
        verdict: verdict(ratio >= 0.7 && errors === 0),
        note: `${roundRatios(redirect)}${errors ? `; ${errors} errors / non-3xx responses in our rounds` : ""}`,
      });
      rows.push({
        metric: "GET /s/{code} p99 at 50 connections",
        ours: fmt.ms(redirect.ours.p99Ms),
        baseline: fmt.ms(redirect.baseline.p99Ms),
        target: "< 5 ms",
        verdict: verdict(redirect.ours.p99Ms < 5),
      });

      // A power link with three rules (its own user: the load user's click checks stay exact).
      await measureRulesRedirect(origin, baselines.redirect, ratio, rows, raw);
    } else {
      rows.push({
        metric: "GET /s/{code}",
        ours: `HTTP ${redirectProbe.status}`,
        target: "route",
        verdict: "SKIP",
      });
    }

    // Analytics of the heaviest user (10M clicks over a year): the summary and the 30-day chart.
    const cookie = { cookie: `${SESSION_COOKIE}=${seeded.sessionToken}` };
    const analytics = await timeSequential(`${origin}/api/analytics`, cookie, ANALYTICS_REQUESTS);
    if (analytics.probe.status === 200) {
      const body = jsonOf<{ total_clicks?: number }>(analytics.probe);
      const { median, p95 } = analytics;
      raw.analytics = { times: analytics.times, totalClicks: body.total_clicks };
      log(`analytics: median ${fmt.ms(median)}, p95 ${fmt.ms(p95)}, total_clicks ${body.total_clicks}`);
      rows.push({
        metric: `GET /api/analytics, 10M clicks (median of ${ANALYTICS_REQUESTS})`,
        ours: fmt.ms(median),
        target: "< 50 ms",
        verdict: verdict(median < 50 && body.total_clicks === ANALYTICS_CLICKS),
        note:
          `p95 ${fmt.ms(p95)}` +
          (body.total_clicks === ANALYTICS_CLICKS
            ? ""
            : `; total_clicks ${body.total_clicks}, expected ${ANALYTICS_CLICKS}`),
      });
      const chart = await timeSequential(
        `${origin}/api/analytics/advanced?range=30d`,
        cookie,
        ANALYTICS_REQUESTS,
      );
      const days = chart.probe.status === 200 ? jsonOf<{ daily_clicks?: unknown[] }>(chart.probe) : {};
      raw.analyticsChart = { times: chart.times, days: days.daily_clicks?.length };
      rows.push({
        metric: `GET /api/analytics/advanced?range=30d, 10M clicks (median of ${ANALYTICS_REQUESTS})`,
        ours: chart.probe.status === 200 ? fmt.ms(chart.median) : `HTTP ${chart.probe.status}`,
        target: "< 50 ms",
        verdict: verdict(chart.median < 50 && (days.daily_clicks?.length ?? 0) >= 30),
        note: `p95 ${fmt.ms(chart.p95)}; ${days.daily_clicks?.length} days`,
      });
    } else {
      log(`GET /api/analytics answered ${analytics.probe.status}: analytics figure skipped`);
      rows.push({
        metric: "GET /api/analytics",
        ours: `HTTP ${analytics.probe.status}`,
        target: "route",
        verdict: "SKIP",
      });
    }

    // One of that user's pages: its 90-day figures (page_daily seeded: views, visitors, clicks), and
    // how long a view takes to reach them while the cached page is under load.
    await measurePageFigures(origin, cookie, `${origin}/p/${PAGE_SLUG}`, rows, raw);

    // The administrator's overview and user list, with 100k users and 1M clicks.
    await measureAdmin(origin, rows, raw);
    // The list of a user with a million short links.
    await measureShortLinkList(origin, seeded.loadSessionToken, rows, raw);

    // Clicks after the timed runs: SIGTERM right after the load, then count in the database.
    const stopped = await app.stop();
    log(`SIGTERM: server exited ${stopped.code} in ${stopped.seconds.toFixed(1)} s`);
    const counts1 = await countClicks({ url: databaseUrl, dataDir }, seeded.loadUserId);
    raw.clicksAfterTimedRuns = { responses: redirectResponses, counts: counts1 };
    if (redirectReady) {
      const diff = counts1.clickCount - redirectResponses;
      rows.push({
        metric: "clicks recorded after timed runs + SIGTERM",
        ours: fmt.int(counts1.clickCount),
        baseline: fmt.int(redirectResponses),
        target: "info",
        verdict: "INFO",
        note:
          `rollup total ${fmt.int(counts1.rollupTotal)}, events ${fmt.int(counts1.events)}, responses counted ` +
          `${fmt.int(redirectResponses)} (diff ${diff}): ${tool === "wrk" ? "wrk does not count the requests in flight when its time is up (up to 50 per run), the server still answers and records them" : "autocannon counts exactly"}`,
      });

      // A second instance, its caches empty: the cold redirects over every code, then the
      // exact check, a fixed number of requests (autocannon amount), SIGTERM as soon as it ends. Every
      // click of both must be in the database.
      app = await startApp({ port, dataDir, databaseUrl, logFile });
      const cold = baselines
        ? await measureColdRedirects(app, baselines.redirect, rows, raw)
        : { status: {} as Record<string, number> };
      const coldClicks = cold.status["302"] ?? 0;
      const exact = await runLoad({ url: hotUrl, amount: EXACT_REQUESTS, connections: CONNECTIONS });
      const stop2 = await app.stop();
      const counts2 = await countClicks({ url: databaseUrl, dataDir }, seeded.loadUserId);
      const delta: ClickCounts = {
        clickCount: counts2.clickCount - counts1.clickCount,
        rollupTotal: counts2.rollupTotal - counts1.rollupTotal,
        events: counts2.events - counts1.events,
        userRollupTotal:
          counts2.userRollupTotal === null ? null : counts2.userRollupTotal - (counts1.userRollupTotal ?? 0),
      };
      raw.clicksExact = { load: exact, stop: stop2, before: counts1, after: counts2, delta };
      log(
        `exact run: ${fmt.int(exact.ok)} redirects (${exact.errors} errors) at ${fmt.rps(exact.rps)}, ` +
          `SIGTERM exit ${stop2.code} in ${stop2.seconds.toFixed(1)} s; recorded ${JSON.stringify(delta)}`,
      );
      const n = exact.ok + coldClicks;
      const exactOk =
        exact.errors === 0 &&
        delta.clickCount === n &&
        delta.rollupTotal === n &&
        delta.events === n &&
        (delta.userRollupTotal === null || delta.userRollupTotal === n) &&
        stop2.code === 0;
      rows.push({
        metric: `no click lost: ${fmt.int(coldClicks)} cold + ${fmt.int(EXACT_REQUESTS)} hot redirects, SIGTERM at end`,
        ours: `${fmt.int(delta.clickCount)} / ${fmt.int(delta.rollupTotal)}`,
        baseline: fmt.int(n),
        target: "= N (count / rollup)",
        verdict: verdict(exactOk),
        note: `click_count ${delta.clickCount}, click_daily total ${delta.rollupTotal}, click_events ${delta.events}, click_daily_user total ${delta.userRollupTotal ?? "n/a"}, N ${n} (touch-all and autocannon amount, exact); exit code ${stop2.code}`,
      });
    }
  } catch (error) {
    log(`failed: ${error instanceof Error ? error.stack : error}`);
    if (app) console.error(tail(app.logFile));
    process.exitCode = 1;
  } finally {
    if (app && !app.exited) await app.stop();
    baselines?.child.kill("SIGTERM");
    closeAgent();
  }

  // Cold GET against cold HEAD over the same codes, each on a fresh server over a copy of the seeded
  // PGlite data dir, or of the bench's Postgres database (bench/cold.ts; BENCH_COLD_PAIR=0 skips it).
  if (process.env.BENCH_COLD_PAIR !== "0") await runColdPair({ log, rows, raw }, COLD_PAIR_CODES);

  // Two processes on Postgres + Redis, then the soak (bench/fleet.ts).
  await runFleetBench({ log, rows, raw });
  // The growth curve, 10k to 1M links (bench/growth.ts; BENCH_GROWTH=0 skips it).
  await runGrowthBench({ log, rows, raw, databaseUrl });

  const loadAfter = os.loadavg()[0]!;
  rows.push({
    metric: "machine load average (1 min), start / end",
    ours: `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`,
    target: `info (${os.cpus().length} cpus)`,
    verdict: "INFO",
    note:
      Math.max(loadBefore, loadAfter) > 0.5 * os.cpus().length
        ? "other processes were running: the timed figures of both sides are disturbed, ratios less so"
        : undefined,
  });
  const table = renderTable(rows);
  console.log(`\n${table}\n`);
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      tool,
      taskset: hasTaskset,
    },
    database: databaseUrl ? "postgres" : "pglite",
    settings: {
      warmup: WARMUP,
      duration: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      exactRequests: EXACT_REQUESTS,
    },
    rows,
    raw,
    seconds: (performance.now() - started) / 1000,
  };
  fs.writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results/latest.json; data dir ${tmp} removed`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

const unlock = lockBench();
try {
  await main();
} finally {
  unlock();
}
