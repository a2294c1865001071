import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../tests/test-database";

// What V8's feedback for `process.nextTick` says after full collections made while no entry was
// queued, in a node of its own: with this module imported, and without it (the control, which
// shows the test can fail). The states are read from %DebugPrint, V8's own print of the function's
// inline caches.
const SCRIPT = `
import { executionAsyncResource } from "node:async_hooks";
const debugPrint = new Function("f", "%DebugPrint(f)");
const sameShape = new Function("a", "b", "return %HaveSameMap(a, b)");
if (process.argv[1] === "held") await import(process.argv[2]);
const held = globalThis[Symbol.for("atalho.heldTickShape")];
for (let round = 0; round < 8; round++) {
  for (let i = 0; i < 200; i++) process.nextTick(() => {});
  await new Promise((resolve) => setTimeout(resolve, 5));
  globalThis.gc();
}
if (held) process.nextTick(() => process._rawDebug("same shape: " + sameShape(held, executionAsyncResource())));
process.nextTick(() => debugPrint(process.nextTick));
`;

/** The states of nextTick's literal stores (its entry's four properties) in slot order, and stderr. */
function literalStoreStates(mode: "held" | "control"): { states: string[]; stderr: string } {
  const module = new URL("./tick-shape.ts", import.meta.url).href;
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
    const states = [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
    return { states, stderr: result.stderr };
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Nothing here touches a database: the PGlite project runs it, the Postgres one would only repeat it.
describe.skipIf(testDatabaseKind === "postgres")("the held nextTick entry", () => {
  it("holds an object of the entries' shape, which keeps nextTick's literal from going megamorphic", () => {
    const { states, stderr } = literalStoreStates("held");
    expect(stderr).toContain("same shape: true");
    expect(states).toHaveLength(4);
    expect(states).not.toContain("MEGAMORPHIC");
  });

  it("without it, the same collections leave the literal's stores megamorphic (the control)", () => {
    expect(literalStoreStates("control").states).toContain("MEGAMORPHIC");
  });

  it("is the server's first import, so the shapes are held before the server's start-up collects", () => {
    const main = fs.readFileSync(new URL("../main.ts", import.meta.url), "utf8");
    expect(main.match(/^import .*$/m)?.[0]).toMatch(/^import "\.\/lib\/tick-shape";/);
  });
});
