import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../db/client";
import { OWNER_DIMENSIONS_SQL } from "../../../db/schema";
import { sqlState } from "../../lib/database-errors";
import { EVENTS_PER_BATCH } from "./click-queue";

export type EventRollupOptions = {
  /** Batches summed per transaction (a batch holds at most the queue's rows per statement). */
  batchesPerRun?: number;
  /** How long one tick may sum, in ms, before it gives the thread back until the next tick. */
  budgetMs?: number;
  /**
   * The tick's budget while the request path is busy (`busy` says so), if smaller: a burst is
   * answered first and summed after. On PGlite the worker shares the thread that answers; on
   * Postgres, the database's cores, where the burst's lookups wait. A run is not cut short: one that
   * outlasts this budget rests the ticks after it in proportion, while busy (see `restAfter`).
   */
  busyBudgetMs?: number;
  busy?: () => boolean;
  /** How long it steps back while busy and behind (MAX_STEP_BACK_MS). */
  maxStepBackMs?: number;
  /** Between two ticks, in ms. */
  tickMs?: number;
  /**
   * Whether this process's queue appends every batch (embedded PGlite: one process holds the data
   * directory) and says so (`appended`): a tick then asks for batches only after one was appended
   * since none was left, rather than a transaction a second for nothing while no event comes.
   */
  soleWriter?: boolean;
};

/** The longest rest after a run that outlasted the busy budget: the figures move twice a minute. */
const MAX_REST_MS = 30_000;

/**
 * How long the worker steps back for a burst: behind for longer (a load the budget cannot keep up
 * with), it sums with its full budget until it catches up, so that the figures are never more than
 * a few minutes behind what the database can sum.
 */
const MAX_STEP_BACK_MS = 5 * 60_000;

/**
 * When a tick may run again while busy, after a drain of `elapsedMs` on a budget of `budgetMs` a
 * tick, which ended at `endedAt`: a drain within its budget does not rest; one past it rests until
 * its time over the budget is paid for at the budget's share of each tick, so that the worker takes
 * that share on average however long one run is (on Postgres a run of three batches of 2,000 cold
 * clicks takes ~2 s of the database, which a budget checked between runs did not bound).
 */
export function restAfter(endedAt: number, elapsedMs: number, budgetMs: number, tickMs: number): number {
  const overMs = elapsedMs - budgetMs;
  if (overMs <= 0 || budgetMs >= tickMs) return 0;
  return endedAt + Math.min(MAX_REST_MS, (overMs * tickMs) / Math.max(budgetMs, 1));
}

/** Lets the event loop answer what is waiting (I/O included) before going on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sums the appended events into the figures, off the request's path (decision 026): every tick, the
 * batches not rolled up yet, oldest first, a few per transaction. A transaction is two prepared
 * statements:
 * - the first takes the batches (`for update skip locked`: two workers, in two processes or one
 *   overlapping run, never take the same batch), reads their events by id range, locks their live
 *   targets in id order (short links, blocks, pages) and then their owners (key share), the order an
 *   account's or a page's deletion locks them, deletes the events of targets or owners gone since
 *   they were queued, and adds the people's clicks to click_count;
 * - the second, targets still locked, adds the day's new visitors to visitor_days, and sums the
 *   events into click_daily (short links' unique visitors on their "total" rows), click_daily_user
 *   and page_daily (views, visitors and block clicks per page), each in key order; and marks the
 *   batches rolled up.
 * A transaction cut off anywhere rolls back whole: its batches stay pending, none summed twice or
 * lost; a commit in doubt needs no more, since the flag tells.
 */
export class EventRollup {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private failures = 0;
  private readonly batchesPerRun: number;
  private readonly budgetMs: number;
  private readonly tickMs: number;
  private readonly busyBudgetMs: number;
  private readonly busy: () => boolean;
  private readonly maxStepBackMs: number;
  private readonly soleWriter: boolean;
  /** Batches the queue said it appended (soleWriter), and how many of them a drain saw summed. */
  private appendedCount = 0;
  private summedCount = -1;
  /** Until when, while busy, the ticks rest after a run that outlasted its budget (restAfter). */
  private restUntil = 0;
  /** Since when batches have been left after each run (undefined: none was left at the last). */
  private behindSince: number | undefined;

