// npm test: lint, type-check, unit + API tests (PGlite, and Postgres when TEST_DATABASE_URL is set)
// with the fault tests (npm run test:faults: real server processes, Postgres restarted, Redis killed,
// SIGTERM) beside them, then the browser journeys alone when Chromium is there (required when CI is
// set). Ends with one plain "N passed, N failed" line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const browserRequired = process.env.CI === "true" || process.env.E2E_REQUIRED === "1";
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/**
 * Runs steps side by side, each one's output kept and printed whole when it ends (in the order
 * given), so that short steps that do not depend on each other cost the longest one's time.
 */
async function runSideBySide(steps) {
  const ended = steps.map(
    ({ label, command, args, env = {} }) =>
      new Promise((resolve) => {
        const chunks = [];
        const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
        child.stdout.on("data", (chunk) => chunks.push(chunk));
        child.stderr.on("data", (chunk) => chunks.push(chunk));
        child.on("error", (error) => resolve({ label, command, args, code: 1, output: String(error) }));
        child.on("close", (code) =>
          resolve({ label, command, args, code, output: Buffer.concat(chunks).toString() }),
        );
      }),
  );
  for (const step of ended) {
    const { label, command, args, code, output } = await step;
    console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
    process.stdout.write(output);
    if (code !== 0) failures.push(label);
  }
}

/** Adds a Vitest JSON report's counts (none when the run wrote no report). */
function countVitest(reportPath) {
  if (!fs.existsSync(reportPath)) return;
  const report = JSON.parse(fs.readFileSync(reportPath, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

fs.mkdirSync(path.join(root, "test-results"), { recursive: true });

// The browser journeys run on the production build: it is made here, beside the lint and the type
// check, rather than after the unit and API tests (playwright.config.ts reads E2E_PREBUILT).
const willBrowse = fs.existsSync(chromium);
const e2eDist = path.resolve(root, process.env.E2E_DIST ?? "dist");
await runSideBySide([
  { label: "lint", command: "npx", args: ["biome", "check", "."] },
  { label: "typecheck", command: "npx", args: ["tsc", "--noEmit"] },
  ...(willBrowse
    ? [
        {
          label: "browser build",
          command: "npx",
          args: ["vite", "build", "--logLevel", "warn", "--outDir", e2eDist],
          env: { NODE_ENV: "production" },
        },
      ]
    : []),
]);

// The fault tests start servers, a private Postgres and Redis of their own on free ports: they run
// beside the unit and API tests (their output is printed when they end), whose timeouts are generous,
// and are over before the browser step starts: the journeys' 7 s waits are the tightest of the run,
// and two of them ran out while the faults' load shared the two cores with them. Their files live
// apart: Playwright empties test-results/ when it starts.
const faultsDir = path.join(root, "test-results-faults");
fs.mkdirSync(faultsDir, { recursive: true });
const faultsJson = path.join(faultsDir, "faults.json");
const faultsLog = path.join(faultsDir, "faults.log");
fs.rmSync(faultsJson, { force: true });
console.log(
  `\n=== faults (in the background, output in ${path.relative(root, faultsLog)}): npm run test:faults`,
);
const faultsOut = fs.openSync(faultsLog, "w");
const faults = spawn(
  "npx",
  [
    "vitest",
    "run",
    "--config",
    "vitest.faults.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${faultsJson}`,
  ],
  { cwd: root, stdio: ["ignore", faultsOut, faultsOut], env: process.env },
);
fs.closeSync(faultsOut);
const faultsDone = new Promise((resolve) => {
  faults.on("exit", (code) => resolve(code));
  faults.on("error", () => resolve(1));
});

const vitestJson = path.join(root, "test-results", "vitest.json");
fs.rmSync(vitestJson, { force: true });
run("vitest", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
countVitest(vitestJson);

const faultsCode = await faultsDone;
console.log(`\n=== faults: ${faultsCode === 0 ? "passed" : "FAILED"}\n`);
process.stdout.write(fs.readFileSync(faultsLog, "utf8"));
if (faultsCode !== 0) failures.push("faults");
countVitest(faultsJson);

if (willBrowse) {
  const e2eJson = path.join(root, "test-results", "e2e.json");
  fs.rmSync(e2eJson, { force: true });
  run("browser", "npx", ["playwright", "test"], {
    CI: "true",
    E2E_PREBUILT: failures.includes("browser build") ? "0" : "1",
  });
  if (fs.existsSync(e2eJson)) {
    const stats = JSON.parse(fs.readFileSync(e2eJson, "utf8")).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
} else if (browserRequired) {
  console.error(`\n!!! Chromium not found at ${chromium}: the browser tests are required here (CI).`);
  failures.push("browser (chromium missing)");
} else {
  console.log(`\n${"!".repeat(72)}`);
  console.log(`!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`);
  console.log("!!! Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.");
  console.log("!".repeat(72));
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failures.length || failed ? 1 : 0);
