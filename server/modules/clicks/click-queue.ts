import { randomUUID } from "node:crypto";
import { inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BLOCK_TYPES } from "../../../common/contract/link-blocks";
import { dayOf } from "../../../common/time";
import type { Database, Db } from "../../../db/client";
import { clickBatches, type EventTarget, type RollupDimension, users } from "../../../db/schema";
import { sqlState } from "../../lib/database-errors";
import type { ClickInfo } from "./click-info";

/**
 * A click, or a Link Bio page's view: `targetType` "link_page", `targetId` and `linkPageId` the page
 * (issue 35). Views are events like clicks, but never clicks: they are summed in page_daily only.
 */
export type Click = ClickInfo & {
  userId: number;
  targetType: EventTarget;
  targetId: number;
  /** The Link Bio page of a block's click or of a view. */
  linkPageId: number | null;
  occurredAt: Date;
  /** The visitor's hash for the day (DailyVisitorKey), or null (bots; no salt loaded). */
  visitor: string | null;
};

export type ClickQueueOptions = {
  batchSize?: number;
  flushMs?: number;
  /** Clicks held at most while the database is away; beyond it new clicks are dropped (and logged). */
  maxPending?: number;
  /** Event rows a statement (MAX_ROWS; PGLITE_ROWS_PER_STATEMENT on PGlite). */
  rowsPerStatement?: number;
};

/**
 * Event rows written per statement, by default. Rows are per (target, second, class), so a busy
 * link's batch is a few rows; a long tail of cold links is a row per click, each with ~6 rollup
 * rows, and a backlog is written in slices with the event loop served in between.
 */
const MAX_ROWS = 2_000;

/**
 * On embedded PGlite, which runs on this thread, a statement blocks redirects for its length: at
 * 2,000 rows a statement the cold redirects of a million-link bench stalled 0.4-0.7 s (p99); at 100,
 * ~60 ms, for the same rate. On Postgres a statement is a round trip away and small ones would only
 * fall behind a burst (at 100 a statement the queue outgrew the heap under load).
 */
export const PGLITE_ROWS_PER_STATEMENT = 100;

/** A click, or several of one target in one second from one class of visitor. */
type EventRow = Omit<Click, "occurredAt"> & { second: number; clicks: number };

function toEventRow(click: Click, clicks: number): EventRow {
  return {
    userId: click.userId,
    targetType: click.targetType,
    targetId: click.targetId,
    linkPageId: click.linkPageId,
    second: Math.floor(click.occurredAt.getTime() / 1000),
    country: click.country,
    referrerHost: click.referrerHost,
    device: click.device,
    browser: click.browser,
    os: click.os,
    isBot: click.isBot,
    visitor: click.visitor,
    clicks,
  };
}

const rowKey = (r: EventRow) =>
  `${r.userId}|${r.targetType}|${r.targetId}|${r.linkPageId}|${r.second}|${r.country}|${r.referrerHost}|${r.device}|${r.browser}|${r.os}|${r.isBot}|${r.visitor}`;

/** Adds a row's clicks to the map, merging it with the row of the same key. */
function addTo(rows: Map<string, EventRow>, row: EventRow): void {
  const key = rowKey(row);
  const existing = rows.get(key);
  if (existing) existing.clicks += row.clicks;
  else rows.set(key, row);
}

const sumClicks = (rows: EventRow[]) => rows.reduce((n, row) => n + row.clicks, 0);

/** Rows written in one transaction, under an id that click_batches keeps once they are. */
type Batch = { id: string; rows: EventRow[]; clicks: number };

/** What a listener learns of a committed batch (outgoing webhooks): rows per target, second and class. */
export type WrittenClicks = ReadonlyArray<
  Readonly<Pick<EventRow, "userId" | "targetType" | "targetId" | "second" | "clicks" | "isBot">>
>;

/** The longest wait between two attempts while the database is away. */
const MAX_BACKOFF_MS = 5_000;

