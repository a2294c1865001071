import { inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { dayOf } from "../../../common/time";
import type { Db } from "../../../db/client";
import { type ClickTarget, links, type RollupDimension, shortenedUrls, users } from "../../../db/schema";
import type { ClickInfo } from "./click-info";

export type Click = ClickInfo & {
  userId: number;
  targetType: ClickTarget;
  targetId: number;
  /** The Link Bio page of a link click. */
  linkPageId: number | null;
  occurredAt: Date;
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ClickQueueOptions = {
  batchSize?: number;
  flushMs?: number;
  /** Clicks held at most while the database is away; beyond it new clicks are dropped (and logged). */
  maxPending?: number;
};

/**
 * Clicks written per transaction when a backlog is drained. NOTE: embedded PGlite runs on this
 * thread, so one transaction blocks redirects for its length; rows are per (target, second, class),
 * so a large batch of a busy link is still a few rows.
 */
const MAX_BATCH = 20_000;

/**
 * Clicks are answered first and written later: the queue collects them and writes a batch in one
 * transaction (events, daily rollups, click_count), every flushMs or when batchSize wait. One batch
 * is written at a time, so counts are exact. A batch that fails on a transient error goes back to
 * the front and is retried with backoff; one that can never be written (its owner was deleted, bad
 * data) is trimmed or dropped instead of blocking the queue. close() writes what is left (SIGTERM).
 */
export class ClickQueue {
  private pending: Click[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private failures = 0;
  private dropped = 0;
  private lastDropLog = 0;
  private readonly batchSize: number;
  private readonly flushMs: number;
  private readonly maxPending: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    batchSize = 500,
    flushMs = 250,
    options: ClickQueueOptions = {},
  ) {
    this.batchSize = options.batchSize ?? batchSize;
    this.flushMs = options.flushMs ?? flushMs;
    this.maxPending = options.maxPending ?? 100_000;
  }

  get size(): number {
    return this.pending.length;
  }

  push(click: Click): void {
    if (!isWritable(click)) {
      this.log.error({ targetType: click.targetType, targetId: click.targetId }, "malformed click dropped");
      return;
    }
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      const now = Date.now();
      if (now - this.lastDropLog > 10_000) {
        this.lastDropLog = now;
        this.log.error(
          { dropped: this.dropped, queued: this.pending.length },
          "click queue full; clicks dropped",
        );
      }
      return;
    }
    this.pending.push(click);
    if (this.running) return; // the running drain picks it up
    if (this.pending.length >= this.batchSize && this.failures === 0) void this.write(this.batchSize);
    else this.schedule();
  }

  /** Writes everything queued so far; resolves when it is in the database (or failed and was requeued). */
  flush(): Promise<void> {
    return this.write(1);
  }

  /**
   * Writes batches while at least `minimum` clicks wait; a remainder waits for the timer. Under load
   * this keeps batches large: each transaction has a fixed cost, paid on the thread that answers.
   */
  private async write(minimum: number): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.running) await this.running;
    if (this.pending.length === 0 || this.pending.length < minimum) {
      this.schedule();
      return;
    }
    this.running = this.drain(minimum);
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
    this.schedule();
  }

  /** Stops the timer and writes what is left, retrying a few times before giving up. */
  async close(): Promise<void> {
    this.closed = true;
    for (let attempt = 0; attempt < 5 && this.pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      await this.flush();
    }
    if (this.timer) clearTimeout(this.timer);
    if (this.pending.length > 0)
      this.log.error({ clicks: this.pending.length }, "clicks not written at shutdown");
  }

  private schedule(): void {
    if (this.closed || this.timer || this.pending.length === 0) return;
    const delay = this.failures ? Math.min(30_000, this.flushMs * 2 ** this.failures) : this.flushMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
  }

  private async drain(minimum: number): Promise<void> {
    for (let first = true; this.pending.length > 0 && this.pending.length >= minimum; first = false) {
      // Between two transactions, requests waiting on the event loop are answered first.
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.writeKeepingLiveUsers(batch);
        this.failures = 0;
      } catch (error) {
        const state = sqlState(error);
        // Data (22) or integrity (23) errors fail the same way every time: retrying would block
        // every later click behind this batch.
        if (state?.startsWith("22") || state?.startsWith("23")) {
          this.log.error({ err: error, clicks: batch.length }, "click batch cannot be written; dropped");
          continue;
        }
        this.failures++;
        this.log.error(
          { err: error, clicks: batch.length, failures: this.failures },
          "click batch failed; requeued",
        );
        this.pending = batch.concat(this.pending);
        if (this.pending.length > this.maxPending) {
          this.dropped += this.pending.length - this.maxPending;
          this.pending.length = this.maxPending;
        }
        return;
      }
    }
  }

  /** A user deleted since their clicks were queued fails the batch on its foreign key: drop theirs. */
  private async writeKeepingLiveUsers(batch: Click[]): Promise<void> {
    try {
      await this.writeBatch(batch);
    } catch (error) {
      if (sqlState(error) !== "23503") throw error;
      const ids = [...new Set(batch.map((click) => click.userId))];
      const live = new Set(
        (await this.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map(
          (row) => row.id,
        ),
      );
      const kept = batch.filter((click) => live.has(click.userId));
      this.log.warn({ dropped: batch.length - kept.length }, "clicks of deleted users dropped");
      if (kept.length > 0) await this.writeBatch(kept);
    }
  }

  private async writeBatch(batch: Click[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const clicks = await keepLiveTargets(tx, batch);
      if (clicks.length === 0) return;
      const { events, rollups, owners, counts } = summarise(clicks);
      // One array parameter per column (unnest): the statement is as cheap to build for 5 000 clicks
      // as for 1, which matters because it is built on the same thread that answers redirects.
      const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));
      await tx.execute(sql`
        insert into click_events
          (user_id, target_type, target_id, link_page_id, occurred_at, clicks, country, referrer_host, device, browser, os, is_bot)
        select * from unnest(
          ${column(events, (e) => e.userId)}::int[], ${column(events, (e) => e.targetType)}::text[],
          ${column(events, (e) => e.targetId)}::int[], ${column(events, (e) => e.linkPageId)}::int[],
          ${column(events, (e) => new Date(e.second * 1000).toISOString())}::timestamptz[],
          ${column(events, (e) => e.clicks)}::int[], ${column(events, (e) => e.country)}::text[],
          ${column(events, (e) => e.referrerHost)}::text[], ${column(events, (e) => e.device)}::text[],
          ${column(events, (e) => e.browser)}::text[], ${column(events, (e) => e.os)}::text[],
          ${column(events, (e) => e.isBot)}::bool[])`);
      await tx.execute(sql`
        insert into click_daily (user_id, day, target_type, target_id, link_page_id, dimension, value, clicks)
        select * from unnest(
          ${column(rollups, (r) => r.userId)}::int[], ${column(rollups, (r) => r.day)}::date[],
          ${column(rollups, (r) => r.targetType)}::text[], ${column(rollups, (r) => r.targetId)}::int[],
          ${column(rollups, (r) => r.linkPageId)}::int[], ${column(rollups, (r) => r.dimension)}::text[],
          ${column(rollups, (r) => r.value)}::text[], ${column(rollups, (r) => r.clicks)}::bigint[])
        on conflict (user_id, target_type, target_id, dimension, value, day)
        do update set clicks = click_daily.clicks + excluded.clicks`);
      await tx.execute(sql`
        insert into click_daily_user (user_id, dimension, day, value, clicks)
        select * from unnest(
          ${column(owners, (r) => r.userId)}::int[], ${column(owners, (r) => r.dimension)}::text[],
          ${column(owners, (r) => r.day)}::date[], ${column(owners, (r) => r.value)}::text[],
          ${column(owners, (r) => r.clicks)}::bigint[])
        on conflict (user_id, dimension, day, value)
        do update set clicks = click_daily_user.clicks + excluded.clicks`);
      await addCounts(tx, "shortened_urls", counts.short_url);
      await addCounts(tx, "links", counts.link);
      await addCounts(tx, "link_pages", counts.page);
    });
  }
}

