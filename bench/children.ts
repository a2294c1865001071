// The bench's child processes: the bare baseline servers and the cold-code client (touch-all.ts),
// each pinned to its core. Shared by run.ts and growth.ts.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./app-server";
import { LOAD_CPU, pinned, SERVER_CPU } from "./load";

/** Runs a child to its end; its stdout. */
export function runChild(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}`))));
  });
}

/**
 * bench/baseline-servers.ts pinned to the server core: the bare redirect server and, given the file
 * of a captured page (headers and bytes), the bare page server.
 */
export function startBaselines(
  pageFile?: string,
): Promise<{ child: ChildProcess; page: number; redirect: number }> {
  const [command, args] = pinned(SERVER_CPU, process.execPath, [
    "--import",
    "tsx",
    path.join(ROOT, "bench", "baseline-servers.ts"),
    "0",
    "0",
    ...(pageFile ? [pageFile] : []),
  ]);
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) {
        const ports = JSON.parse(line) as { page: number; redirect: number };
        resolve({ child, ...ports });
      }
    });
    child.on("exit", (code) => reject(new Error(`baseline servers exited (${code})`)));
  });
}

/** What bench/touch-all.ts prints. */
export type Touched = {
  requests: number;
  status: Record<string, number>;
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

/**
 * bench/touch-all.ts pinned to the load core: `count` distinct codes scattered over 1..of. HEAD looks
 * each code up without recording a click.
 */
export async function touch(
  origin: string,
  count: number,
  of = count,
  method: "GET" | "HEAD" = "GET",
): Promise<Touched> {
  const [command, args] = pinned(LOAD_CPU, process.execPath, [
    "--import",
    "tsx",
    path.join(ROOT, "bench", "touch-all.ts"),
    origin,
    String(count),
    "32",
    method,
    String(of),
  ]);
  return JSON.parse(await runChild(command, args)) as Touched;
}
