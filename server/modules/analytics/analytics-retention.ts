import { sql } from "drizzle-orm";
import { addDays, dayOf } from "../../../common/time";
import type { Db } from "../../../db/client";
import { planOf } from "../billing/entitlements";

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

/**
 * Deletes every user's clicks older than their plan's retention plus the grace period: the events
 * and both rollups. Runs as a scheduled job (billing-jobs.ts); each run removes what aged out since
 * the last one. The plan of a user is their current subscription's, else the free plan.
 */
export async function purgeExpiredAnalytics(db: Db, now: Date | number = Date.now()): Promise<number> {
  const today = dayOf(now);
  const retention = sql`
    select u.id as user_id,
      (${today}::date - (coalesce(p.analytics_retention_days, f.analytics_retention_days) + ${PURGE_GRACE_DAYS} - 1)) as floor
    from users u
    left join user_subscriptions s on s.user_id = u.id and s.status in ('active', 'canceled')
      and (s.expires_at is null or s.expires_at > now())
    left join subscription_plans p on p.id = s.plan_id
    cross join (
      select analytics_retention_days from subscription_plans where price_cents = 0
      order by is_active desc, id limit 1
    ) f`;
  let deleted = 0;
  const run = async (statement: ReturnType<typeof sql>) => {
    const result = (await db.execute(statement)) as { rowCount?: number; affectedRows?: number };
    deleted += result.rowCount ?? result.affectedRows ?? 0;
  };
  await run(sql`with r as (${retention}) delete from click_daily d using r
    where d.user_id = r.user_id and d.day < r.floor`);
  await run(sql`with r as (${retention}) delete from click_daily_user d using r
    where d.user_id = r.user_id and d.day < r.floor`);
  await run(sql`with r as (${retention}) delete from click_events e using r
    where e.user_id = r.user_id
      and e.occurred_at < (r.floor::timestamp at time zone 'America/Sao_Paulo')`);
  return deleted;
}
