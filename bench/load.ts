// The load generator: wrk when it is on PATH (parsing its --latency output), else autocannon (a dev
// dependency) as a child process. Pinned to the load core with taskset when available, so that it
// never competes with the server under test.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type LoadTool = "wrk" | "autocannon";

export type LoadOptions = {
  url: string;
  connections?: number;
  /** Seconds; ignored when amount is given. */
  duration?: number;
  /** An exact number of requests (autocannon only: its counts are exact). */
  amount?: number;
  headers?: Record<string, string>;
  tool?: LoadTool;
  /** Requests per second in all (autocannon -R, spread over the connections); unset: as fast as it can. */
  rate?: number;
  /** A wrk Lua script choosing each request (wrk only), with its arguments. */
  script?: { file: string; args: string[] };
};

export type LoadResult = {
  tool: LoadTool;
  /** Completed responses, whatever their status. */
  requests: number;
  /** Responses with a 2xx or 3xx status. */
  ok: number;
  /** Non-2xx/3xx responses plus socket errors and timeouts. */
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
};

/**
 * Every request carries a browser's User-Agent, as visitors' do: a request without one is counted as
 * a bot (no click_count, only the 'bot' rollup), which is not the path being measured.
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const withUserAgent = (headers: Record<string, string> = {}) => ({
  "user-agent": BROWSER_USER_AGENT,
  ...headers,
});

const onPath = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

export const hasTaskset = onPath("taskset") && spawnSync("taskset", ["-c", "0", "true"]).status === 0;
export const hasWrk = onPath("wrk");
/** Core of the server under test and of the baselines; the load generator gets the other one. */
export const SERVER_CPU = "0";
export const LOAD_CPU = "1";

export function defaultTool(): LoadTool {
  const forced = process.env.BENCH_LOAD_TOOL;
  if (forced === "wrk" || forced === "autocannon") return forced;
  return hasWrk ? "wrk" : "autocannon";
}

/** A command line, prefixed with taskset -c <cpu> when taskset works here. */
export function pinned(cpu: string, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ["taskset", ["-c", cpu, command, ...args]] : [command, args];
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} exited with ${code}: ${err || out}`));
    });
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  // wrk has no fixed rate: a paced run is autocannon's. A script is wrk's.
  const tool = options.script
    ? "wrk"
    : options.amount || options.rate
      ? "autocannon"
      : (options.tool ?? defaultTool());
  return tool === "wrk" ? runWrk(options) : runAutocannon(options);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`wrk: unexpected latency "${value}"`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const args = ["-t1", `-c${options.connections ?? 50}`, `-d${options.duration ?? 8}s`, "--latency"];
  for (const [name, value] of Object.entries(withUserAgent(options.headers)))
    args.push("-H", `${name}: ${value}`);
  if (options.script) args.push("-s", options.script.file);
  args.push(options.url);
  if (options.script) args.push("--", ...options.script.args);
  const out = await run(...pinned(LOAD_CPU, "wrk", args));
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out);
    if (!match) throw new Error(`wrk: no ${p}% line in:\n${out}`);
    return toMs(match[1]!);
  };
  // wrk counts a request when its response is complete: requests still in flight when the time is
  // up are not counted (the server may still answer, and record, them).
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(out);
  if (!total) throw new Error(`wrk: no total in:\n${out}`);
  const requests = Number(total[1]);
  const seconds = toMs(`${total[2]}${total[3]}`) / 1000;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    tool: "wrk",
    requests,
    ok: requests - non2xx,
    errors: non2xx + socketErrors,
    seconds,
    rps: requests / seconds,
    p50Ms: percentile("50"),
    p99Ms: percentile("99"),
  };
}

type AutocannonJson = {
  duration: number;
  latency: { p50: number; p99: number };
  requests: { total: number };
  "2xx": number;
  "3xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const bin = require.resolve("autocannon/autocannon.js");
  const args = [bin, "-c", String(options.connections ?? 50), "-j"];
  if (options.rate) args.push("-R", String(Math.max(1, Math.round(options.rate))));
  if (options.amount) args.push("-a", String(options.amount));
  else args.push("-d", String(options.duration ?? 8));
  for (const [name, value] of Object.entries(withUserAgent(options.headers)))
    args.push("-H", `${name}=${value}`);
  args.push(options.url);
  const out = await run(...pinned(LOAD_CPU, process.execPath, args));
  const json = JSON.parse(out.slice(out.indexOf("{"))) as AutocannonJson;
  // autocannon's non2xx counts the 3xx responses too.
  const ok = json["2xx"] + json["3xx"];
  const requests = json["2xx"] + json.non2xx;
  return {
    tool: "autocannon",
    requests,
    ok,
    errors: requests - ok + json.errors + json.timeouts,
    seconds: json.duration,
    rps: requests / json.duration,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
  };
}