/**
 * Drops clicks on targets deleted since they were queued (their rows would outlive the delete).
 * The targets are locked in id order: a delete running meanwhile waits for this batch (and then
 * deletes its rows too), and two processes writing the same targets cannot deadlock.
 */
async function keepLiveTargets(tx: Tx, batch: Click[]): Promise<Click[]> {
  const ids = { short_url: new Set<number>(), link: new Set<number>() };
  for (const click of batch) ids[click.targetType].add(click.targetId);
  const live = { short_url: new Set<number>(), link: new Set<number>() };
  if (ids.short_url.size > 0) {
    const rows = await tx
      .select({ id: shortenedUrls.id })
      .from(shortenedUrls)
      .where(inArray(shortenedUrls.id, [...ids.short_url]))
      .orderBy(shortenedUrls.id)
      .for("no key update");
    for (const row of rows) live.short_url.add(row.id);
  }
  if (ids.link.size > 0) {
    const rows = await tx
      .select({ id: links.id })
      .from(links)
      .where(inArray(links.id, [...ids.link]))
      .orderBy(links.id)
      .for("no key update");
    for (const row of rows) live.link.add(row.id);
  }
  return batch.filter((click) => live[click.targetType].has(click.targetId));
}

type RollupRow = {
  userId: number;
  day: string;
  targetType: ClickTarget;
  targetId: number;
  linkPageId: number;
  dimension: RollupDimension;
  value: string;
  clicks: number;
};

