import { and, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { addDays, dayOf, startOfDayInZone } from "../../../common/time";
import { jobLeases, subscriptionPlans, userSubscriptions } from "../../../db/schema";
import { HOUR, type ScheduledJob, takeLease } from "../../lib/job-scheduler";
import { subscriptionEndingPush } from "./notices";
import { type NotifyApp, notifyUser } from "./notify";

/** How many days ahead the owner hears that a paid plan ends. */
export const ENDING_NOTICE_DAYS = 3;
/** The notices leave at this hour (São Paulo) or the first run after it. */
export const ENDING_NOTICE_HOUR = 10;

/**
 * Pushes to each owner whose paid subscription ends ENDING_NOTICE_DAYS from today (a São Paulo
 * day) with no plan waiting to follow it (a downgrade already paid). Once per day across the
 * processes (the day's own lease): each subscription's end falls on one day, so it is told once,
 * and again only if a renewal moved the end.
 */
export async function notifyEndingSubscriptions(
  app: NotifyApp,
  now = new Date(),
): Promise<{ notified: number }> {
  const today = dayOf(now);
  if (now.getTime() - startOfDayInZone(today).getTime() < ENDING_NOTICE_HOUR * HOUR) return { notified: 0 };
  if (!(await takeLease(app.db, `subscription-ending:${today}`, 3 * 24 * HOUR))) return { notified: 0 };
  await app.db
    .delete(jobLeases)
    .where(and(sql`${jobLeases.name} like 'subscription-ending:%'`, lt(jobLeases.lockedUntil, now)));
  const endDay = addDays(today, ENDING_NOTICE_DAYS);
  const ending = await app.db
    .select({
      userId: userSubscriptions.userId,
      status: userSubscriptions.status,
      expiresAt: userSubscriptions.expiresAt,
      planName: subscriptionPlans.name,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(
      and(
        inArray(userSubscriptions.status, ["active", "canceled"]),
        gte(userSubscriptions.expiresAt, startOfDayInZone(endDay)),
        lt(userSubscriptions.expiresAt, startOfDayInZone(addDays(endDay, 1))),
        isNull(userSubscriptions.scheduledPlanId),
      ),
    );
  for (const subscription of ending) {
    notifyUser(
      app,
      subscription.userId,
      subscriptionEndingPush(
        subscription.planName,
        subscription.expiresAt!,
        subscription.status === "canceled",
      ),
    );
  }
  return { notified: ending.length };
}

/** Hourly: the day's notices leave with the first run after ENDING_NOTICE_HOUR. */
export const subscriptionEndingJob = (app: NotifyApp): ScheduledJob => ({
  name: "subscription-ending-notice",
  everyMs: HOUR,
  run: () => notifyEndingSubscriptions(app),
});
