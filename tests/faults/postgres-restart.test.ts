// Postgres restarted under load: cached redirects keep answering, the clicks taken meanwhile are held
// and written once it is back (none lost, none doubled), the API answers 503 in pt-BR while it is
// away and recovers by itself, and /healthz and /readyz tell a load balancer which is which.
import path from "node:path";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import { type AppServer, freePort, startApp, tail } from "../../bench/app-server";
import { SERVICE_UNAVAILABLE } from "../../common/contract/errors";
import {
  BROWSER_UA,
  countClicks,
  countViews,
  get,
  type PrivatePostgres,
  postgresMissing,
  seedDatabase,
  sleep,
  startLoad,
  startPrivatePostgres,
  tempDir,
  waitFor,
} from "./fault-kit";

const missing = postgresMissing();
if (missing) console.warn(`\n!!! FAULT TEST SKIPPED (Postgres restart): ${missing}\n`);

describe.skipIf(missing)("Postgres restarted under load", () => {
  let postgres: PrivatePostgres | undefined;
  let app: AppServer | undefined;
  const temp = tempDir("pg-restart");
  afterAll(async () => {
    if (app && !app.exited) await app.stop();
    postgres?.destroy();
    temp.remove();
  });

  it("keeps redirecting, holds the clicks, answers 503 in pt-BR, and recovers by itself", async () => {
    postgres = await startPrivatePostgres();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const where = { url: postgres.url, dataDir: temp.dir };
    const logFile = path.join(temp.dir, "app.log");
    // A failure here is a race between the server, the database and the load: the server's own
    // account of it is what tells which.
    onTestFailed(() => console.error(`The server's log, last lines:\n${tail(logFile, 60)}`));
    const { codes, pageSlug } = await seedDatabase(where, origin);
    app = await startApp({
      port,
      dataDir: temp.dir,
      databaseUrl: postgres.url,
      logFile,
      pin: false,
    });

    // Every link visited once: from now on they are answered from memory.
    for (const code of codes) expect((await get(`${origin}/s/${code}`)).status).toBe(302);
    let accepted = codes.length;
    // The page too, once: its views are then answered from memory, and held like the clicks.
    expect((await get(`${origin}/p/${pageSlug}`, { "user-agent": BROWSER_UA })).status).toBe(200);
    const api = `${origin}/api/subscription-plans`;
    expect((await get(api)).status).toBe(200);

    const load = startLoad(origin, codes, 8, pageSlug);
    await sleep(1_000);
    postgres.stop();
    const redirectsWhenStopped = load.counts.redirects;

    // Away: liveness yes, readiness no, the API 503 in pt-BR, cached redirects still 302.
    expect((await get(`${origin}/healthz`)).status).toBe(200);
    const ready = await get(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ error: SERVICE_UNAVAILABLE, database: "down" });
    const down = await get(api);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ error: SERVICE_UNAVAILABLE });
    expect(down.headers["retry-after"]).toBeDefined();
    const viewsWhenStopped = load.counts.views;
    await sleep(2_000);
    expect(load.counts.redirects - redirectsWhenStopped).toBeGreaterThan(50);
    expect(load.counts.views - viewsWhenStopped).toBeGreaterThan(10);

    postgres.start();
    // Back: nobody restarts the app.
    await waitFor("the API to answer again", async () => (await get(api)).status === 200);
    await waitFor("/readyz", async () => (await get(`${origin}/readyz`)).status === 200);
    await sleep(1_000);
    await load.stop();
    accepted += load.counts.redirects;
    expect(load.counts.other).toBe(0);
    expect(load.counts.errors).toBe(0);

    // The held clicks are written (the queue retries with a backoff of at most 5 s).
    await waitFor("every click written", async () => (await countClicks(where)).events >= accepted, 30_000);
    // Then SIGTERM (writes anything left) and the exact count: none lost, none doubled.
    expect((await app.stop()).code).toBe(0);
    expect(await countClicks(where)).toEqual({ events: accepted, counters: accepted });
    const views = 1 + load.counts.views;
    expect(await countViews(where)).toEqual({ events: views, figures: views });
  });
});