/**
 * Clicks are answered first and written later. Each click is folded at once into its event row
 * (target, second, visitor class, with a count): nothing per click is kept, which matters because
 * objects that outlive a young-generation GC cost more than the redirect itself. A batch (every
 * flushMs, or when batchSize clicks wait) is written in one statement: events, daily rollups,
 * click_count. One batch is written at a time, so counts are exact. One that can never be written
 * (its owner was deleted, bad data) is trimmed or dropped instead of blocking the queue. close()
 * writes what is left (SIGTERM).
 *
 * A batch that fails on a transient error (the database restarting) is held, with backoff, and
 * retried alone, with the same rows under the same id: when the connection drops during COMMIT,
 * nobody knows whether it was written. Its id is inserted into click_batches in the same
 * transaction, so a retry of a batch that was in fact written fails on that key and is dropped:
 * no click is lost, none is counted twice. Ids older than a day are purged (purgeClickBatches).
 */
export class ClickQueue {
  /** Called with each batch once committed (webhooks' link.clicked); must be cheap. */
  onWritten: ((rows: WrittenClicks) => void) | undefined;
  private rows = new Map<string, EventRow>();
  /** Clicks in `rows`. */
  private clicks = 0;
  /** Batches that failed, oldest first: retried alone, unchanged, before anything else. */
  private inDoubt: Batch[] = [];
  private doubtClicks = 0;
  /** Clicks taken from `rows` by the running drain and not written yet. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private failures = 0;
  private dropped = 0;
  private lastDropLog = 0;
  private readonly batchSize: number;
  private readonly flushMs: number;
  private readonly maxPending: number;
  private readonly rowsPerStatement: number;

  constructor(
    private readonly database: Pick<Database, "db" | "preparedTransaction">,
    private readonly log: FastifyBaseLogger,
    batchSize = 500,
    flushMs = 250,
    options: ClickQueueOptions = {},
  ) {
    this.batchSize = options.batchSize ?? batchSize;
    this.flushMs = options.flushMs ?? flushMs;
    this.maxPending = options.maxPending ?? 100_000;
    this.rowsPerStatement = options.rowsPerStatement ?? MAX_ROWS;
  }

  /** Clicks waiting to be written. */
  get size(): number {
    return this.clicks + this.doubtClicks + this.inFlight;
  }

  push(click: Click): void {
    if (!isWritable(click)) {
      this.log.error({ targetType: click.targetType, targetId: click.targetId }, "malformed click dropped");
      return;
    }
    if (this.size >= this.maxPending) {
      this.dropped++;
      const now = Date.now();
      if (now - this.lastDropLog > 10_000) {
        this.lastDropLog = now;
        this.log.error({ dropped: this.dropped, queued: this.size }, "click queue full; clicks dropped");
      }
      return;
    }
    addTo(this.rows, toEventRow(click, 1));
    this.clicks++;
    if (this.running) return; // the running drain picks it up
    if (this.clicks >= this.batchSize && this.failures === 0) void this.write(this.batchSize);
    else this.schedule();
  }

  /** Writes everything queued so far; resolves when it is in the database (or failed and is held). */
  flush(): Promise<void> {
    return this.write(1);
  }