  constructor(
    private readonly database: Pick<Database, "preparedTransaction">,
    private readonly log: FastifyBaseLogger,
    options: EventRollupOptions = {},
  ) {
    this.batchesPerRun = options.batchesPerRun ?? 1;
    this.budgetMs = options.budgetMs ?? 250;
    this.tickMs = options.tickMs ?? 1_000;
    this.busyBudgetMs = options.busyBudgetMs ?? this.budgetMs;
    this.busy = options.busy ?? (() => false);
    this.maxStepBackMs = options.maxStepBackMs ?? MAX_STEP_BACK_MS;
    this.soleWriter = options.soleWriter ?? false;
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running || this.closed) return;
    // Nothing appended since none was left (batches of a run before this start count as new).
    if (this.soleWriter && this.summedCount === this.appendedCount) return;
    const started = performance.now();
    const stepBack =
      this.busy() && (this.behindSince === undefined || started - this.behindSince < this.maxStepBackMs);
    if (stepBack && started < this.restUntil) return;
    const budgetMs = stepBack ? this.busyBudgetMs : this.budgetMs;
    void this.drain(budgetMs).then(() => {
      const ended = performance.now();
      // Only a stepped-back run is paid for: a full-budget one must not delay the next burst's.
      this.restUntil = stepBack ? restAfter(ended, ended - started, budgetMs, this.tickMs) : 0;
    });
  }

  /**
   * The queue committed a batch to the event log: once started, and unless the request path is
   * busy, the worker sums it as soon as the event loop has answered what waits, not at the next
   * tick (up to a second later), so that an event is in the figures a flush after it. While busy
   * the ticks alone sum, within their budget: a burst of batches nudging runs back to back would
   * take the thread the budget keeps for requests (on PGlite, cold redirects fell to half their
   * rate). The ticks also sum what a nudge misses: batches appended during a run, by other
   * processes, or left by a run that failed. See soleWriter.
   */
  appended(): void {
    this.appendedCount++;
    if (this.timer && !this.busy()) setImmediate(() => this.tick());
  }

  /**
   * Sums pending batches until none is left or `budgetMs` is spent (none by default: all of them).
   * One drain at a time: a second waits for the first, then drains too.
   */
  async drain(budgetMs = Number.POSITIVE_INFINITY): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sumUntil(performance.now() + budgetMs);
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Stops the ticks and sums what it can in `budgetMs`; the rest waits for the next start. */
  async close(budgetMs: number): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.drain(budgetMs).catch(() => undefined);
  }

  private async sumUntil(deadline: number): Promise<void> {
    while (performance.now() < deadline) {
      // Appended before this run's take: summed by it, unless it leaves some for the next.
      const appended = this.appendedCount;
      let taken: number;
      try {
        taken = await this.runOnce();
        this.failures = 0;
      } catch (error) {
        const state = sqlState(error);
        // Data (22) or integrity (23) errors fail the same way every time: the oldest batch would
        // block every later one. It is set aside (its events kept, not summed) and logged.
        if (state?.startsWith("22") || state?.startsWith("23")) {
          const setAside = await this.setAsideOldest(error).then(
            () => true,
            () => false,
          );
          if (setAside) continue;
          return;
        }
        this.failures++;
        // Once per outage with the error; the next tick tries again.
        if (this.failures === 1) this.log.error({ err: error, state }, "event rollup failed; retried");
        return;
      }
      // Fewer than a run takes: none was left to take, and asking again would be a transaction for
      // nothing (on Postgres, three a run, every tick's second run under a steady load). On PGlite,
      // one a run, the count below tells instead.
      if (taken < this.batchesPerRun) {
        this.summedCount = appended;
        this.behindSince = undefined;
        return;
      }
      this.behindSince ??= performance.now();
      // The sole writer's batches are taken oldest first, each once: counted since a run last found
      // none left, they say when none is, without that run (on PGlite, under a steady load, one
      // transaction for nothing every tick). Taken before the queue's word, one counts ahead.
      if (this.soleWriter && this.summedCount >= 0) {
        this.summedCount += taken;
        if (this.summedCount >= this.appendedCount) {
          this.behindSince = undefined;
          return;
        }
      }
      await yieldToEventLoop();
    }
    if (!this.closed) this.log.debug("event rollup: budget spent, batches left for the next tick");
  }

  /** Marks the oldest pending batch rolled up without summing it (it can never be summed). */
  private async setAsideOldest(error: unknown): Promise<void> {
    await this.database.preparedTransaction([
      {
        name: "event_rollup_set_aside",
        query: sql`update click_batches set rolled_up = true
          where seq = (select min(seq) from click_batches where not rolled_up)`,
      },
    ]);
    this.log.error({ err: error }, "event batch cannot be summed; set aside, its events kept");
  }

  /** One transaction: answers how many batches it summed (0: none was pending). */
  private async runOnce(): Promise<number> {
    let taken = 0;
    await this.database.preparedTransaction(
      [
        // Planned (once per session, a generic plan) with index scans only: the event log starts
        // empty, and a plan made then would scan the whole of it for every batch once it has grown.
        { name: "event_rollup_plan", query: sql`select set_config('enable_seqscan', 'off', true)` },
        { name: "event_rollup_take", query: takeStatement(this.batchesPerRun) },
        {
          name: "event_rollup_sum",
          query: (rows) => {
            taken = rows.length;
            return sumStatement(
              rows.map((row) => String(row.seq)),
              rows.map((row) => Number(row.rows)),
            );
          },
        },
      ],
      yieldToEventLoop,
    );
    return taken;
  }
}

