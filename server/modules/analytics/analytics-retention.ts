import { max, sql } from "drizzle-orm";
import { addDays, dayOf } from "../../../common/time";
import { type Db, rowsOf } from "../../../db/client";
import { users } from "../../../db/schema";
import { purgeVisitorDays } from "../../lib/daily-visitor-key";
import { HOUR, type ScheduledJob } from "../../lib/job-scheduler";
import { planOf } from "../billing/entitlements";
import { purgeClickBatches } from "../clicks/click-queue";

/**
 * Days past a plan's retention that clicks are kept (hidden) before the purge deletes them: a
 * customer whose paid period lapses for a few days, or who downgrades and comes back, does not lose
 * their history at once.
 */
export const PURGE_GRACE_DAYS = 30;

/** How many days of analytics a user may read: their plan's analytics_retention_days. */
export async function analyticsRetentionDays(db: Db, userId: number): Promise<number | null> {
  const { plan } = await planOf(db, userId);
  return plan.analyticsRetentionDays > 0 ? plan.analyticsRetentionDays : null;
}

/** The first day a user may read (YYYY-MM-DD), or null for all history. */
export async function analyticsFloorDay(db: Db, userId: number, now: Date | number = Date.now()) {
  const days = await analyticsRetentionDays(db, userId);
  return days === null ? null : addDays(dayOf(now), -(days - 1));
}

/** Users whose floors are checked per statement, with the event loop served between two. */
const PURGE_BATCH_USERS = 500;

type OldClicks = { user_id: number; floor: string };

/**
 * Deletes clicks older than each user's retention plus the grace period: the events and both
 * rollups. The retention is the longest of the plans the user had in the last PURGE_GRACE_DAYS
 * (a lapsed or replaced subscription still protects its history for that long), and at least the
 * free plan's. Runs as an hourly job (analyticsPurgeJob) in batches of users.
 *
 * Each batch first asks which of its users hold anything older than their floor: one probe of the
 * per-owner sums' key per user ('total' for people, 'bot' for bots: every click is summed under
 * one of them on its day, in the transaction that writes its event and rollups). Most hours no one
 * does, and nothing else runs. Deleting by a join over the whole batch made the planner scan
 * click_daily once per batch: on PGlite, where it holds the thread that answers redirects, ~90 s
 * an hour for 100,000 users and 10M clicks.
 */
export async function purgeExpiredAnalytics(db: Db, now: Date | number = Date.now()): Promise<number> {
  const today = dayOf(now);
  const [bounds] = await db.select({ maxId: max(users.id) }).from(users);
  const maxId = bounds?.maxId ?? 0;
  let deleted = 0;
  for (let from = 1; from <= maxId; from += PURGE_BATCH_USERS) {
    const to = from + PURGE_BATCH_USERS - 1;
    const found = await db.execute(sql`
      with r as (
        select u.id as user_id,
          (${today}::date - (greatest(coalesce(max(p.analytics_retention_days), 0), f.days, 1) + ${PURGE_GRACE_DAYS} - 1)) as floor
        from users u
        cross join (
          select analytics_retention_days as days from subscription_plans where price_cents = 0
          order by is_active desc, id limit 1
        ) f
        left join user_subscriptions s on s.user_id = u.id
          and (s.expires_at is null or s.expires_at > now() - ${PURGE_GRACE_DAYS} * interval '1 day')
        left join subscription_plans p on p.id = s.plan_id
        where u.id between ${from} and ${to}
        group by u.id, f.days)
      select r.user_id, r.floor::text as floor from r
      where exists (
        select 1 from click_daily_user c
        where c.user_id = r.user_id and c.dimension in ('total', 'bot') and c.day < r.floor)
        -- A page viewed and never clicked has figures only here.
        or exists (
        select 1 from page_daily p
        where p.user_id = r.user_id and p.dimension = 'total' and p.day < r.floor)`);
    const old = rowsOf<OldClicks>(found);
    if (old.length > 0) deleted += await deleteOldClicks(db, old);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

/** Deletes the rollups and events of these users from before each one's floor. */
async function deleteOldClicks(db: Db, old: OldClicks[]): Promise<number> {
  const floors = sql`select * from unnest(${sql.param(old.map((row) => row.user_id))}::int[],
    ${sql.param(old.map((row) => row.floor))}::date[]) as o(user_id, floor)`;
  let deleted = 0;
  for (const table of ["click_daily", "click_daily_user", "page_daily"] as const) {
    deleted += affected(
      await db.execute(sql`with o as (${floors}) delete from ${sql.raw(table)} d using o
        where d.user_id = o.user_id and d.day < o.floor`),
    );
  }
  deleted += affected(
    await db.execute(sql`with o as (${floors}) delete from click_events e using o
      where e.user_id = o.user_id
        and e.occurred_at < (o.floor::timestamp at time zone 'America/Sao_Paulo')`),
  );
  return deleted;
}

const affected = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};

/**
 * The hourly purge of clicks past retention, with the ids of click batches written over a day ago
 * (kept to refuse a doubled retry).
 */
export const analyticsPurgeJob = (db: Db): ScheduledJob => ({
  name: "analytics-purge",
  everyMs: HOUR,
  run: async () => ({
    analytics: await purgeExpiredAnalytics(db),
    clickBatches: await purgeClickBatches(db),
    visitorDays: await purgeVisitorDays(db),
  }),
});
