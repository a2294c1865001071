import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@common": path.resolve(import.meta.dirname, "common"),
  "@web": path.resolve(import.meta.dirname, "web"),
};
const apiTests = ["server/**/*.test.ts", "db/**/*.test.ts"];

// The API suite runs on in-memory PGlite, and again on Postgres when TEST_DATABASE_URL is set.
const apiProject = (name: string, kind: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include: apiTests,
    environment: "node",
    env: { ATALHO_TEST_DB: kind },
    globalSetup: ["tests/global-setup.ts"],
    // Each file builds its own app on its own database, and the server keeps no state in modules
    // that a file could leave behind: sharing one module graph per worker spares re-importing the
    // whole server for every file, which was most of the suite's time.
    // The web project shares its worker too, with what a file leaves behind cleared (web-setup.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // where the Postgres half of the API suite mostly waits on the database. Two workers there took
    // the run from ~14 to ~6.5 minutes (three were no faster).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["common/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts", "lint/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/web-setup.ts"],
          // One worker's DOM and module graph serve file after file: a fresh process, jsdom and React
          // per file were more than half of this project's time. What a file leaves behind (the DOM,
          // storage, stubs, timers, toasts, our modules' state) is cleared in tests/web-setup.ts.
          isolate: false,
          // A screen's first render under jsdom takes 1-3 s on a loaded 2-core machine (the API
          // half runs beside it): vitest's 5 s default failed whole screens there, not slow code.
          testTimeout: 15_000,
        },
      },
      apiProject("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgres")] : []),
    ],
  },
});
