import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, dayOf } from "../../../common/time";
import { clickDaily, clickDailyUser, clickEvents, type RollupDimension } from "../../../db/schema";
import { createUser, subscribeUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { PURGE_GRACE_DAYS, purgeExpiredAnalytics } from "./analytics-retention";

const t = setupTestApp();
const db = () => t.database.db;

/** One click of `userId` on a short link, `daysAgo` days ago, as the click queue writes it. */
async function click(userId: number, daysAgo: number, dimension: Extract<RollupDimension, "total" | "bot">) {
  const day = addDays(dayOf(new Date()), -daysAgo);
  // Noon in São Paulo of that day (UTC-3): inside the day whatever the server's time zone.
  const occurredAt = new Date(`${day}T15:00:00Z`);
  await db()
    .insert(clickEvents)
    .values({ userId, targetType: "short_url", targetId: 1, occurredAt, isBot: dimension === "bot" });
  await db()
    .insert(clickDaily)
    .values({ userId, day, targetType: "short_url", targetId: 1, dimension, clicks: 1 });
  await db().insert(clickDailyUser).values({ userId, day, dimension, clicks: 1 });
}

const left = async (userId: number) => ({
  events: await db().$count(clickEvents, eq(clickEvents.userId, userId)),
  daily: await db().$count(clickDaily, eq(clickDaily.userId, userId)),
  perOwner: await db().$count(clickDailyUser, eq(clickDailyUser.userId, userId)),
});

// The free plan keeps 30 days; the purge waits PURGE_GRACE_DAYS more.
const PAST_FREE = 30 + PURGE_GRACE_DAYS + 5;

describe("purgeExpiredAnalytics", () => {
  it("deletes the events and both rollups past each user's retention, bots' clicks included", async () => {
    const human = await createUser(db());
    const bots = await createUser(db());
    const paying = await createUser(db());
    await subscribeUser(db(), paying.id, "Business");
    await click(human.id, 0, "total");
    await click(human.id, PAST_FREE, "total");
    // Only bots clicked this user's link that day: nothing under 'total' to find it by.
    await click(bots.id, PAST_FREE, "bot");
    await click(paying.id, PAST_FREE, "total");

    expect(await purgeExpiredAnalytics(db())).toBe(6);
    expect(await left(human.id)).toEqual({ events: 1, daily: 1, perOwner: 1 });
    expect(await left(bots.id)).toEqual({ events: 0, daily: 0, perOwner: 0 });
    // Business keeps more than two years.
    expect(await left(paying.id)).toEqual({ events: 1, daily: 1, perOwner: 1 });

    // Nothing is left to delete; a later hour deletes nothing.
    expect(await purgeExpiredAnalytics(db())).toBe(0);
  });

  it("keeps clicks inside the grace period and deletes them once it ends", async () => {
    const user = await createUser(db());
    await click(user.id, 30 + PURGE_GRACE_DAYS - 2, "total");
    expect(await purgeExpiredAnalytics(db())).toBe(0);
    expect(await left(user.id)).toEqual({ events: 1, daily: 1, perOwner: 1 });
    expect(await purgeExpiredAnalytics(db(), Date.now() + 3 * 86_400_000)).toBe(3);
    expect(await left(user.id)).toEqual({ events: 0, daily: 0, perOwner: 0 });
  });
});
