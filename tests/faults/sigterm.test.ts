// SIGTERM under load (a deploy) on the embedded database: every accepted click is written, a request
// in flight finishes, the process exits within a bounded time; and a second process on the same data
// directory is refused. (Postgres: sigterm-postgres.test.ts.)
import { afterAll, describe, it } from "vitest";
import { tempDir } from "./fault-kit";
import { sigtermUnderLoad } from "./sigterm-under-load";

describe("SIGTERM under load on PGlite", () => {
  const temp = tempDir("sigterm-pglite");
  afterAll(() => temp.remove());

  it("writes every accepted click, finishes the request in flight, exits in time; a second process is refused", async () => {
    await sigtermUnderLoad({ dataDir: temp.dir, secondProcess: true });
  });
});
