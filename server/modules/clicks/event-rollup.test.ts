import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../../../db/client";
import { clickBatches, clickDaily, shortenedUrls } from "../../../db/schema";
import { eventClicks } from "../../../tests/click-events";
import { createShortLink } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { type Click, ClickQueue } from "./click-queue";
import { EventRollup, restAfter } from "./event-rollup";

// The worker that sums appended events into the figures (decision 026): a run cut off is summed
// once by the next, a commit in doubt is not summed again, and two workers never take one batch.

const t = setupTestApp();

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

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
  inApp: null,
  opened: null,
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

/** The test database, counting the worker's transactions. */
function countingTransactions() {
  const counting = {
    transactions: 0,
    preparedTransaction: (...args: Parameters<typeof t.database.preparedTransaction>) => {
      counting.transactions++;
      return t.database.preparedTransaction(...args);
    },
  };
  return counting;
}

/** The test database, each transaction starting `ms` late: a run that outlasts its budget. */
const slowTransactions = (ms: number) => ({
  preparedTransaction: async (...args: Parameters<typeof t.database.preparedTransaction>) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return t.database.preparedTransaction(...args);
  },
});

describe("EventRollup", () => {
  // The app's worker ticks every second: held off, so that each test's runs are the only ones.
  beforeAll(async () => {
    await t.app.clicks.rollups?.close(0);
  });

  it("leaves the events in the log and the batch pending until it runs; then sums them once", async () => {
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

  it("writes rows for known values only, and per owner only what account-wide figures read", async () => {
    const url = await newShortUrl();
    const queue = new ClickQueue(t.database, silentLog(), 1000, 60_000);
    queue.push(clickOn(url));
    queue.push({ ...clickOn(url), country: null, browser: null, os: null, referrerHost: "t.co" });
    await queue.flush();
    await queue.close();
    await new EventRollup(t.database, silentLog()).drain();
    const rows = async (table: "click_daily" | "click_daily_user") =>
      rowsOf<{ dimension: string; value: string; clicks: unknown }>(
        await t.database.db.execute(
          sql.raw(`select dimension, value, clicks from ${table} where user_id = ${url.userId}
            order by dimension, value`),
        ),
      ).map((row) => `${row.dimension}=${row.value}:${Number(row.clicks)}`);
    // Unknown values ("") are the total less the known ones, derived when read (decision 031).
    expect(await rows("click_daily")).toEqual([
      "browser=Chrome:1",
      "country=BR:1",
      "device=mobile:2",
      "os=Android:1",
      "referrer=t.co:1",
      "total=:2",
    ]);
    expect(await rows("click_daily_user")).toEqual(["country=BR:1", "total=:2"]);
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
          // The last call comes before the commit, every statement run: the whole run rolls back.
          if (++calls === steps.length + 1 && cuts > 0) {
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

  it("ends a drain at the run that took fewer batches than it may, without another for nothing", async () => {
    const url = await newShortUrl();
    await appended(url, 1);
    await appended(url, 2);
    const before = await pending();
    const counting = countingTransactions();
    await new EventRollup(counting, silentLog(), { batchesPerRun: 3 }).drain();
    expect(await figuresOf(url.id)).toEqual({ clickCount: 3, rollup: 3, events: 3 });
    expect(await pending()).toBe(0);
    // Runs of three while three were left, then the one that took the rest: none after it.
    expect(counting.transactions).toBe(Math.floor(before / 3) + 1);
  });

  it("with its queue the sole writer (PGlite), ticks without a transaction until the queue appends", async () => {
    const url = await newShortUrl();
    const counting = countingTransactions();
    const worker = new EventRollup(counting, silentLog(), { tickMs: 20, soleWriter: true });
    const queue = new ClickQueue(t.database, silentLog(), 1000, 20);
    queue.rollups = worker;
    try {
      await worker.drain();
      const idle = counting.transactions;
      worker.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(counting.transactions).toBe(idle);
      // The queue's timer appends; the worker sums it at once.
      queue.push(clickOn(url));
      queue.push(clickOn(url));
      await vi.waitFor(
        async () => expect(await figuresOf(url.id)).toEqual({ clickCount: 2, rollup: 2, events: 2 }),
        {
          timeout: 5_000,
        },
      );
      expect(counting.transactions).toBeGreaterThan(idle);
    } finally {
      await queue.close(); // and its worker
    }
  });

  it("with its queue the sole writer, ends a drain at the last batch appended, without a run for nothing", async () => {
    const url = await newShortUrl();
    const counting = countingTransactions();
    const worker = new EventRollup(counting, silentLog(), { soleWriter: true });
    const queue = new ClickQueue(t.database, silentLog(), 1000, 60_000);
    queue.rollups = worker;
    try {
      // A run that finds none left: from here the worker counts what its queue appends.
      await worker.drain();
      for (const expected of [1, 2]) {
        const before = counting.transactions;
        queue.push(clickOn(url));
        await queue.flush(); // appends one batch, then drains
        expect(await figuresOf(url.id)).toEqual({ clickCount: expected, rollup: expected, events: expected });
        // One run, one batch a run: the old worker ran a second, which took none.
        expect(counting.transactions - before).toBe(1);
      }
    } finally {
      await queue.close();
    }
  });

  it("once started, sums a batch as soon as its queue appends it, not at the next tick", async () => {
    const url = await newShortUrl();
    const worker = new EventRollup(t.database, silentLog(), { tickMs: 60_000 });
    const queue = new ClickQueue(t.database, silentLog(), 1000, 20);
    queue.rollups = worker;
    worker.start();
    try {
      queue.push(clickOn(url));
      await vi.waitFor(
        async () => expect(await figuresOf(url.id)).toEqual({ clickCount: 1, rollup: 1, events: 1 }),
        {
          timeout: 5_000,
        },
      );
    } finally {
      await queue.close(); // and its worker
    }
  });

  it("while the request path is busy, leaves a committed batch to its ticks and their budget", async () => {
    const url = await newShortUrl();
    const worker = new EventRollup(t.database, silentLog(), { tickMs: 60_000, busy: () => true });
    const queue = new ClickQueue(t.database, silentLog(), 1000, 20);
    queue.rollups = worker;
    worker.start();
    try {
      queue.push(clickOn(url));
      await vi.waitFor(async () => expect(await eventClicks(t.database.db, "short_url", url.id)).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await figuresOf(url.id)).toEqual({ clickCount: 0, rollup: 0, events: 1 });
    } finally {
      await queue.close(); // and its worker, which sums it
    }
    expect(await figuresOf(url.id)).toEqual({ clickCount: 1, rollup: 1, events: 1 });
  });

  /**
   * Three batches pending and a busy worker on a database 300 ms late a transaction: `check` runs
   * while it ticks every 50 ms; all three are summed once, in the end.
   */
  async function busyWorkerOnThreeBatches(
    options: { busyBudgetMs: number; maxStepBackMs?: number },
    check: () => Promise<void>,
  ) {
    const url = await newShortUrl();
    for (let i = 0; i < 3; i++) await appended(url, 1);
    const worker = new EventRollup(slowTransactions(300), silentLog(), {
      tickMs: 50,
      busy: () => true,
      ...options,
    });
    worker.start();
    try {
      await check();
    } finally {
      await worker.close(5_000);
    }
    expect(await figuresOf(url.id)).toEqual({ clickCount: 3, rollup: 3, events: 3 });
  }

  it("while busy, rests its ticks after a run that outlasted the budget, in proportion", async () => {
    // Each run is ~290 ms over a 10 ms budget, so at 10 ms of each 50 ms tick the worker rests
    // ~1.45 s after it (it ran every tick before).
    await busyWorkerOnThreeBatches({ busyBudgetMs: 10 }, async () => {
      await vi.waitFor(async () => expect(await pending()).toBeLessThan(3), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await pending()).toBe(2);
      // It rests, then sums again: the figures still move under a load that does not end.
      await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 10_000 });
    });
  });

  it("steps back for a burst only so long: behind for longer, it sums as when not busy", async () => {
    // Stepping back, ~3 s of rest would follow each 300 ms run; behind for over 200 ms, none does.
    await busyWorkerOnThreeBatches({ busyBudgetMs: 5, maxStepBackMs: 200 }, async () => {
      await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 4_000 });
    });
  });

  it("rests only past its budget, at the budget's share of a tick, for 30 s at most", () => {
    expect(restAfter(1_000, 50, 60, 1_000)).toBe(0);
    expect(restAfter(1_000, 120, 60, 1_000)).toBe(2_000);
    expect(restAfter(1_000, 1_800, 700, 1_000)).toBeCloseTo(1_000 + 1_100 / 0.7);
    expect(restAfter(1_000, 60_000, 60, 1_000)).toBe(31_000);
    expect(restAfter(1_000, 5_000, 1_000, 1_000)).toBe(0);
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

describe("EventRollup beside the page's editor", () => {
  it("sets aside a batch that can never be summed, logs it, and sums the later ones", async () => {
    const { user, cookie } = await t.signIn();
    const created = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug: `rollup-${process.pid}-${Date.now()}`, title: "Ana" },
    });
    const page = created.json<{ id: number }>();
    // Two views' rows whose sum overflows page_daily's integer: the sum fails the same way each time.
    await t.database.db.execute(sql`
      with b as (
        insert into click_batches (id, seq, rows, rolled_up)
        values (${`veneno-${Date.now()}`}, nextval('click_batch_seq'), 2, false) returning seq)
      insert into click_events (id, user_id, target_type, target_id, link_page_id, occurred_at, clicks, device, is_bot)
      overriding system value
      select b.seq * 65536 + n, ${user.id}, 'link_page', ${page.id}, ${page.id}, now(), 2147483647, 'mobile', false
      from b, generate_series(1, 2) as n`);
    const url = await newShortUrl();
    await appended(url, 2);
    const log = silentLog();
    await new EventRollup(t.database, log).drain();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.anything() }),
      "event batch cannot be summed; set aside, its events kept",
    );
    expect(await figuresOf(url.id)).toEqual({ clickCount: 2, rollup: 2, events: 2 });
    expect(await pending()).toBe(0);
  });

  // Postgres only: PGlite has one connection, so an edit cannot run while a rollup is open.
  it.skipIf(testDatabaseKind !== "postgres")(
    "lets a block be edited and moved while a rollup holds its page and the totals: they wait, none deadlocks",
    async () => {
      const { cookie } = await t.signIn();
      const created = await t.request({
        method: "POST",
        url: "/api/link-pages",
        cookie,
        payload: { slug: `rollup-edit-${process.pid}-${Date.now()}`, title: "Ana" },
      });
      const page = created.json<{ id: number; slug: string }>();
      const ids: number[] = [];
      for (const title of ["Loja", "Agenda"]) {
        const block = await t.request({
          method: "POST",
          url: `/api/link-pages/${page.id}/blocks`,
          cookie,
          payload: { type: "link", data: { title, url: "https://exemplo.com.br/" } },
        });
        ids.push(block.json<{ id: number }>().id);
      }
      await t.app.clicks.rollups?.close(0);
      // A view and a click of the first block, appended; a rollup held after its first statement.
      const view = await t.request({
        method: "GET",
        url: `/p/${page.slug}`,
        headers: { "user-agent": PHONE_UA },
      });
      expect(view.statusCode).toBe(200);
      const tap = await t.request({
        method: "POST",
        url: "/api/track-link-click",
        payload: { link_id: ids[0] },
        headers: { origin: "http://localhost:3000", "user-agent": PHONE_UA },
      });
      expect(tap.statusCode).toBe(204);
      const queue = t.app.clicks;
      const rollups = queue.rollups;
      queue.rollups = undefined;
      await queue.flush();
      queue.rollups = rollups;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let steps = 0;
      const held = new EventRollup(
        {
          preparedTransaction: (
            ...[statements, between]: Parameters<typeof t.database.preparedTransaction>
          ) =>
            t.database.preparedTransaction(statements, async () => {
              // Before the last statement (the sums): the first ones have locked the rows.
              if (++steps === statements.length) await gate;
              await between?.();
            }),
        },
        silentLog(),
      );
      const summing = held.drain();
      await vi.waitFor(() => expect(steps).toBe(3));
      const edits = Promise.all([
        t.request({ method: "PUT", url: `/api/blocks/${ids[1]}`, cookie, payload: { is_active: false } }),
        t.request({
          method: "PUT",
          url: `/api/link-pages/${page.id}/blocks/order`,
          cookie,
          payload: { ids: [ids[1], ids[0]] },
        }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const [answers] = await Promise.all([edits, summing]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
      const figures = await t.request({ method: "GET", url: `/api/link-pages/${page.id}/analytics`, cookie });
      expect(figures.json()).toMatchObject({ views: 1, clicks: 1 });
    },
  );
});
