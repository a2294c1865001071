import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ClickTarget } from "../../../db/schema";

type Executor = Pick<Db, "execute">;

/**
 * Deletes the clicks of some of a user's targets: their events, their daily rollups, and their share
 * of the per-owner sums (click_daily_user). Call it in the transaction that deletes the targets
 * (a short link, a Link Bio link or page), so the account's analytics stay the sum of what exists.
 */
export async function forgetClicks(
  tx: Executor,
  userId: number,
  targetType: ClickTarget,
  targetIds: number[],
): Promise<void> {
  if (targetIds.length === 0) return;
  const ids = sql.param(targetIds);
  await tx.execute(sql`
    update click_daily_user as u set clicks = u.clicks - gone.clicks
    from (
      select dimension, day, value, sum(clicks) as clicks from click_daily
      where user_id = ${userId} and target_type = ${targetType} and target_id = any(${ids}::int[])
      group by dimension, day, value
    ) as gone
    where u.user_id = ${userId} and u.dimension = gone.dimension and u.day = gone.day and u.value = gone.value`);
  await tx.execute(sql`delete from click_daily_user where user_id = ${userId} and clicks <= 0`);
  await tx.execute(sql`
    delete from click_daily
    where user_id = ${userId} and target_type = ${targetType} and target_id = any(${ids}::int[])`);
  await tx.execute(sql`
    delete from click_events where target_type = ${targetType} and target_id = any(${ids}::int[])`);
}
