import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../tests/test-database";
import { FleetConflictError, type FleetLock, guardFleet, holdFleetLock } from "./fleet-guard";

describe("guardFleet", () => {
  it("does nothing on PGlite (its data directory refuses a second process by itself)", async () => {
    expect(await guardFleet({ databaseUrl: "memory://" })).toBeUndefined();
    expect(await guardFleet({ databaseUrl: undefined, redisUrl: "redis://127.0.0.1:6379" })).toBeUndefined();
  });
});

// The lock lives in Postgres: these run in the api-postgres project (TEST_DATABASE_URL).
describe.skipIf(testDatabaseKind !== "postgres")("holdFleetLock on Postgres", () => {
  const url = process.env.TEST_DATABASE_URL ?? "";
  // A key of this run's own: the projects and other files may run at the same time.
  const key = [0x41544c48, 1_000_000 + Math.floor(Math.random() * 1e9)] as const;
  const held: FleetLock[] = [];
  const hold = async (redis: boolean) => {
    const lock = await holdFleetLock({ url, redis, key, retryMs: 50 });
    held.push(lock);
    return lock;
  };
  afterEach(async () => {
    for (const lock of held.splice(0)) await lock.release();
  });

  it("refuses a second process without Redis, in pt-BR, naming REDIS_URL", async () => {
    await hold(false);
    const second = hold(false);
    await expect(second).rejects.toBeInstanceOf(FleetConflictError);
    await expect(second).rejects.toThrow(/Sem REDIS_URL só um processo pode usá-lo.*defina REDIS_URL/);
  });

  it("lets any number of processes with Redis share the database", async () => {
    const locks = [await hold(true), await hold(true), await hold(true)];
    expect(locks.map((lock) => lock.mode)).toEqual(["shared", "shared", "shared"]);
  });

  it("refuses to mix processes with and without Redis, either way round", async () => {
    const alone = await hold(false);
    await expect(hold(true)).rejects.toThrow(/sem REDIS_URL já usa este banco/);
    await alone.release();
    await hold(true);
    await expect(hold(false)).rejects.toThrow(/Outro processo do Atalho já usa este banco/);
  });

  it("frees the lock on release (a stopped process lets the next one start)", async () => {
    const first = await hold(false);
    await first.release();
    expect((await hold(false)).mode).toBe("exclusive");
  });

  it("takes the lock again on a new connection when Postgres drops the old one", async () => {
    const lock = await hold(false);
    const warnings: string[] = [];
    lock.setLogger({ warn: (_o, message) => warnings.push(message), error: () => {} });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'atalho fleet lock' and pid <> pg_backend_pid() and exists (select 1 from pg_locks l where l.pid = pg_stat_activity.pid and l.locktype = 'advisory' and l.objid = $1)",
        [key[1]],
      );
      await expect.poll(() => warnings.length, { timeout: 5_000 }).toBeGreaterThan(0);
      // Held again: another process without Redis is still refused.
      await expect
        .poll(
          async () =>
            (
              await admin.query<{ n: number }>(
                "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and granted",
                [key[1]],
              )
            ).rows[0]?.n,
          { timeout: 5_000 },
        )
        .toBe(1);
      await expect(hold(false)).rejects.toBeInstanceOf(FleetConflictError);
    } finally {
      await admin.end();
    }
  });
});
