import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { subscriptionPlans, userSubscriptions } from "../../../db/schema";
import { createUser, subscribeUser } from "../../../tests/factories";
import { waitFor } from "../../../tests/faults/fault-kit";
import { setupTestApp } from "../../../tests/test-app";
import { InvalidationBus } from "../../lib/invalidation-bus";
import { connectRedis } from "../../lib/redis";
import { PLANS_TOPIC, PlanCache, USER_PLAN_TOPIC, userPlanChanged } from "./plan-cache";
import { runExpiry } from "./subscription-changes";

const t = setupTestApp();
const db = () => t.database.db;

/** The database, counting the queries planOf makes (each is one select). */
function countingDb() {
  const counter = { queries: 0 };
  const counted = new Proxy(db(), {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== "select" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        counter.queries++;
        return value.apply(target, args);
      };
    },
  }) as Db;
  return { db: counted, counter };
}

function cacheWith(options: { ttlMs?: number; max?: number } = {}) {
  const { db: counted, counter } = countingDb();
  const bus = new InvalidationBus();
  const clock = { now: 1_000_000 };
  const cache = new PlanCache(counted, bus, { ...options, now: () => clock.now });
  return { cache, bus, counter, clock };
}

const planNamed = async (name: string) => {
  const [plan] = await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.name, name));
  return plan!;
};

describe("PlanCache", () => {
  it("answers from memory within the TTL and asks the database again after it", async () => {
    const user = await createUser(db());
    await subscribeUser(db(), user.id, "Pro");
    const { cache, counter, clock } = cacheWith({ ttlMs: 30_000 });

    expect((await cache.planOf(user.id)).name).toBe("Pro");
    const first = counter.queries;
    expect(first).toBeGreaterThan(0);
    clock.now += 29_999;
    expect((await cache.planOf(user.id)).name).toBe("Pro");
    expect(counter.queries).toBe(first);

    clock.now += 1;
    expect((await cache.planOf(user.id)).name).toBe("Pro");
    expect(counter.queries).toBe(2 * first);
  });

  it("reads a user's plan afresh once their change is published, and keeps the others", async () => {
    const [ana, bia] = [await createUser(db()), await createUser(db())];
    const { cache, bus, counter } = cacheWith();
    expect((await cache.planOf(ana.id)).name).toBe("Gratuito");
    expect((await cache.planOf(bia.id)).name).toBe("Gratuito");

    await subscribeUser(db(), ana.id, "Business");
    await subscribeUser(db(), bia.id, "Business");
    // Not published yet: the cached answer stands.
    expect((await cache.planOf(ana.id)).name).toBe("Gratuito");

    userPlanChanged(bus, ana.id);
    const before = counter.queries;
    expect((await cache.planOf(ana.id)).name).toBe("Business");
    expect(counter.queries).toBeGreaterThan(before);
    // Bia's change was not published: still the cached plan (the TTL bounds it).
    expect((await cache.planOf(bia.id)).name).toBe("Gratuito");

    bus.publish(USER_PLAN_TOPIC, "*");
    expect((await cache.planOf(bia.id)).name).toBe("Business");
  });

  it("reads every plan afresh after a plan is edited", async () => {
    const user = await createUser(db());
    const { plan } = await subscribeUser(db(), user.id, "Enterprise");
    const { cache, bus } = cacheWith();
    const before = (await cache.planOf(user.id)).creationsPerHour;
    const edited = (before ?? 0) + 7;
    try {
      await db()
        .update(subscriptionPlans)
        .set({ creationsPerHour: edited })
        .where(eq(subscriptionPlans.id, plan.id));
      expect((await cache.planOf(user.id)).creationsPerHour).toBe(before);
      bus.publish(PLANS_TOPIC, String(plan.id));
      expect((await cache.planOf(user.id)).creationsPerHour).toBe(edited);
    } finally {
      await db()
        .update(subscriptionPlans)
        .set({ creationsPerHour: before })
        .where(eq(subscriptionPlans.id, plan.id));
    }
  });

  it("never keeps a plan past the end of the subscription that gives it", async () => {
    const user = await createUser(db());
    const { cache, counter, clock } = cacheWith({ ttlMs: 60_000 });
    clock.now = Date.now();
    await subscribeUser(db(), user.id, "Pro", { expiresAt: new Date(clock.now + 5_000) });
    expect((await cache.planOf(user.id)).name).toBe("Pro");
    const first = counter.queries;
    clock.now += 4_999;
    await cache.planOf(user.id);
    expect(counter.queries).toBe(first);
    clock.now += 1;
    await cache.planOf(user.id);
    expect(counter.queries).toBeGreaterThan(first);
  });

  it("does not store an answer read before an invalidation that came meanwhile", async () => {
    const user = await createUser(db());
    const { cache, bus, counter } = cacheWith();
    const reading = cache.planOf(user.id);
    userPlanChanged(bus, user.id);
    expect((await reading).name).toBe("Gratuito");
    const before = counter.queries;
    await cache.planOf(user.id);
    expect(counter.queries).toBeGreaterThan(before);
  });

  it("holds at most `max` users, the least recently read going first", async () => {
    const users = [await createUser(db()), await createUser(db()), await createUser(db())];
    const { cache, counter } = cacheWith({ max: 2 });
    for (const user of users) await cache.planOf(user.id);
    expect(cache.size).toBe(2);
    const before = counter.queries;
    await cache.planOf(users[2]!.id);
    expect(counter.queries).toBe(before);
    await cache.planOf(users[0]!.id);
    expect(counter.queries).toBeGreaterThan(before);
  });
});

