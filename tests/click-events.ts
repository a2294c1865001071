import { and, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ClickTarget, clickDaily, clickEvents, type RollupDimension } from "../db/schema";

/** Clicks held in click_events for one target: rows carry a count (one row per second and class). */
export async function eventClicks(db: Db, targetType: ClickTarget, targetId: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(clickEvents.clicks).mapWith(Number) })
    .from(clickEvents)
    .where(and(eq(clickEvents.targetType, targetType), eq(clickEvents.targetId, targetId)));
  return row?.n ?? 0;
}

/** A short link's daily rollup along one dimension, summed over the days: clicks by value. */
export async function rollupClicks(
  db: Db,
  shortUrlId: number,
  dimension: RollupDimension,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ value: clickDaily.value, clicks: sql<number>`sum(${clickDaily.clicks})`.mapWith(Number) })
    .from(clickDaily)
    .where(
      and(
        eq(clickDaily.targetType, "short_url"),
        eq(clickDaily.targetId, shortUrlId),
        eq(clickDaily.dimension, dimension),
      ),
    )
    .groupBy(clickDaily.value);
  return Object.fromEntries(rows.map((row) => [row.value, row.clicks]));
}
