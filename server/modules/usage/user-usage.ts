import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { userUsage } from "../../../db/schema";

export type UserUsage = { shortLinks: number; linkPages: number; clicks: number };

/**
 * How many short links and Link Bio pages a user has, and their clicks: one row kept by triggers
 * (migration 0019), never a count over the user's links (there may be a million of them).
 */
export async function userUsageOf(db: Pick<Db, "select">, userId: number): Promise<UserUsage> {
  const [row] = await db
    .select({ shortLinks: userUsage.shortLinks, linkPages: userUsage.linkPages, clicks: userUsage.clicks })
    .from(userUsage)
    .where(eq(userUsage.userId, userId));
  return row ?? { shortLinks: 0, linkPages: 0, clicks: 0 };
}
