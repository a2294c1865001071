// SIGTERM under load (a deploy) on Postgres: every accepted click is written, a request in flight
// finishes, the process exits within a bounded time.
import { afterAll, describe, it } from "vitest";
import { type PrivatePostgres, postgresMissing, startPrivatePostgres, tempDir } from "./fault-kit";
import { sigtermUnderLoad } from "./sigterm-under-load";

const missing = postgresMissing();
if (missing) console.warn(`\n!!! FAULT TEST SKIPPED (SIGTERM on Postgres): ${missing}\n`);

describe.skipIf(missing)("SIGTERM under load on Postgres", () => {
  const temp = tempDir("sigterm-postgres");
  let postgres: PrivatePostgres | undefined;
  afterAll(() => {
    postgres?.destroy();
    temp.remove();
  });

  it("writes every accepted click, finishes the request in flight, exits in time", async () => {
    postgres = await startPrivatePostgres();
    await sigtermUnderLoad({ databaseUrl: postgres.url, dataDir: temp.dir });
  });
});
