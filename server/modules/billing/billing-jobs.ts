import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client";
import { purgeExpiredAnalytics } from "../analytics/analytics-retention";
import { runExpiry } from "./billing.service";

const MINUTE = 60_000;
// Advisory lock keys: one job of each kind at a time across every process on one Postgres.
const EXPIRY_LOCK = 7_301_001;
const PURGE_LOCK = 7_301_002;

/** Runs `job` only if no other process holds its lock (held until the transaction ends). */
async function once(db: Db, key: number, job: (db: Db) => Promise<unknown>) {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    const rows =
      (result as { rows?: { locked: boolean }[] }).rows ?? (result as unknown as { locked: boolean }[]);
    if (!rows[0]?.locked) return null;
    return job(tx as unknown as Db);
  });
}

/**
 * The scheduled jobs: subscription expiry (and abandoned checkouts) every minute, the analytics
 * retention purge every hour. Each runs once across the fleet at a time. Returns a stop function.
 */
export function startBillingJobs(db: Db, log: FastifyBaseLogger): () => void {
  const safely = (name: string, key: number, job: (db: Db) => Promise<unknown>) => () => {
    once(db, key, job)
      .then((result) => {
        if (result) log.debug({ job: name, result }, "scheduled job ran");
      })
      .catch((error) => log.error({ err: error, job: name }, "scheduled job failed"));
  };
  const expiry = safely("subscription-expiry", EXPIRY_LOCK, (tx) => runExpiry(tx));
  const purge = safely("analytics-purge", PURGE_LOCK, (tx) => purgeExpiredAnalytics(tx));
  const first = setTimeout(() => {
    expiry();
    purge();
  }, 5_000);
  const timers = [setInterval(expiry, MINUTE), setInterval(purge, 60 * MINUTE)];
  for (const timer of [first, ...timers]) timer.unref();
  return () => {
    clearTimeout(first);
    for (const timer of timers) clearInterval(timer);
  };
}
