import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import {
  clickBatches,
  clickDaily,
  clickDailyUser,
  clickEvents,
  shortenedUrls,
  users,
} from "../../../db/schema";
import { eventClicks } from "../../../tests/click-events";
import { createShortLink } from "../../../tests/factories";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { openTestDatabase, testDatabaseKind } from "../../../tests/test-database";
import { buildApp } from "../../app";
import { type Click, ClickQueue, purgeClickBatches } from "./click-queue";
import { EventRollup } from "./event-rollup";

const t = setupTestApp();

// A logger whose calls the tests read.
const silentLog = () => {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
};

async function newShortUrl() {
  const { user } = await t.signIn();
  return createShortLink(t.database.db, { userId: user.id, domainId: t.app.domains.default.id });
}

const clickOn = (target: { id: number; userId: number }, overrides: Partial<Click> = {}): Click => ({
  userId: target.userId,
  targetType: "short_url",
  targetId: target.id,
  linkPageId: null,
  occurredAt: new Date(),
  country: "BR",
  referrerHost: null,
  device: "desktop",
  visitor: null,
  inApp: null,
  opened: null,
  browser: "Firefox",
  os: "Linux",
  isBot: false,
  ...overrides,
});

async function countsOf(id: number) {
  const db = t.database.db;
  const [row] = await db
    .select({ n: shortenedUrls.clickCount })
    .from(shortenedUrls)
    .where(eq(shortenedUrls.id, id));
  const [total] = await db
    .select({ n: sql<number>`coalesce(sum(${clickDaily.clicks}), 0)`.mapWith(Number) })
    .from(clickDaily)
    .where(
      and(
        eq(clickDaily.targetId, id),
        eq(clickDaily.targetType, "short_url"),
        eq(clickDaily.dimension, "total"),
      ),
    );
  const events = await eventClicks(db, "short_url", id);
  return { clickCount: row?.n ?? null, rollup: total!.n, events };
}

/** A queue whose flush also sums what it appended (the app's worker, over the real database). */
function queueOf(...args: ConstructorParameters<typeof ClickQueue>): ClickQueue {
  const queue = new ClickQueue(...args);
  queue.rollups = new EventRollup(t.database, silentLog());
  return queue;
}

