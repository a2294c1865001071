// The app server under test: the bundled server as `npm start` runs it (`node build/server.js`), pinned to the server core, on a
// seeded database; stopped with SIGTERM like a deployment does.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { buildServer } from "../scripts/build-server.mjs";
import { serverNodeFlags } from "../scripts/server-flags.mjs";
import { pinned, SERVER_CPU } from "./load";

export const ROOT = path.resolve(import.meta.dirname, "..");

export type AppServer = {
  pid: number;
  port: number;
  origin: string;
  /** SIGTERM, then the exit code once the process is gone (it writes its queued clicks first). */
  stop(): Promise<{ code: number | null; seconds: number }>;
  /** From spawning node to the first 200 of /healthz (migrations, caches, listen). */
  startSeconds: number;
  /** Sends a signal without waiting (SIGKILL for a crash, SIGTERM for a deploy). */
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (-1 when killed by a signal). */
  exit: Promise<number | null>;
  exited: boolean;
  logFile: string;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type StartOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeFlags?: string[];
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the server creates (or promotes) this administrator at start. */
  admin?: { email: string; password: string };
  /** More environment for the server (REDIS_URL, REDIS_PREFIX, …), applied last. */
  env?: Record<string, string>;
  /** Pin to the server core (the bench); tests leave it off. Default true. */
  pin?: boolean;
};

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function startApp(options: StartOptions): Promise<AppServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  // Another process answering /healthz on the port would be measured instead of ours.
  if (!(await portIsFree(options.port))) throw new Error(`port ${options.port} is already in use`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the caller's configuration leaks into the server under test.
  for (const name of [
    "DATABASE_URL",
    "REDIS_URL",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "DIST_DIR",
    "TRUST_PROXY",
    "NODE_OPTIONS",
  ])
    delete env[name];
  Object.assign(env, {
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.admin)
    Object.assign(env, { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password });
  if (options.env) Object.assign(env, options.env);

  const log = fs.openSync(options.logFile, "a");
  await buildServerOnce();
  const spawnedAt = performance.now();
  const nodeArgs = [
    ...(options.nodeFlags ?? []),
    // The flags scripts/start.mjs runs the server with (the caller's NODE_OPTIONS are ignored).
    ...serverNodeFlags(""),
    path.join(ROOT, "build", "server.js"),
  ];
  const [command, args] =
    options.pin === false ? [process.execPath, nodeArgs] : pinned(SERVER_CPU, process.execPath, nodeArgs);
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  let exitCode: number | null | undefined;
  const exit = new Promise<number | null>((resolve) => {
    child.on("exit", (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve(exitCode);
    });
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (${exitCode}) before answering:\n${tail(options.logFile)}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok && exitCode === undefined) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /healthz in 90 s:\n${tail(options.logFile)}`);
    }
    await sleep(20);
  }

  const startSeconds = (performance.now() - spawnedAt) / 1000;
  const server: AppServer = {
    pid: child.pid!,
    startSeconds,
    port: options.port,
    origin,
    logFile: options.logFile,
    get exited() {
      return exitCode !== undefined;
    },
    exit,
    kill(signal) {
      if (exitCode === undefined) child.kill(signal);
    },
    async stop() {
      const started = performance.now();
      if (exitCode === undefined) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const code = await exit;
      clearTimeout(timer);
      return { code, seconds: (performance.now() - started) / 1000 };
    },
  };
  return server;
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

export function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

let built: Promise<unknown> | undefined;

/**
 * The server as production runs it (npm run build:server, scripts/build-server.mjs), bundled once
 * per process. Test files that start servers run in parallel workers: each bundles to a file of its
 * own and renames it into place, so no process ever starts a half-written bundle.
 */
export function buildServerOnce(): Promise<unknown> {
  built ??= buildServer();
  return built;
}

/**
 * Why Postgres or Redis cannot be used (a line naming the address and `hint`, the variable to set),
 * or null when both answer within 2 s: the fleet bench and test skip with it.
 */
export async function unreachableServices(
  postgresUrl: string,
  redisUrl: string,
  hints: { postgres: string; redis: string },
): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    return `Postgres unreachable at ${postgresUrl} (${(error as Error).message}; set ${hints.postgres})`;
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis unreachable at ${redisUrl} (${(error as Error).message}; set ${hints.redis})`;
  } finally {
    redis.disconnect();
  }
}
