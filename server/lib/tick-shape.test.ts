import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../tests/test-database";

// What V8's feedback for `process.nextTick` says after full collections made while no entry was
// queued, in a node of its own: with this module imported, and without it (the control, which
// shows the test can fail). The states are read from %DebugPrint, V8's own print of the function's
// inline caches.
const SCRIPT = `
const debugPrint = new Function("f", "%DebugPrint(f)");
if (process.argv[1] === "held") await import(process.argv[2]);
for (let round = 0; round < 8; round++) {
  for (let i = 0; i < 200; i++) process.nextTick(() => {});
  await new Promise((resolve) => setTimeout(resolve, 5));
  globalThis.gc();
}
debugPrint(process.nextTick);
`;

/** The states of nextTick's literal stores (its entry's four properties), in slot order. */
function literalStoreStates(mode: "held" | "control"): string[] {
  const module = pathToFileURL(new URL("./tick-shape.ts", import.meta.url).pathname).href;
  // V8 prints with C's buffered stdout, which loses its tail on node's non-blocking pipes: a file.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tick-shape-"));
  const file = path.join(dir, "stdout.txt");
  const out = fs.openSync(file, "w");
  try {
    const result = spawnSync(
      process.execPath,
      [
        "--allow-natives-syntax",
        "--expose-gc",
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        SCRIPT,
        mode,
        module,
      ],
      { stdio: ["ignore", out, "pipe"], encoding: "utf8", timeout: 30_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    const printed = fs.readFileSync(file, "utf8");
    return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Nothing here touches a database: the PGlite project runs it, the Postgres one would only repeat it.
describe.skipIf(testDatabaseKind === "postgres")("the held nextTick entry", () => {
  it("keeps nextTick's entry literal monomorphic through full collections", () => {
    expect(literalStoreStates("held")).toEqual(["MONOMORPHIC", "MONOMORPHIC", "MONOMORPHIC", "MONOMORPHIC"]);
  });

  it("without it, the same collections leave the literal's stores megamorphic (the control)", () => {
    expect(literalStoreStates("control")).toContain("MEGAMORPHIC");
  });
});
