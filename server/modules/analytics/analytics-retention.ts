import { addDays, dayOf } from "../../../common/time";
import type { Db } from "../../../db/client";

/**
 * How many days of analytics a user may read. NOTE: the seam for plans' analytics_retention_days:
 * plans do not exist yet, so every user has unlimited history (null). When they do, read the user's
 * plan here; every analytics query already filters by the floor below.
 */
export async function analyticsRetentionDays(_db: Db, _userId: number): Promise<number | null> {
  return null;
}

/** The first day a user may read (YYYY-MM-DD), or null for all history. */
export async function analyticsFloorDay(db: Db, userId: number, now: Date | number = Date.now()) {
  const days = await analyticsRetentionDays(db, userId);
  return days === null ? null : addDays(dayOf(now), -(days - 1));
}
