import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf, startOfDayInZone } from "../../common/time";
import { type Database, rowsOf } from "../../db/client";
import { openTestDatabase } from "../../tests/test-database";
import { DailyVisitorKey } from "./daily-visitor-key";

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
const OTHER_PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const saltDays = async () =>
  rowsOf<{ day: string }>(
    await database.db.execute(sql`select day::text as day from visitor_salts order by day`),
  ).map((row) => row.day);

describe("DailyVisitorKey (the day's salt, in the database)", () => {
  it("names a visitor (network and agent) the same all day and in every process; another is another", async () => {
    const now = Date.now();
    const [one, two] = [new DailyVisitorKey(database.db), new DailyVisitorKey(database.db)];
    await Promise.all([one.refresh(now), two.refresh(now)]);
    const visitor = one.visitorOf("203.0.113.8", PHONE, now);
    expect(visitor).toMatch(/^-?\d{1,19}$/);
    expect(BigInt(visitor!)).toBeGreaterThanOrEqual(-(2n ** 63n));
    // The other process, which raced to make the salt, has the winner's.
    expect(two.visitorOf("203.0.113.8", PHONE, now)).toBe(visitor);
    expect(one.visitorOf("203.0.113.9", PHONE, now)).not.toBe(visitor);
    // Two phones behind one carrier address (CGNAT) are two visitors.
    expect(one.visitorOf("203.0.113.8", OTHER_PHONE, now)).not.toBe(visitor);
    // One IPv6 /64 is one network; an IPv4-mapped address is its IPv4.
    expect(one.visitorOf("2001:db8:7::1", PHONE, now)).toBe(
      one.visitorOf("2001:db8:7:0:ffff::2", PHONE, now),
    );
    expect(one.visitorOf("::ffff:203.0.113.8", PHONE, now)).toBe(visitor);
    // A restart reads the same salt: the day's visitors are not counted twice.
    const restarted = new DailyVisitorKey(database.db);
    await restarted.refresh(now);
    expect(restarted.visitorOf("203.0.113.8", PHONE, now)).toBe(visitor);
  });

  it("names a visitor the same after more visitors than it remembers, and an agent past 512 characters by its start", async () => {
    const now = Date.now();
    const keys = new DailyVisitorKey(database.db);
    await keys.refresh(now);
    const first = keys.visitorOf("198.51.100.1", PHONE, now);
    // 6,000 visitors on 60 addresses: past the memo's 5,000, which starts over.
    for (let i = 0; i < 6_000; i++) keys.visitorOf(`198.51.100.${i % 60}`, `${PHONE} v${i}`, now);
    expect(keys.visitorOf("198.51.100.1", PHONE, now)).toBe(first);
    const long = `${PHONE} ${"x".repeat(600)}`;
    expect(keys.visitorOf("198.51.100.1", `${long}tail`, now)).toBe(
      keys.visitorOf("198.51.100.1", long, now),
    );
  });

  it("moves to the next day's salt at midnight in Brasília, with no query, and deletes the salts of days over", async () => {
    const today = dayOf(Date.now());
    const visitors = new DailyVisitorKey(database.db);
    await visitors.refresh();
    const midnight = startOfDayInZone(addDays(today, 1)).getTime();
    const before = visitors.visitorOf("198.51.100.4", PHONE, midnight - 1);
    const after = visitors.visitorOf("198.51.100.4", PHONE, midnight);
    expect(before).not.toBeNull();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(await saltDays()).toEqual(expect.arrayContaining([today, addDays(today, 1)]));
    // The next day's refresh deletes yesterday's salt: no hash of it can be recomputed.
    await visitors.refresh(midnight);
    expect((await saltDays()).every((day) => day >= addDays(today, 1))).toBe(true);
    expect(await saltDays()).toContain(addDays(today, 2));
  });

  it("names no one without a salt, and keeps no address", async () => {
    const visitors = new DailyVisitorKey(database.db);
    expect(visitors.visitorOf("203.0.113.8", PHONE)).toBeNull();
    // It asked for the salts meanwhile: they are there once loaded.
    await visitors.refresh();
    expect(visitors.visitorOf("203.0.113.8", PHONE)).not.toBeNull();
    const key = await visitors.keyOf("2026-06-01", "203.0.113.8");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain("203");
    // Blog views' key is the network alone, and a new day has a new salt.
    expect(await visitors.keyOf("2026-06-01", "203.0.113.8")).toBe(key);
    expect(await visitors.keyOf("2026-06-02", "203.0.113.8")).not.toBe(key);
  });
});