  /** Writes while at least `minimum` clicks wait; below that, the timer takes the rest. */
  private async write(minimum: number): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.running) await this.running;
    if (this.size === 0 || (this.inDoubt.length === 0 && this.clicks < minimum)) {
      this.schedule();
      return;
    }
    this.running = this.drain();
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
    for (let attempt = 0; attempt < 5 && this.size > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      await this.flush();
    }
    if (this.timer) clearTimeout(this.timer);
    if (this.size > 0) this.log.error({ clicks: this.size }, "clicks not written at shutdown");
  }

  private schedule(): void {
    if (this.closed || this.timer || this.size === 0) return;
    const delay = this.failures ? Math.min(MAX_BACKOFF_MS, this.flushMs * 2 ** this.failures) : this.flushMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
  }

  /**
   * Retries the batches in doubt, then takes everything waiting (synchronously: clicks pushed
   * meanwhile wait for the next batch) and writes it in batches of rowsPerStatement rows.
   */
  private async drain(): Promise<void> {
    while (this.inDoubt.length > 0) {
      const batch = this.inDoubt[0]!;
      if ((await this.tryWrite(batch)) === "failed") return;
      this.inDoubt.shift();
      this.doubtClicks -= batch.clicks;
      await yieldToEventLoop();
    }
    const rows = [...this.rows.values()];
    const clicks = this.clicks;
    this.rows = new Map();
    this.clicks = 0;
    this.inFlight = clicks;
    const perStatement = this.rowsPerStatement;
    for (let i = 0; i < rows.length; i += perStatement) {
      // Between two statements, requests waiting on the event loop are answered first.
      if (i > 0) await yieldToEventLoop();
      const slice = rows.slice(i, i + perStatement);
      const batch: Batch = {
        id: randomUUID(),
        rows: slice,
        clicks: i === 0 && rows.length <= perStatement ? clicks : sumClicks(slice),
      };
      const outcome = await this.tryWrite(batch);
      this.inFlight -= batch.clicks;
      if (outcome === "failed") {
        this.inFlight = 0;
        this.inDoubt.push(batch);
        this.doubtClicks += batch.clicks;
        this.requeue(rows.slice(i + perStatement));
        return;
      }
    }
    this.inFlight = 0;
  }

  /** "done": written (now or by an earlier attempt) or dropped for good; "failed": to retry. */
  private async tryWrite(batch: Batch): Promise<"done" | "failed"> {
    try {
      await this.writeKeepingLiveUsers(batch);
      this.failures = 0;
      this.notifyWritten(batch.rows);
      return "done";
    } catch (error) {
      if (isWrittenBatch(error)) {
        // An earlier attempt committed although its connection dropped: written once, not twice.
        this.failures = 0;
        this.log.warn({ clicks: batch.clicks, batch: batch.id }, "click batch was already written");
        // The attempt that wrote it was reported failed, so its listeners never heard of it.
        this.notifyWritten(batch.rows);
        return "done";
      }
      const state = sqlState(error);
      // Data (22) or integrity (23) errors fail the same way every time: retrying would block
      // every later click behind this batch.
      if (state?.startsWith("22") || state?.startsWith("23")) {
        this.log.error({ err: error, clicks: batch.clicks }, "click batch cannot be written; dropped");
        return "done";
      }
      this.failures++;
      // Once per outage with the error, then quietly (the backoff retries every few seconds).
      if (this.failures === 1) {
        this.log.error({ err: error, clicks: batch.clicks }, "click batch failed; held and retried");
      } else {
        this.log.warn({ clicks: this.size, failures: this.failures }, "clicks still held");
      }
      return "failed";
    }
  }

  /** Outside tryWrite's error handling: a listener's bug must not make a written batch retried. */
  private notifyWritten(rows: EventRow[]): void {
    if (!this.onWritten) return;
    try {
      // Views are not clicks.
      this.onWritten(rows.filter((row) => row.targetType !== "link_page"));
    } catch (error) {
      this.log.error({ err: error }, "click batch listener failed");
    }
  }

  /** Puts unwritten rows back (merged with what came meanwhile), within maxPending clicks. */
  private requeue(rows: EventRow[]): void {
    for (const row of rows) {
      const room = this.maxPending - this.size;
      if (room <= 0) {
        this.dropped += row.clicks;
        continue;
      }
      const kept = Math.min(room, row.clicks);
      this.dropped += row.clicks - kept;
      addTo(this.rows, { ...row, clicks: kept });
      this.clicks += kept;
    }
  }

  /** A user deleted since their clicks were queued fails the batch on its foreign key: drop theirs. */
  private async writeKeepingLiveUsers({ id, rows: batch }: Batch): Promise<void> {
    try {
      await this.writeBatch(batch, id);
    } catch (error) {
      if (sqlState(error) !== "23503") throw error;
      const ids = [...new Set(batch.map((row) => row.userId))];
      const live = new Set(
        (await this.database.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map(
          (row) => row.id,
        ),
      );
      const kept = batch.filter((row) => live.has(row.userId));
      this.log.warn({ dropped: sumClicks(batch) - sumClicks(kept) }, "clicks of deleted users dropped");
      // The failed attempt rolled back, its id with it: the same id is free.
      if (kept.length > 0) await this.writeBatch(kept, id);
    }
  }

  /**
   * One transaction of two prepared statements (embedded PGlite runs on the thread that answers
   * redirects: parsing them costs ~30 ms there and planning them ~3 ms, against ~1 ms each to
   * execute them, and the event loop is served before each and before the commit). The first
   * locks the batch's targets in id order (a delete running meanwhile waits for the commit, and two
   * processes cannot deadlock), then their owners (key share: an account deletion waits for the
   * commit, and its trigger then finds these rows; click_events and click_daily have no foreign
   * key, migration 0022), keeps only the rows of targets and owners that still exist, and writes
   * the events and click_count; the second writes the daily rollups and the per-owner sums of the
   * same live targets (still locked).
   */
  private async writeBatch(batch: EventRow[], id: string): Promise<void> {
    const { rollups, pages, visitors } = summarise(batch);
    const ids = (pick: (row: EventRow) => boolean) => [...new Set(batch.filter(pick).map((r) => r.targetId))];
    const shortIds = sql.param(ids((r) => r.targetType === "short_url"));
    // Every other type but a view is a block of a Link Bio page: a row of links (decision 024).
    const linkIds = sql.param(ids((r) => r.targetType !== "short_url" && r.targetType !== "link_page"));
    const pageIds = sql.param(pages);
    // One array parameter per column (unnest): the statement is as cheap to build for 5 000 clicks
    // as for 1, which matters because it is built on the same thread that answers redirects.
    const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));
    const liveTarget = (alias: string) =>
      sql.raw(`((${alias}.target_type = 'short_url' and ${alias}.target_id in (select id from live_short))
        or (${alias}.target_type = 'link_page' and ${alias}.target_id in (select id from live_page))
        or (${alias}.target_type not in ('short_url', 'link_page') and ${alias}.target_id in (select id from live_link)))`);
    const events = sql`
      with
      written as (insert into click_batches (id) values (${id}::text)),
      live_short as materialized (
        select id from shortened_urls where id = any(${shortIds}::int[])
        order by id for no key update),
      live_link as materialized (
        select id from links where id = any(${linkIds}::int[])
        order by id for no key update),
      live_page as materialized (
        select id from link_pages where id = any(${pageIds}::int[])
          -- After the links, as a page's deletion locks them.
          and (select count(*) from live_link) >= 0
        order by id for no key update),
      owners as materialized (
        select id from users where id = any(${sql.param([...new Set(batch.map((r) => r.userId))])}::int[])
          -- After the targets (these run first and lock them all), as an account deletion locks.
          and (select count(*) from live_short) + (select count(*) from live_link)
              + (select count(*) from live_page) >= 0
        order by id for key share),
      ev as materialized (
        select e.* from unnest(
          ${column(batch, (e) => e.userId)}::int[], ${column(batch, (e) => e.targetType)}::text[],
          ${column(batch, (e) => e.targetId)}::int[], ${column(batch, (e) => e.linkPageId)}::int[],
          ${column(batch, (e) => new Date(e.second * 1000).toISOString())}::timestamptz[],
          ${column(batch, (e) => e.clicks)}::int[], ${column(batch, (e) => e.country)}::text[],
          ${column(batch, (e) => e.referrerHost)}::text[], ${column(batch, (e) => e.device)}::text[],
          ${column(batch, (e) => e.browser)}::text[], ${column(batch, (e) => e.os)}::text[],
          ${column(batch, (e) => e.isBot)}::bool[], ${column(batch, (e) => e.visitor)}::bigint[])
          as e(user_id, target_type, target_id, link_page_id, occurred_at, clicks, country, referrer_host, device, browser, os, is_bot, visitor)
        where ${liveTarget("e")} and e.user_id in (select id from owners)),
      events as (
        insert into click_events
          (user_id, target_type, target_id, link_page_id, occurred_at, clicks, country, referrer_host, device, browser, os, is_bot, visitor)
        select * from ev),
      short_counts as (
        update shortened_urls as t set click_count = t.click_count + v.n
        from (select target_id as id, sum(clicks) as n from ev where target_type = 'short_url' and not is_bot
              group by target_id) as v
        where t.id = v.id),
      link_counts as (
        update links as t set click_count = t.click_count + v.n
        from (select target_id as id, sum(clicks) as n from ev
              where target_type not in ('short_url', 'link_page') and not is_bot
              group by target_id) as v
        where t.id = v.id),
      page_counts as (
        update link_pages as t set click_count = t.click_count + v.n
        from (select link_page_id as id, sum(clicks) as n from ev
              where target_type not in ('short_url', 'link_page') and not is_bot
                and link_page_id in (select id from live_page)
              group by link_page_id) as v
        where t.id = v.id)
      select 1`;
    // Views are summed in page_daily only; a page's clicks there are its blocks' rollups, summed
    // per page. New visitors of the day are the rows visitor_days did not hold yet.
    const rollupRows = sql`
      with
      live_short as materialized (select id from shortened_urls where id = any(${shortIds}::int[])),
      live_link as materialized (select id from links where id = any(${linkIds}::int[])),
      live_page as materialized (select id from link_pages where id = any(${pageIds}::int[])),
      rollups as materialized (
        select r.* from unnest(
          ${column(rollups, (r) => r.userId)}::int[], ${column(rollups, (r) => r.day)}::date[],
          ${column(rollups, (r) => r.targetType)}::text[], ${column(rollups, (r) => r.targetId)}::int[],
          ${column(rollups, (r) => r.linkPageId)}::int[], ${column(rollups, (r) => r.dimension)}::text[],
          ${column(rollups, (r) => r.value)}::text[], ${column(rollups, (r) => r.clicks)}::bigint[])
          with ordinality as r(user_id, day, target_type, target_id, link_page_id, dimension, value, clicks, n)
        where ${liveTarget("r")}),
      new_visitors as (
        insert into visitor_days (scope_type, scope_id, day, visitor)
        select v.scope_type, v.scope_id, v.day, v.visitor from unnest(
          ${column(visitors, (v) => v.scopeType)}::text[], ${column(visitors, (v) => v.scopeId)}::int[],
          ${column(visitors, (v) => v.day)}::date[], ${column(visitors, (v) => v.visitor)}::bigint[])
          as v(scope_type, scope_id, day, visitor)
        where (v.scope_type = 'short_url' and v.scope_id in (select id from live_short))
           or (v.scope_type = 'link_page' and v.scope_id in (select id from live_page))
        order by v.scope_type, v.scope_id, v.day, v.visitor
        on conflict do nothing
        returning scope_type, scope_id, day),
      new_counts as materialized (
        select scope_type, scope_id, day, count(*)::int as n from new_visitors group by scope_type, scope_id, day),
      daily as (
        insert into click_daily (user_id, day, target_type, target_id, link_page_id, dimension, value, clicks, visitors)
        select r.user_id, r.day, r.target_type, r.target_id, r.link_page_id, r.dimension, r.value, r.clicks,
               coalesce(c.n, 0)
        from rollups r
        left join new_counts c on r.target_type = 'short_url' and r.dimension = 'total'
          and c.scope_type = 'short_url' and c.scope_id = r.target_id and c.day = r.day
        where r.target_type <> 'link_page'
        order by r.n
        on conflict (user_id, target_type, target_id, dimension, value, day)
        do update set clicks = click_daily.clicks + excluded.clicks, visitors = click_daily.visitors + excluded.visitors),
      owners as (
        insert into click_daily_user (user_id, dimension, day, value, clicks)
        select user_id, dimension, day, value, sum(clicks) from rollups where target_type <> 'link_page'
        group by user_id, dimension, day, value order by user_id, dimension, day, value
        on conflict (user_id, dimension, day, value)
        do update set clicks = click_daily_user.clicks + excluded.clicks),
      page_rows as materialized (
        select user_id, link_page_id, day, dimension, value,
               coalesce(sum(clicks) filter (where target_type = 'link_page'), 0)::int as views,
               coalesce(sum(clicks) filter (where target_type <> 'link_page'), 0)::int as clicks
        from rollups
        where target_type <> 'short_url' and dimension <> 'bot' and link_page_id in (select id from live_page)
        group by user_id, link_page_id, day, dimension, value),
      pages as (
        insert into page_daily (user_id, link_page_id, day, dimension, value, views, visitors, clicks)
        select p.user_id, p.link_page_id, p.day, p.dimension, p.value, p.views, coalesce(c.n, 0), p.clicks
        from page_rows p
        left join new_counts c on p.dimension = 'total'
          and c.scope_type = 'link_page' and c.scope_id = p.link_page_id and c.day = p.day
        order by p.user_id, p.link_page_id, p.dimension, p.day, p.value
        on conflict (user_id, link_page_id, dimension, day, value)
        do update set views = page_daily.views + excluded.views, visitors = page_daily.visitors + excluded.visitors,
          clicks = page_daily.clicks + excluded.clicks)
      select 1`;
    await this.database.preparedTransaction(
      [
        { name: "click_events_batch", query: events },
        { name: "click_rollups_batch", query: rollupRows },
      ],
      yieldToEventLoop,
    );
  }
}