type EventRow = Omit<Click, "occurredAt"> & { second: number; clicks: number };

/**
 * The batch summed per event (target, second, visitor class), per rollup key and per target. Bots
 * go under "bot" only, outside click_count.
 */
function summarise(batch: Click[]) {
  const events = new Map<string, EventRow>();
  const rollups = new Map<string, RollupRow>();
  const counts = {
    short_url: new Map<number, number>(),
    link: new Map<number, number>(),
    page: new Map<number, number>(),
  };
  const add = (click: Click, day: string, dimension: RollupDimension, value: string | null) => {
    const key = `${click.userId}|${click.targetType}|${click.targetId}|${dimension}|${value ?? ""}|${day}`;
    const row = rollups.get(key);
    if (row) row.clicks++;
    else
      rollups.set(key, {
        userId: click.userId,
        day,
        targetType: click.targetType,
        targetId: click.targetId,
        linkPageId: click.linkPageId ?? 0,
        dimension,
        value: value ?? "",
        clicks: 1,
      });
  };
  // Formatting a date in a time zone is the costly part of a click here; clicks of the same minute
  // share a day (time zone offsets are whole minutes), so it is done once per minute.
  const days = new Map<number, string>();
  for (const click of batch) {
    const second = Math.floor(click.occurredAt.getTime() / 1000);
    const eventKey = `${click.userId}|${click.targetType}|${click.targetId}|${second}|${click.country}|${click.referrerHost}|${click.device}|${click.browser}|${click.os}|${click.isBot}`;
    const event = events.get(eventKey);
    if (event) event.clicks++;
    else {
      const { occurredAt: _, ...rest } = click;
      events.set(eventKey, { ...rest, second, clicks: 1 });
    }
    const minute = Math.floor(second / 60);
    let day = days.get(minute);
    if (day === undefined) {
      day = dayOf(click.occurredAt);
      days.set(minute, day);
    }
    if (click.isBot) {
      add(click, day, "bot", null);
      continue;
    }
    add(click, day, "total", null);
    add(click, day, "country", click.country);
    add(click, day, "referrer", click.referrerHost);
    add(click, day, "device", click.device);
    add(click, day, "browser", click.browser);
    add(click, day, "os", click.os);
    const byTarget = counts[click.targetType];
    byTarget.set(click.targetId, (byTarget.get(click.targetId) ?? 0) + 1);
    if (click.linkPageId) counts.page.set(click.linkPageId, (counts.page.get(click.linkPageId) ?? 0) + 1);
  }
  // The same sums per owner, whatever the target (click_daily_user).
  const owners = new Map<string, Omit<RollupRow, "targetType" | "targetId" | "linkPageId">>();
  for (const row of rollups.values()) {
    const key = `${row.userId}|${row.dimension}|${row.value}|${row.day}`;
    const owner = owners.get(key);
    if (owner) owner.clicks += row.clicks;
    else
      owners.set(key, {
        userId: row.userId,
        day: row.day,
        dimension: row.dimension,
        value: row.value,
        clicks: row.clicks,
      });
  }
  // Key order, so that concurrent writers upsert the same rows in the same order.
  return { events: [...events.values()], rollups: inKeyOrder(rollups), owners: inKeyOrder(owners), counts };
}

const inKeyOrder = <T>(rows: Map<string, T>) =>
  [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

async function addCounts(tx: Pick<Db, "execute">, table: string, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const sorted = [...counts].sort(([a], [b]) => a - b);
  await tx.execute(sql`
    update ${sql.identifier(table)} as t set click_count = t.click_count + v.n
    from unnest(${sql.param(sorted.map(([id]) => id))}::int[], ${sql.param(sorted.map(([, n]) => n))}::bigint[])
      as v(id, n)
    where t.id = v.id`);
}

const isId = (value: unknown) =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2147483647;

/** A click that could never be written (a caller's bug) is refused at once, not retried forever. */
function isWritable(click: Click): boolean {
  return (
    isId(click.userId) &&
    isId(click.targetId) &&
    (click.targetType === "short_url" || click.targetType === "link") &&
    (click.linkPageId === null || isId(click.linkPageId)) &&
    click.occurredAt instanceof Date &&
    Number.isFinite(click.occurredAt.getTime())
  );
}

/** The SQLSTATE of a database error, whether thrown bare or wrapped by Drizzle. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
