import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { clickBatches, clickDaily, shortenedUrls } from "../../../db/schema";
import { eventClicks } from "../../../tests/click-events";
import { createShortLink } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { type Click, ClickQueue } from "./click-queue";
import { EventRollup } from "./event-rollup";

// The worker that sums appended events into the figures (decision 026): a run cut off is summed
// once by the next, a commit in doubt is not summed again, and two workers never take one batch.

const t = setupTestApp();

const silentLog = () => {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
};

async function newShortUrl() {
  const { user } = await t.signIn();
  return createShortLink(t.database.db, { userId: user.id, domainId: t.app.domains.default.id });
}

const clickOn = (target: { id: number; userId: number }): Click => ({
  userId: target.userId,
  targetType: "short_url",
  targetId: target.id,
  linkPageId: null,
  occurredAt: new Date(),
  country: "BR",
  referrerHost: null,
  device: "mobile",
  browser: "Chrome",
  os: "Android",
  isBot: false,
  visitor: null,
});

async function figuresOf(id: number) {
  const [row] = await t.database.db
    .select({ n: shortenedUrls.clickCount })
    .from(shortenedUrls)
    .where(eq(shortenedUrls.id, id));
  const [total] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${clickDaily.clicks}), 0)`.mapWith(Number) })
    .from(clickDaily)
    .where(
      and(
        eq(clickDaily.targetId, id),
        eq(clickDaily.targetType, "short_url"),
        eq(clickDaily.dimension, "total"),
      ),
    );
  return { clickCount: row!.n, rollup: total!.n, events: await eventClicks(t.database.db, "short_url", id) };
}

/** Appends `n` clicks on the link as one batch, not summed (no worker on this queue). */
async function appended(url: { id: number; userId: number }, n: number) {
  const queue = new ClickQueue(t.database, silentLog(), 1000, 60_000);
  for (let i = 0; i < n; i++) queue.push(clickOn(url));
  await queue.flush();
  await queue.close();
}

const pending = () => t.database.db.$count(clickBatches, eq(clickBatches.rolledUp, false));

describe("EventRollup", () => {
  it("leaves the events in the log and the batch pending until it runs; then sums them once", async () => {
    // The app's worker ticks every second: held off, so that this test's runs are the only ones.
    await t.app.clicks.rollups?.close(0);
    const url = await newShortUrl();
    await appended(url, 3);
    expect(await figuresOf(url.id)).toEqual({ clickCount: 0, rollup: 0, events: 3 });
    expect(await pending()).toBeGreaterThanOrEqual(1);
    const worker = new EventRollup(t.database, silentLog());
    await worker.drain();
    expect(await figuresOf(url.id)).toEqual({ clickCount: 3, rollup: 3, events: 3 });
    expect(await pending()).toBe(0);
    await worker.drain();
    expect(await figuresOf(url.id)).toEqual({ clickCount: 3, rollup: 3, events: 3 });
  });

  it("sums a run cut off before its commit on the next run, once", async () => {
    const url = await newShortUrl();
    await appended(url, 4);
    let cuts = 1;
    const cutOff = {
      preparedTransaction: (...[steps, between]: Parameters<typeof t.database.preparedTransaction>) => {
        let calls = 0;
        return t.database.preparedTransaction(steps, async () => {
          await between?.();
          // The third call comes before the commit, both statements run: the whole run rolls back.
          if (++calls === 3 && cuts > 0) {
            cuts--;
            throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
          }
        });
      },
    };
    const log = silentLog();
    await new EventRollup(cutOff, log).drain();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ state: "57P01" }),
      "event rollup failed; retried",
    );
    expect(await figuresOf(url.id)).toEqual({ clickCount: 0, rollup: 0, events: 4 });
    await new EventRollup(cutOff, log).drain();
    expect(await figuresOf(url.id)).toEqual({ clickCount: 4, rollup: 4, events: 4 });
  });

  it("does not sum again a run whose commit was in doubt (the flag was committed with the sums)", async () => {
    const url = await newShortUrl();
    await appended(url, 2);
    let drops = 1;
    const inDoubt = {
      preparedTransaction: async (...args: Parameters<typeof t.database.preparedTransaction>) => {
        await t.database.preparedTransaction(...args);
        if (drops-- > 0) throw new Error("Connection terminated unexpectedly");
      },
    };
    await new EventRollup(inDoubt, silentLog()).drain();
    await new EventRollup(inDoubt, silentLog()).drain();
    expect(await figuresOf(url.id)).toEqual({ clickCount: 2, rollup: 2, events: 2 });
  });

  it("has two workers running at once take each batch once", async () => {
    const url = await newShortUrl();
    for (let i = 0; i < 6; i++) await appended(url, i + 1);
    const [one, two] = [new EventRollup(t.database, silentLog()), new EventRollup(t.database, silentLog())];
    await Promise.all([one.drain(), two.drain()]);
    expect(await figuresOf(url.id)).toEqual({ clickCount: 21, rollup: 21, events: 21 });
    expect(await pending()).toBe(0);
  });
});