/** Lets the event loop answer what is waiting (I/O included) before going on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type RollupRow = {
  userId: number;
  day: string;
  targetType: EventTarget;
  targetId: number;
  linkPageId: number;
  dimension: RollupDimension;
  value: string;
  clicks: number;
};

/** A visitor of a page (its views) or of a short link (its clicks) on a day. */
type VisitorRow = { scopeType: "link_page" | "short_url"; scopeId: number; day: string; visitor: string };

/**
 * The batch's rows summed per rollup key, in key order (concurrent writers upsert the same rows in
 * the same order); the Link Bio pages whose blocks were clicked or that were viewed; and the
 * visitors of the day of each page and short link. Bots go under "bot" only. A view's rollups
 * (its "clicks" are views) are summed per page, never with the clicks.
 */
function summarise(batch: EventRow[]) {
  const rollups = new Map<string, RollupRow>();
  const pages = new Set<number>();
  const visitors = new Map<string, VisitorRow>();
  const add = (row: EventRow, day: string, dimension: RollupDimension, value: string | null) => {
    const key = `${row.userId}|${row.targetType}|${row.targetId}|${dimension}|${value ?? ""}|${day}`;
    const rollup = rollups.get(key);
    if (rollup) rollup.clicks += row.clicks;
    else
      rollups.set(key, {
        userId: row.userId,
        day,
        targetType: row.targetType,
        targetId: row.targetId,
        linkPageId: row.linkPageId ?? 0,
        dimension,
        value: value ?? "",
        clicks: row.clicks,
      });
  };
  // Formatting a date in a time zone is costly; rows of the same minute share a day (time zone
  // offsets are whole minutes), so it is done once per minute.
  const days = new Map<number, string>();
  for (const row of batch) {
    const minute = Math.floor(row.second / 60);
    let day = days.get(minute);
    if (day === undefined) {
      day = dayOf(row.second * 1000);
      days.set(minute, day);
    }
    if (row.isBot) {
      add(row, day, "bot", null);
      continue;
    }
    add(row, day, "total", null);
    add(row, day, "country", row.country);
    add(row, day, "referrer", row.referrerHost);
    add(row, day, "device", row.device);
    add(row, day, "browser", row.browser);
    add(row, day, "os", row.os);
    if (row.linkPageId) pages.add(row.linkPageId);
    const scopeType =
      row.targetType === "link_page" ? "link_page" : row.targetType === "short_url" ? "short_url" : null;
    if (scopeType && row.visitor !== null) {
      const key = `${scopeType}|${row.targetId}|${day}|${row.visitor}`;
      if (!visitors.has(key))
        visitors.set(key, { scopeType, scopeId: row.targetId, day, visitor: row.visitor });
    }
  }
  return { rollups: inKeyOrder(rollups), pages: [...pages], visitors: [...visitors.values()] };
}

