// The scheduled jobs' runner: each module names its own jobs (billing-jobs.ts, account-deletion.ts,
// the purges beside what they purge), app.ts lists them, and this runs each once per period across
// every process on one database.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

const HOLDER = `${process.pid}-${randomUUID()}`;

/** A job the scheduler runs every `everyMs`; what `run` returns is logged at debug. */
export type ScheduledJob = { name: string; everyMs: number; run: () => Promise<unknown> };

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

/**
 * Starts every job on its own timer. `everyMs` (JOBS_EVERY_MS) gives them all one period instead of
 * their own (tests of several processes). Returns a stop function.
 */
export function startScheduledJobs(
  app: { db: Db; log: FastifyBaseLogger; everyMs?: number },
  ownJobs: ScheduledJob[],
): () => void {
  const every = app.everyMs;
  const jobs = every ? ownJobs.map((job) => ({ ...job, everyMs: every })) : ownJobs;
  const tick = (job: ScheduledJob) => async () => {
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
