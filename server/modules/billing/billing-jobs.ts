import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { maintainTables } from "../../lib/table-maintenance";
import { purgeAccessLog } from "../access-log/access-log";
import { finishPendingDeletions } from "../account/account-deletion";
import { purgeExpiredAnalytics } from "../analytics/analytics-retention";
import { purgeExpiredAuthRecords } from "../auth/auth-purge";
import { purgeClickBatches } from "../clicks/click-queue";
import { type BillingApp, resyncPendingPayments, runExpiry } from "./billing.service";
import { expireCheckouts } from "./checkout-closing";
import { purgeExpiredPayments } from "./payment-retention";
import { userPlanChanged } from "./plan-cache";

const MINUTE = 60_000;
const HOLDER = `${process.pid}-${randomUUID()}`;

/**
 * Takes the job's lease for `ms` unless another process holds it: a job runs once per period across
 * every process on one database. A lease, not a transaction-held lock, so nothing stays open while
 * the job works (PGlite has one connection).
 */
export async function takeLease(db: Db, name: string, ms: number, holder = HOLDER): Promise<boolean> {
  const result = await db.execute(sql`
    insert into job_leases (name, locked_until, holder)
    values (${name}, now() + ${ms} * interval '1 millisecond', ${holder})
    on conflict (name) do update set locked_until = excluded.locked_until, holder = excluded.holder
      where job_leases.locked_until <= now()
    returning name`);
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length > 0;
}

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * The scheduled jobs: subscription expiry and abandoned checkouts every minute, pending payments read
 * again every five, account deletions a restart cut short every minute, and every hour the purges: analytics past retention, access log past 6 months, expired
 * sessions and links, deleted accounts' payments past the 5 years of tax law; on PGlite, VACUUM and
 * ANALYZE of every table. Returns a stop function.
 */
export function startBillingJobs(
  app: BillingApp & {
    config: { jobsEveryMs?: number; dataDir: string };
    databaseKind?: "pglite" | "postgres";
  },
): () => void {
  const ownJobs: Job[] = [
    {
      name: "subscription-expiry",
      everyMs: MINUTE,
      run: () => runExpiry(app.db, new Date(), (userId) => userPlanChanged(app.bus, userId)),
    },
    { name: "pending-payments", everyMs: 5 * MINUTE, run: () => resyncPendingPayments(app) },
    { name: "checkout-expiry", everyMs: 15 * MINUTE, run: () => expireCheckouts(app) },
    { name: "account-deletions", everyMs: MINUTE, run: () => finishPendingDeletions(app) },
    {
      name: "analytics-purge",
      everyMs: 60 * MINUTE,
      // With the ids of click batches written over a day ago (kept to refuse a doubled retry).
      run: async () => ({
        analytics: await purgeExpiredAnalytics(app.db),
        clickBatches: await purgeClickBatches(app.db),
      }),
    },
    // Marco Civil art. 15: access records older than 6 months are deleted.
    { name: "access-log-purge", everyMs: 60 * MINUTE, run: () => purgeAccessLog(app.db) },
    { name: "auth-purge", everyMs: 60 * MINUTE, run: () => purgeExpiredAuthRecords(app.db) },
    { name: "payments-purge", everyMs: 60 * MINUTE, run: () => purgeExpiredPayments(app.db) },
    // Issue 18: what Postgres' autovacuum does and PGlite does not (VACUUM, ANALYZE).
    ...(app.databaseKind === "pglite"
      ? [{ name: "table-maintenance", everyMs: 60 * MINUTE, run: () => maintainTables(app.db) }]
      : []),
  ];
  const every = app.config.jobsEveryMs;
  const jobs = every ? ownJobs.map((job) => ({ ...job, everyMs: every })) : ownJobs;
  const tick = (job: Job) => async () => {
    try {
      // A little less than the period: the next tick anywhere may take it again.
      const lease = job.everyMs - Math.min(5_000, job.everyMs / 5);
      if (!(await takeLease(app.db, job.name, lease))) return;
      const result = await job.run();
      app.log.debug({ job: job.name, result }, "scheduled job ran");
    } catch (error) {
      app.log.error({ err: error, job: job.name }, "scheduled job failed");
    }
  };
  // NOTE: the first run of each job waits a full period after start: a deploy does not purge at boot.
  const timers = jobs.map((job) => setInterval(tick(job), job.everyMs));
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