describe("ClickQueue", () => {
  it("writes quotes, backslashes and braces in a visitor's classes exactly as they came", async () => {
    const url = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 1000, 60_000);
    const browser = `Navegador "x" {1,2} \\ it's`;
    queue.push(clickOn(url, { referrerHost: "a'b.example", browser }));
    await queue.flush();
    const rows = await t.database.db
      .select({ value: clickDaily.value })
      .from(clickDaily)
      .where(and(eq(clickDaily.targetId, url.id), eq(clickDaily.targetType, "short_url")));
    expect(rows.map((row) => row.value)).toEqual(expect.arrayContaining(["a'b.example", browser]));
    expect(await countsOf(url.id)).toEqual({ clickCount: 1, rollup: 1, events: 1 });
  });

  it("folds one visitor's clicks on a target in one second into one event row, apart from others'", async () => {
    const url = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 1000, 60_000);
    const at = new Date("2026-11-21T15:00:00.250Z");
    const later = new Date("2026-11-21T15:00:00.750Z");
    for (let i = 0; i < 40; i++) queue.push(clickOn(url, { occurredAt: i % 2 ? at : later, visitor: "11" }));
    for (let i = 0; i < 3; i++) queue.push(clickOn(url, { occurredAt: at, visitor: "22" }));
    queue.push(clickOn(url, { occurredAt: new Date("2026-11-21T15:00:01Z"), visitor: "11" }));
    // A malformed click is refused even after a well-formed one of the same target.
    queue.push(clickOn(url, { occurredAt: at, visitor: "not a hash" }));
    expect(queue.size).toBe(44);
    await queue.flush();
    const rows = await t.database.db
      .select({ visitor: clickEvents.visitor, clicks: clickEvents.clicks })
      .from(clickEvents)
      .where(and(eq(clickEvents.targetType, "short_url"), eq(clickEvents.targetId, url.id)))
      .orderBy(clickEvents.id);
    expect(rows.map((row) => ({ visitor: String(row.visitor), clicks: row.clicks }))).toEqual([
      { visitor: "11", clicks: 40 },
      { visitor: "22", clicks: 3 },
      { visitor: "11", clicks: 1 },
    ]);
    expect(await countsOf(url.id)).toEqual({ clickCount: 44, rollup: 44, events: 44 });
    await queue.close();
  });

  it("writes events, rollups and click_count together, exactly, across several flushes", async () => {
    const url = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 50, 10_000);
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 320; i++) {
      queue.push(clickOn(url));
      if (i % 37 === 0) flushes.push(queue.flush());
    }
    await Promise.all(flushes);
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(await countsOf(url.id)).toEqual({ clickCount: 320, rollup: 320, events: 320 });
    await queue.close();
  });

  it("writes a full batch at once and leaves a remainder for the timer, not a tiny transaction", async () => {
    const url = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 10, 60_000);
    for (let i = 0; i < 15; i++) queue.push(clickOn(url));
    await vi.waitFor(async () => expect((await countsOf(url.id)).events).toBe(10), { timeout: 5000 });
    // On Postgres another connection can see the commit a moment before the writer hears of it
    // (the batch counts as in flight until then).
    await vi.waitFor(() => expect(queue.size).toBe(5), { timeout: 5000 });
    await queue.flush();
    expect(await countsOf(url.id)).toEqual({ clickCount: 15, rollup: 15, events: 15 });
    await queue.close();
  });

  it("writes a statement's worth of rows at once, and leaves fewer rows for the timer", async () => {
    const urls = [await newShortUrl(), await newShortUrl(), await newShortUrl(), await newShortUrl()];
    // A row per target: three targets are a statement's worth, whatever the second.
    const queue = queueOf(t.database, silentLog(), 1000, 60_000, { rowsPerStatement: 3 });
    for (const url of urls) queue.push(clickOn(url));
    const events = async () => Promise.all(urls.map(async (url) => (await countsOf(url.id)).events));
    await vi.waitFor(async () => expect(await events()).toEqual([1, 1, 1, 0]), { timeout: 5000 });
    await vi.waitFor(() => expect(queue.size).toBe(1), { timeout: 5000 });
    // The fourth waits for the timer, a minute away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await events()).toEqual([1, 1, 1, 0]);
    await queue.flush();
    expect(await events()).toEqual([1, 1, 1, 1]);
    await queue.close();
  });

  it("drops clicks on a link deleted meanwhile, and keeps the rest of the batch", async () => {
    const kept = await newShortUrl();
    const gone = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 1000, 10_000);
    queue.push(clickOn(gone));
    queue.push(clickOn(kept));
    await t.database.db.delete(shortenedUrls).where(eq(shortenedUrls.id, gone.id));
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(await countsOf(kept.id)).toEqual({ clickCount: 1, rollup: 1, events: 1 });
    expect(await countsOf(gone.id)).toEqual({ clickCount: null, rollup: 0, events: 0 });
    await queue.close();
  });

  it("drops clicks of a user deleted meanwhile instead of failing the batch forever", async () => {
    const kept = await newShortUrl();
    const victim = await newShortUrl();
    const log = silentLog();
    const queue = queueOf(t.database, log, 1000, 10_000);
    // A click that names a user who no longer exists (the target check alone would not catch it).
    const [ghost] = await t.database.db
      .insert(users)
      .values({ email: `ghost-${Date.now()}@exemplo.com.br` })
      .returning();
    await t.database.db.delete(users).where(eq(users.id, ghost!.id));
    queue.push(clickOn({ id: victim.id, userId: ghost!.id }));
    queue.push(clickOn(kept));
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(await countsOf(kept.id)).toEqual({ clickCount: 1, rollup: 1, events: 1 });
    // The worker deleted the ghost's event: nothing of it is left anywhere.
    expect(await countsOf(victim.id)).toEqual({ clickCount: 0, rollup: 0, events: 0 });
    await queue.close();
  });

  // Postgres only: PGlite has one connection, so the deletion cannot run while the batch is open.
  it.skipIf(testDatabaseKind !== "postgres")(
    "leaves no click row behind when the owner is deleted while their batch is being written",
    async () => {
      const url = await newShortUrl();
      // The app's own worker would take the batch on its tick: only the held one may.
      await t.app.clicks.rollups?.close(0);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let steps = 0;
      // The real database, the worker held after its first statement (targets and owner locked).
      const database = {
        preparedTransaction: (...[statements, between]: Parameters<typeof t.database.preparedTransaction>) =>
          t.database.preparedTransaction(statements, async () => {
            // Before the last statement (the sums): the first ones have locked the rows.
            if (++steps === statements.length) await gate;
            await between?.();
          }),
      };
      const queue = new ClickQueue(t.database, silentLog(), 1000, 60_000);
      queue.rollups = new EventRollup(database, silentLog());
      queue.push(clickOn(url));
      const writing = queue.flush();
      await vi.waitFor(() => expect(steps).toBe(3));
      let deleted = false;
      const deleting = t.database.db
        .delete(users)
        .where(eq(users.id, url.userId))
        .then(() => {
          deleted = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false); // it waits for the rollup's commit
      release();
      await Promise.all([writing, deleting]);
      expect(queue.size).toBe(0);
      const db = t.database.db;
      expect({
        events: await db.$count(clickEvents, eq(clickEvents.userId, url.userId)),
        daily: await db.$count(clickDaily, eq(clickDaily.userId, url.userId)),
        owner: await db.$count(clickDailyUser, eq(clickDailyUser.userId, url.userId)),
      }).toEqual({ events: 0, daily: 0, owner: 0 });
      await queue.close();
    },
  );

  it("sums clicks under their day in São Paulo, across midnight", async () => {
    const url = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 1000, 60_000);
    queue.push(clickOn(url, { occurredAt: new Date("2026-11-22T02:59:59.999Z") }));
    queue.push(clickOn(url, { occurredAt: new Date("2026-11-22T03:00:00.000Z") }));
    queue.push(clickOn(url, { occurredAt: new Date("2026-11-22T03:00:30.000Z") }));
    await queue.close();
    const rows = await t.database.db
      .select({ day: clickDaily.day, clicks: clickDaily.clicks })
      .from(clickDaily)
      .where(and(eq(clickDaily.targetId, url.id), eq(clickDaily.dimension, "total")))
      .orderBy(clickDaily.day);
    expect(rows).toEqual([
      { day: "2026-11-21", clicks: 1 },
      { day: "2026-11-22", clicks: 2 },
    ]);
  });

  it("refuses a malformed click at once", async () => {
    const url = await newShortUrl();
    const log = silentLog();
    const queue = queueOf(t.database, log, 1000, 10_000);
    queue.push(clickOn(url, { occurredAt: new Date(Number.NaN) }));
    queue.push(clickOn(url, { targetId: 1.5 }));
    expect(queue.size).toBe(0);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it("keeps at most maxPending clicks while the database is down, and logs what it drops", async () => {
    const down = await openTestDatabase();
    await down.close();
    const log = silentLog();
    const queue = queueOf(down, log, 10, 60_000, { maxPending: 100 });
    const url = await newShortUrl();
    for (let i = 0; i < 150; i++) queue.push(clickOn(url));
    await queue.flush();
    expect(queue.size).toBe(100);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ dropped: expect.any(Number) }),
      "click queue full; clicks dropped",
    );
    // The first batch failed (logged once with its error) and is held apart, retried alone.
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ clicks: 10 }),
      "click batch failed; held and retried",
    );
    await queue.close();
    expect(log.error).toHaveBeenCalledWith({ clicks: 100 }, "clicks not written at shutdown");
  });

  it("writes a batch whose commit was in doubt exactly once", async () => {
    const url = await newShortUrl();
    // The connection drops just after COMMIT: the rows are in, but the queue is told it failed.
    let drops = 1;
    const flaky = {
      db: t.database.db,
      preparedTransaction: async (...args: Parameters<typeof t.database.preparedTransaction>) => {
        await t.database.preparedTransaction(...args);
        if (drops-- > 0) throw new Error("Connection terminated unexpectedly");
      },
    };
    const log = silentLog();
    const queue = queueOf(flaky, log, 1000, 60_000);
    for (let i = 0; i < 5; i++) queue.push(clickOn(url));
    await queue.flush();
    expect(queue.size).toBe(5);
    // Clicks taken meanwhile are not merged into the batch in doubt: it is retried alone.
    for (let i = 0; i < 3; i++) queue.push(clickOn(url));
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ clicks: 5 }),
      "click batch was already written",
    );
    expect(await countsOf(url.id)).toEqual({ clickCount: 8, rollup: 8, events: 8 });
    await queue.close();
  });

  it("writes a batch that failed before its commit on the retry", async () => {
    const url = await newShortUrl();
    let drops = 1;
    const flaky = {
      db: t.database.db,
      preparedTransaction: async (...args: Parameters<typeof t.database.preparedTransaction>) => {
        if (drops-- > 0) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        await t.database.preparedTransaction(...args);
      },
    };
    const queue = queueOf(flaky, silentLog(), 1000, 60_000);
    for (let i = 0; i < 4; i++) queue.push(clickOn(url));
    await queue.flush();
    expect(queue.size).toBe(4);
    await queue.flush();
    expect(queue.size).toBe(0);
    expect(await countsOf(url.id)).toEqual({ clickCount: 4, rollup: 4, events: 4 });
  });

  it("forgets the ids of batches written more than a day ago", async () => {
    const db = t.database.db;
    const old = `old-${Date.now()}`;
    const recent = `recent-${Date.now()}`;
    await db.insert(clickBatches).values([
      { id: old, writtenAt: new Date(Date.now() - 25 * 3_600_000) },
      { id: recent, writtenAt: new Date(Date.now() - 23 * 3_600_000) },
    ]);
    expect(await purgeClickBatches(db)).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: clickBatches.id }).from(clickBatches)).map((row) => row.id);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });

  it("writes what is queued when it is closed", async () => {
    const url = await newShortUrl();
    const queue = queueOf(t.database, silentLog(), 1000, 60_000);
    for (let i = 0; i < 7; i++) queue.push(clickOn(url, { isBot: i === 0 }));
    await queue.close();
    expect(await countsOf(url.id)).toEqual({ clickCount: 6, rollup: 6, events: 7 });
  });

  it("flushes the app's queue when the app closes (SIGTERM calls app.close)", async () => {
    const url = await newShortUrl();
    const app = await buildApp(testConfig({ clickFlushMs: 60_000 }), { database: t.database, distDir: "/x" });
    await app.ready();
    for (let i = 0; i < 3; i++) app.clicks.push(clickOn(url));
    await app.close();
    expect(await countsOf(url.id)).toEqual({ clickCount: 3, rollup: 3, events: 3 });
  });
});