/** A target still there, in the live_* sets the first statement locked. */
const LIVE_TARGET = sql.raw(`((ev.target_type = 'short_url' and ev.target_id in (select id from live_short))
  or (ev.target_type = 'link_page' and ev.target_id in (select id from live_page))
  or (ev.target_type not in ('short_url', 'link_page') and ev.target_id in (select id from live_link)))`);

/** The batch's events: ids seq·65536 + 1 … + rows, read through the primary key. */
const EVENTS_OF = (batches: string) =>
  sql.raw(`${batches} b cross join lateral (
    select * from click_events
    where id between b.seq * ${EVENTS_PER_BATCH} + 1 and b.seq * ${EVENTS_PER_BATCH} + b.rows) e`);

// NOTE: sets as `= any(array(...))`, not `in (select ...)`: with a generic plan a semi-join may
// scan the whole table (a million short links, ten million events), while an array is looked up
// by the index, one key at a time, as the batch statements' array parameters were.

/**
 * Takes the oldest pending batches, locks the live targets and owners of their events, deletes the
 * events of those gone, and adds people's clicks to click_count; answers the batches taken.
 */
function takeStatement(batches: number) {
  return sql`
    with
    taken as materialized (
      select seq, rows from click_batches where not rolled_up
      order by seq limit ${batches}::int for update skip locked),
    ev as materialized (
      select e.id, e.user_id, e.target_type, e.target_id, e.link_page_id, e.clicks, e.is_bot
      from ${EVENTS_OF("taken")}),
    live_short as materialized (
      select id from shortened_urls
      where id = any(array(select target_id from ev where target_type = 'short_url'))
      order by id for no key update),
    live_link as materialized (
      select id from links
      where id = any(array(select target_id from ev where target_type not in ('short_url', 'link_page')))
      order by id for no key update),
    live_page as materialized (
      select id from link_pages where id = any(array(select link_page_id from ev where link_page_id is not null))
        -- After the blocks, as a page's deletion locks them.
        and (select count(*) from live_link) >= 0
      order by id for no key update),
    owners as materialized (
      select id from users where id = any(array(select user_id from ev))
        -- After the targets, as an account deletion locks.
        and (select count(*) from live_short) + (select count(*) from live_link)
            + (select count(*) from live_page) >= 0
      order by id for key share),
    kept as materialized (
      select ev.* from ev where ${LIVE_TARGET} and ev.user_id in (select id from owners)),
    gone as (
      delete from click_events where id = any(array(select id from ev except select id from kept))),
    short_counts as (
      update shortened_urls as t set click_count = t.click_count + v.n
      from (select target_id as id, sum(clicks) as n from kept where target_type = 'short_url' and not is_bot
            group by target_id) as v
      where t.id = v.id),
    link_counts as (
      update links as t set click_count = t.click_count + v.n
      from (select target_id as id, sum(clicks) as n from kept
            where target_type not in ('short_url', 'link_page') and not is_bot
            group by target_id) as v
      where t.id = v.id),
    page_counts as (
      update link_pages as t set click_count = t.click_count + v.n
      from (select link_page_id as id, sum(clicks) as n from kept
            where target_type not in ('short_url', 'link_page') and not is_bot
            group by link_page_id) as v
      where t.id = v.id)
    select seq::text as seq, rows from taken order by seq`;
}

