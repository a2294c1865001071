// Redis down: the app keeps serving with local caches of short life (invalidation messages sent
// meanwhile are lost), requests never wait on Redis, the outage is logged once (not per request),
// and the app reconnects and subscribes again by itself.
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type AppServer, freePort, startApp } from "../../bench/app-server";
import { type Database, openDatabase } from "../../db/client";
import { shortenedUrls } from "../../db/schema";
import { OUTAGE_RESET_MS } from "../../server/lib/invalidation-bus";
import {
  redirectCacheKey,
  SHORT_URL_TOPIC,
} from "../../server/modules/shortened-urls/short-url-invalidation";
import {
  countClicks,
  get,
  logLines,
  type PrivatePostgres,
  type PrivateRedis,
  postgresMissing,
  redisCli,
  redisMissing,
  seedDatabase,
  sleep,
  startLoad,
  startPrivatePostgres,
  startPrivateRedis,
  targetOf,
  tempDir,
  waitFor,
} from "./fault-kit";

const missing = redisMissing() ?? postgresMissing();
if (missing) console.warn(`\n!!! FAULT TEST SKIPPED (Redis down): ${missing}\n`);

const PREFIX = "faults:";

describe.skipIf(missing)("Redis down", () => {
  let redis: PrivateRedis | undefined;
  let postgres: PrivatePostgres | undefined;
  let app: AppServer | undefined;
  let database: Database | undefined;
  const temp = tempDir("redis-down");
  afterAll(async () => {
    if (app && !app.exited) await app.stop();
    await database?.close();
    await redis?.kill();
    postgres?.destroy();
    temp.remove();
  });

  it("keeps serving with short-lived caches, logs the outage once and reconnects", async () => {
    redis = await startPrivateRedis();
    // Postgres, so that the test can change a link behind the app's back (as another process whose
    // message was lost would) while the app runs.
    postgres = await startPrivatePostgres();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const where = { url: postgres.url, dataDir: temp.dir };
    const { codes, domainId } = await seedDatabase(where, origin);
    const logFile = path.join(temp.dir, "app.log");
    app = await startApp({
      port,
      dataDir: temp.dir,
      databaseUrl: postgres.url,
      logFile,
      pin: false,
      env: { REDIS_URL: redis.url, REDIS_PREFIX: PREFIX },
    });
    database = await openDatabase({ url: postgres.url, dataDir: temp.dir, migrate: false, poolSize: 1 });
    const retarget = (code: string, url: string) =>
      database!.db.update(shortenedUrls).set({ originalUrl: url }).where(eq(shortenedUrls.shortCode, code));
    // Every 302 to a link is a click, counted against the database at the end.
    let visits = 0;
    const location = async (code: string) => {
      const answer = await get(`${origin}/s/${code}`);
      if (answer.status === 302) visits++;
      return answer.headers.location;
    };
    await waitFor(
      "/readyz with Redis",
      async () => JSON.parse((await get(`${origin}/readyz`)).body).status === "ok",
    );
    for (const code of codes) expect((await get(`${origin}/s/${code}`)).status).toBe(302);
    let accepted = codes.length;

    // With Redis up, a link is served from memory until a message says it changed: a change
    // without a message is not seen (the cache lives 5 minutes).
    const [edited, another] = [codes[0]!, codes[1]!];
    await retarget(edited, "https://exemplo.com.br/sem-aviso");
    await sleep(OUTAGE_RESET_MS + 500);
    expect(await location(edited)).toBe(targetOf(edited));
    await retarget(edited, targetOf(edited));

    const load = startLoad(origin, codes.slice(2), 4);
    await sleep(500);
    await redis.kill();
    await waitFor(
      "/readyz to see Redis gone",
      async () => JSON.parse((await get(`${origin}/readyz`)).body).redis === "down",
    );
    // Degraded but ready: a balancer must not take out every process for a Redis they all share.
    const degraded = await get(`${origin}/readyz`);
    expect(degraded.status).toBe(200);
    expect(JSON.parse(degraded.body)).toEqual({ status: "degraded", database: "postgres", redis: "down" });
    expect((await get(`${origin}/healthz`)).status).toBe(200);
    // No request waits for Redis: rate-limited routes (their counters are in Redis) included.
    for (let i = 0; i < 5; i++) {
      const limited = await get(`${origin}/api/blog/posts`);
      expect(limited.status).toBe(200);
      expect(limited.ms).toBeLessThan(1_000);
    }

    // Redis away: messages are lost, so caches live OUTAGE_RESET_MS at most. The same change
    // without a message is now seen within that time.
    await retarget(another, "https://exemplo.com.br/durante-a-queda");
    const changedAt = Date.now();
    await waitFor(
      "the change to be served",
      async () => (await location(another)) === "https://exemplo.com.br/durante-a-queda",
      OUTAGE_RESET_MS + 3_000,
    );
    expect(Date.now() - changedAt).toBeLessThan(OUTAGE_RESET_MS + 3_000);
    expect(logLines(logFile, "Redis indisponível")).toHaveLength(1);

    await redis.start();
    await waitFor(
      "/readyz with Redis back",
      async () => JSON.parse((await get(`${origin}/readyz`)).body).status === "ok",
      20_000,
    );
    await waitFor("the recovery line", () => logLines(logFile, "Redis de volta").length === 1, 5_000);
    // One line for the whole outage, not one per request or reconnection attempt.
    expect(logLines(logFile, "Redis indisponível")).toHaveLength(1);

    // Subscribed again: a change announced on the channel (by another process) is served at once.
    await waitFor("the subscription", () =>
      redisCli(redis!.port, "pubsub", "numsub", `${PREFIX}invalidate`).endsWith("1"),
    );
    await sleep(1_500); // past the reset that follows a reconnection
    expect(await location(edited)).toBe(targetOf(edited));
    await retarget(edited, "https://exemplo.com.br/com-aviso");
    expect(await location(edited)).toBe(targetOf(edited)); // cached, no message yet
    const message = {
      origin: "outro-processo",
      topic: SHORT_URL_TOPIC,
      key: redirectCacheKey(domainId, edited),
    };
    redisCli(redis.port, "publish", `${PREFIX}invalidate`, JSON.stringify(message));
    await waitFor(
      "the announced change",
      async () => (await location(edited)) === "https://exemplo.com.br/com-aviso",
      2_000,
    );

    await load.stop();
    accepted += load.counts.redirects + visits;
    expect(load.counts.other + load.counts.errors).toBe(0);
    expect((await app.stop()).code).toBe(0);
    expect(await countClicks(where)).toEqual({ events: accepted, counters: accepted });
  });
});
