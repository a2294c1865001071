// The app server under test: the bundled server as `npm start` runs it (`node build/server.js`), pinned to the server core, on a
// seeded database; stopped with SIGTERM like a deployment does.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { serverNodeFlags } from "../scripts/server-flags.mjs";
import { pinned, SERVER_CPU } from "./load";

export const ROOT = path.resolve(import.meta.dirname, "..");

export type AppServer = {
  pid: number;
  port: number;
  origin: string;
  /** SIGTERM, then the exit code once the process is gone (it writes its queued clicks first). */
  stop(): Promise<{ code: number | null; seconds: number }>;
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

  const log = fs.openSync(options.logFile, "a");
  buildServerOnce();
  const [command, args] = pinned(SERVER_CPU, process.execPath, [
    ...(options.nodeFlags ?? []),
    // The flags scripts/start.mjs runs the server with (the caller's NODE_OPTIONS are ignored).
    ...serverNodeFlags(""),
    path.join(ROOT, "build", "server.js"),
  ]);
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
    await sleep(100);
  }

  const server: AppServer = {
    pid: child.pid!,
    port: options.port,
    origin,
    logFile: options.logFile,
    get exited() {
      return exitCode !== undefined;
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

let built = false;

/** The server as production runs it: bundled once per bench run (npm run build:server). */
function buildServerOnce(): void {
  if (built) return;
  const result = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build:server failed");
  built = true;
}