describe("PlanCache in the app", () => {
  let admin: { cookie: string };
  beforeAll(async () => {
    admin = await t.signIn({ isAdmin: true });
  });

  it("sees an administrator's grant at the next read", async () => {
    const { user } = await t.signIn();
    expect((await t.app.planCache.planOf(user.id)).name).toBe("Gratuito");
    const pro = await planNamed("Pro");
    const granted = await t.request({
      method: "PUT",
      url: `/api/admin/users/${user.id}`,
      cookie: admin.cookie,
      payload: { email: user.email, is_admin: false, is_active: true, subscription_plan_id: pro.id },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    // Published after the commit, delivered in this process at once (and to the others via Redis).
    expect((await t.app.planCache.planOf(user.id)).name).toBe("Pro");
  });

  it("hears from the expiry job of each user whose subscription it ended", async () => {
    const user = await createUser(db());
    const { subscription } = await subscribeUser(db(), user.id, "Pro");
    await db()
      .update(userSubscriptions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(userSubscriptions.id, subscription.id));
    const told: number[] = [];
    await runExpiry(db(), new Date(), (userId) => told.push(userId));
    expect(told).toContain(user.id);
    const [row] = await db()
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, subscription.id));
    expect(row!.status).toBe("expired");
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)("PlanCache across processes (Redis)", () => {
  const clients: ReturnType<typeof connectRedis>[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });
  const busOverRedis = (channel: string) => {
    const pub = connectRedis(redisUrl!);
    const sub = connectRedis(redisUrl!, undefined, "subscriber");
    clients.push(pub, sub);
    return new InvalidationBus(pub, sub, channel);
  };

  it("drops the plan in another process when one publishes the change", async () => {
    const channel = `atalho-test:${process.pid}:${Math.random().toString(36).slice(2)}:invalidate`;
    const [here, there] = [busOverRedis(channel), busOverRedis(channel)];
    await waitFor("both connected", () => here.connected && there.connected, 5_000);
    const user = await createUser(db());
    const cache = new PlanCache(db(), there);
    expect((await cache.planOf(user.id)).name).toBe("Gratuito");
    await subscribeUser(db(), user.id, "Business");
    // Until the other bus has subscribed a message may go unheard: published again each try. Without
    // the message, the cache would answer Gratuito for its whole TTL (30 s).
    await waitFor(
      "the change",
      async () => {
        userPlanChanged(here, user.id);
        return (await cache.planOf(user.id)).name === "Business";
      },
      5_000,
    );
  });
});