const inKeyOrder = <T>(rows: Map<string, T>) =>
  [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

const isId = (value: unknown) =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2147483647;

/** A click that could never be written (a caller's bug) is refused at once, not retried forever. */
function isWritable(click: Click): boolean {
  return (
    isId(click.userId) &&
    isId(click.targetId) &&
    (click.targetType === "short_url" ||
      (click.targetType === "link_page" && click.linkPageId === click.targetId) ||
      (BLOCK_TYPES as readonly string[]).includes(click.targetType)) &&
    (click.linkPageId === null || isId(click.linkPageId)) &&
    (click.visitor === null || /^-?\d{1,19}$/.test(click.visitor)) &&
    click.occurredAt instanceof Date &&
    Number.isFinite(click.occurredAt.getTime())
  );
}

/** The unique violation of a batch id already in click_batches (see ClickQueue). */
function isWrittenBatch(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined; e; e = e.cause as typeof e) {
    if (e.code !== "23505") continue;
    return e.constraint === "click_batches_pkey" || String(e.message).includes("click_batches_pkey");
  }
  return false;
}

/** Forgets the ids of batches written more than a day ago (an hourly job): no retry waits that long. */
export async function purgeClickBatches(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(clickBatches)
    .where(lt(clickBatches.writtenAt, new Date(now.getTime() - 86_400_000)))
    .returning({ id: clickBatches.id });
  return purged.length;
}
