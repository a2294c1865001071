import { and, eq, sum } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ClickTarget, clickEvents } from "../db/schema";

/** Clicks held in click_events for one target: rows carry a count (one row per second and class). */
export async function eventClicks(db: Db, targetType: ClickTarget, targetId: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(clickEvents.clicks).mapWith(Number) })
    .from(clickEvents)
    .where(and(eq(clickEvents.targetType, targetType), eq(clickEvents.targetId, targetId)));
  return row?.n ?? 0;
}
