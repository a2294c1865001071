import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type ClickTarget, OWNER_DIMENSIONS_SQL } from "../../../db/schema";

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
  if (targetType !== "short_url") {
    // A block's clicks were its page's too (page_daily, the dimensions a page is read by).
    await tx.execute(sql`
      update page_daily as p set clicks = p.clicks - gone.clicks
      from (
        select link_page_id, dimension, day, value, sum(clicks)::int as clicks from click_daily
        where user_id = ${userId} and target_type = ${targetType} and target_id = any(${ids}::int[])
          and dimension <> 'bot'
        group by link_page_id, dimension, day, value
      ) as gone
      where p.user_id = ${userId} and p.link_page_id = gone.link_page_id and p.dimension = gone.dimension
        and p.day = gone.day and p.value = gone.value`);
  }
  await tx.execute(sql`
    update click_daily_user as u set clicks = u.clicks - gone.clicks
    from (
      select dimension, day, value, sum(clicks) as clicks from click_daily
      where user_id = ${userId} and target_type = ${targetType} and target_id = any(${ids}::int[])
        -- What click_daily_user keeps (decision 031); its rows of other dimensions are never read.
        and dimension in ${sql.raw(OWNER_DIMENSIONS_SQL)}
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

/**
 * Deletes a Link Bio page's own figures (views, visitors, its blocks' clicks summed per page); call
 * it in the transaction that deletes the page, after forgetClicks of its blocks.
 */
export async function forgetPageViews(tx: Executor, userId: number, pageId: number): Promise<void> {
  await tx.execute(sql`delete from page_daily where user_id = ${userId} and link_page_id = ${pageId}`);
  await tx.execute(sql`delete from click_events where target_type = 'link_page' and target_id = ${pageId}`);
  await tx.execute(sql`delete from visitor_days where scope_type = 'link_page' and scope_id = ${pageId}`);
}
