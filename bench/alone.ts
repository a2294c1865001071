// Running one scenario of the bench by itself (`npx tsx bench/fleet.ts`, `bench/growth.ts`): the
// same lock as npm run bench (one bench at a time), a log with the seconds, the table printed and
// the figures written to bench/results/<name>.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { takePidLock } from "../db/client";
import { ROOT } from "./app-server";
import { type Row, renderTable } from "./report";

export type Scenario = { log: (message: string) => void; rows: Row[]; raw: Record<string, unknown> };

/** Whether the module at `url` is the script node was started with. */
export const isMain = (url: string) =>
  !!process.argv[1] && url === pathToFileURL(path.resolve(process.argv[1])).href;

export async function runAlone(name: string, run: (scenario: Scenario) => Promise<void>): Promise<void> {
  const unlock = takePidLock(path.join(os.tmpdir(), "atalho-bench.lock"), (pid) => {
    console.error(`another bench (pid ${pid}) is running on this machine; run again when it ends`);
    process.exit(2);
  });
  const started = performance.now();
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};
  fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
  try {
    await run({
      log: (message) =>
        console.log(
          `[${name} ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`,
        ),
      rows,
      raw,
    });
  } finally {
    unlock();
  }
  console.log(`\n${renderTable(rows)}\n`);
  fs.writeFileSync(
    path.join(ROOT, "bench", "results", `${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), rows, raw }, null, 2)}\n`,
  );
}