/**
 * Sums the taken batches' events (those left by the first statement) into the daily figures, in
 * each table's key order, and marks the batches rolled up. A view ("link_page") is summed in
 * page_daily only; a block's click in click_daily and, per page, in page_daily; bots under "bot"
 * only. The day is the event's in the product's time zone.
 */
function sumStatement(seqs: string[], rows: number[]) {
  return sql`
    with
    taken as (select * from unnest(${sql.param(seqs)}::bigint[], ${sql.param(rows)}::int[]) as b(seq, rows)),
    ev as materialized (
      select e.*, (e.occurred_at at time zone 'America/Sao_Paulo')::date as day from ${EVENTS_OF("taken")}),
    dims as (
      select ev.user_id, ev.day, ev.target_type, ev.target_id, coalesce(ev.link_page_id, 0) as link_page_id,
             d.dimension, d.value, ev.clicks
      from ev cross join lateral (values
        ('total', ''), ('country', coalesce(ev.country, '')), ('referrer', coalesce(ev.referrer_host, '')),
        ('device', coalesce(ev.device, '')), ('browser', coalesce(ev.browser, '')), ('os', coalesce(ev.os, '')),
        ('in_app', coalesce(ev.in_app, '')), ('opened', coalesce(ev.opened, ''))
      ) as d(dimension, value)
      -- A dimension has rows only for known values: "Abrir no app"'s describe some events only
      -- (issue 36), and an unknown country, referrer or agent is the total less the known ones,
      -- derived when read (decision 031).
      where not ev.is_bot and (d.value <> '' or d.dimension = 'total')
      union all
      select user_id, day, target_type, target_id, coalesce(link_page_id, 0), 'bot', '', clicks from ev where is_bot),
    rollups as materialized (
      select user_id, day, target_type, target_id, link_page_id, dimension, value, sum(clicks)::bigint as clicks
      from dims group by user_id, day, target_type, target_id, link_page_id, dimension, value),
    new_visitors as (
      insert into visitor_days (scope_type, scope_id, day, visitor)
      select distinct target_type, target_id, day, visitor from ev
      where visitor is not null and not is_bot and target_type in ('short_url', 'link_page')
        -- The visitors of days before yesterday are forgotten (purgeVisitorDays): an event that
        -- late counts without its visitor, never as a new one.
        and day >= (now() at time zone 'America/Sao_Paulo')::date - 1
      order by 1, 2, 3, 4
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
      order by r.user_id, r.target_type, r.target_id, r.dimension, r.value, r.day
      on conflict (user_id, target_type, target_id, dimension, value, day)
      do update set clicks = click_daily.clicks + excluded.clicks, visitors = click_daily.visitors + excluded.visitors),
    owners as (
      insert into click_daily_user (user_id, dimension, day, value, clicks)
      select user_id, dimension, day, value, sum(clicks) from rollups
      -- What account-wide figures read (analytics.queries.ts), nothing else.
      where target_type <> 'link_page' and dimension in ${sql.raw(OWNER_DIMENSIONS_SQL)}
      group by user_id, dimension, day, value order by user_id, dimension, day, value
      on conflict (user_id, dimension, day, value)
      do update set clicks = click_daily_user.clicks + excluded.clicks),
    page_rows as materialized (
      select user_id, link_page_id, day, dimension, value,
             coalesce(sum(clicks) filter (where target_type = 'link_page'), 0)::int as views,
             coalesce(sum(clicks) filter (where target_type <> 'link_page'), 0)::int as clicks
      from rollups
      where target_type <> 'short_url' and dimension <> 'bot' and link_page_id <> 0
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
        clicks = page_daily.clicks + excluded.clicks),
    marked as (
      update click_batches set rolled_up = true
      where not rolled_up and seq = any(array(select seq from taken)))
    select 1`;
}

/**
 * Sums every pending batch, as the next start's worker would: for a process that reads the figures
 * of a database whose server has stopped (the fault tests' and the bench's counts).
 */
export async function rollUpPending(database: Pick<Database, "preparedTransaction">): Promise<void> {
  const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
  await new EventRollup(database, quiet, { batchesPerRun: 20 }).drain();
}
