import path from "node:path";
import { defineConfig } from "vitest/config";

// npm run test:faults: tests that start real app processes (the bundled server, as `npm start` runs
// it) on loopback Postgres, Redis and PGlite data directories, then break things: several processes
// behaving as one, a database restarted under load, Redis gone, SIGTERM under load.
export default defineConfig({
  resolve: {
    alias: {
      "@common": path.resolve(import.meta.dirname, "common"),
      "@web": path.resolve(import.meta.dirname, "web"),
    },
  },
  test: {
    name: "faults",
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    // The files mostly wait on the processes they start: run them side by side even on 2 cores.
    maxWorkers: 4,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
