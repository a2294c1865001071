import { randomUUID } from "node:crypto";
import { and, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { BLOCK_TYPES } from "../../../common/contract/link-blocks";
import type { Database, Db } from "../../../db/client";
import { clickBatches, type EventTarget, type OpenedIn } from "../../../db/schema";
import { sqlState } from "../../lib/database-errors";
import type { ClickInfo } from "./click-info";
import type { EventRollup } from "./event-rollup";
import { type EventRow, FoldedRows, toEventRow } from "./event-rows";

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
  /** Where "Abrir no app" sent the visitor (issue 36); null: a plain answer. */
  opened: OpenedIn | null;
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

const sumClicks = (rows: EventRow[]) => rows.reduce((n, row) => n + row.clicks, 0);

/** Rows written in one transaction, under an id that click_batches keeps once they are. */
type Batch = { id: string; rows: EventRow[]; clicks: number };

/** What a listener learns of a committed batch (outgoing webhooks): rows per target, second and class. */
export type WrittenClicks = ReadonlyArray<
  Readonly<Pick<EventRow, "userId" | "targetType" | "targetId" | "second" | "clicks" | "isBot">>
>;

/** How long a shutdown sums pending batches, within the process's exit budget (main.ts). */
const SHUTDOWN_ROLLUP_MS = 3_000;

/** The longest wait between two attempts while the database is away. */
const MAX_BACKOFF_MS = 5_000;

/**
 * Clicks are answered first and written later. Each click is folded at once into its event row
 * (target, second, visitor class, with a count): nothing per click is kept, which matters because
 * objects that outlive a young-generation GC cost more than the redirect itself. What waits is
 * appended every flushMs, or at once when batchSize clicks or a statement's worth of rows wait
 * (due), in statements of rowsPerStatement rows; the rollup worker sums it off the request's path.
 * One batch is written at a time, so counts are exact. One that can never be written (its owner was
 * deleted, bad data) is trimmed or dropped instead of blocking the queue. close() writes what is
 * left (SIGTERM).
 *
 * A batch that fails on a transient error (the database restarting) is held, with backoff, and
 * retried alone, with the same rows under the same id: when the connection drops during COMMIT,
 * nobody knows whether it was written. Its id is inserted into click_batches in the same
 * transaction, so a retry of a batch that was in fact written fails on that key and is dropped:
 * no click is lost, none is counted twice. Ids older than a day are purged (purgeClickBatches).
 */
export class ClickQueue {
  /** The worker that sums appended batches into the figures (flush and close wait for it). */
  rollups: EventRollup | undefined;
  /** Called with each batch once committed (webhooks' link.clicked); must be cheap. */
  onWritten: ((rows: WrittenClicks) => void) | undefined;
  private rows = new FoldedRows();
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
  /** Events pushed in the current second and the one before (how busy the request path is). */
  private pushedNow = 0;
  private pushedBefore = 0;
  private second = 0;
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
    // A batch's events take the ids seq·65536 + 1 … + rows: never more rows than that.
    this.rowsPerStatement = Math.min(options.rowsPerStatement ?? MAX_ROWS, EVENTS_PER_BATCH - 1);
  }

  /** Clicks waiting to be written. */
  get size(): number {
    return this.clicks + this.doubtClicks + this.inFlight;
  }

  /** Events pushed over about the last second: how busy the request path is. */
  get recentRate(): number {
    this.turnSecond(Math.floor(Date.now() / 1000));
    return this.pushedBefore;
  }

  private turnSecond(second: number): void {
    if (second === this.second) return;
    this.pushedBefore = second === this.second + 1 ? this.pushedNow : 0;
    this.pushedNow = 0;
    this.second = second;
  }

  push(click: Click): void {
    const second = Math.floor(click.occurredAt.getTime() / 1000);
    this.turnSecond(second);
    this.pushedNow++;
    if (this.size >= this.maxPending) {
      this.dropped++;
      const now = Date.now();
      if (now - this.lastDropLog > 10_000) {
        this.lastDropLog = now;
        this.log.error({ dropped: this.dropped, queued: this.size }, "click queue full; clicks dropped");
      }
      return;
    }
    // Under load most events fold into a row already queued (one target, second and visitor): it is
    // found by the click's own fields, and only a new row's click is checked and copied (a click
    // folded into a row has the fields of the row's first click, which passed the check).
    // Checking and copying every click first cost a cached /p/ ~6% of its rate (decision 026).
    const row = this.rows.find(click, second);
    if (row) row.clicks++;
    else if (isWritable(click)) this.rows.add(toEventRow(click, second));
    else {
      this.log.error({ targetType: click.targetType, targetId: click.targetId }, "malformed click dropped");
      return;
    }
    this.clicks++;
    if (this.running) return; // written after the running drain (write)
    if (this.due()) void this.write();
    else this.schedule();
  }

  /**
   * Writes everything queued so far, then has the rollup worker sum everything pending: resolves
   * when it is in the figures (or failed and is held). What tests and a shutdown wait for; the timer
   * only appends, and the worker sums on its own tick.
   */
  async flush(): Promise<void> {
    await this.write();
    await this.rollups?.drain();
  }

  /** Writes what waits (batches in doubt first), then writes again if more is due, else arms the timer. */
  private async write(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.running) await this.running;
    if (this.size === 0 || (this.inDoubt.length === 0 && this.clicks === 0)) {
      this.schedule();
      return;
    }
    this.running = this.drain();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
    if (this.due()) void this.write();
    else this.schedule();
  }

  /**
   * Whether what waits is written now rather than at the timer: batchSize clicks, or a statement's
   * worth of rows (rowsPerStatement). A burst of cold links is a row per click: waiting for the
   * timer, a second of them outlived the young generation in the heap, and the collections of the
   * old one cost PGlite's cold redirects 2-9% of their rate and ~4 ms of p99 (bench/cold.ts). The
   * statements are the same either way (a drain writes rowsPerStatement rows a statement); a
   * folded burst (one busy page or link) is a few rows and still waits for the timer. Not while
   * the database is away (the backoff's timer) or the queue is closing (close writes).
   */
  private due(): boolean {
    return (
      !this.closed &&
      this.failures === 0 &&
      (this.clicks >= this.batchSize || this.rows.size >= this.rowsPerStatement)
    );
  }

  /**
   * Stops the timer and appends what is left, retrying a few times before giving up; then sums
   * what it can of the pending batches in SHUTDOWN_ROLLUP_MS (the rest is summed at the next start).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (let attempt = 0; attempt < 5 && this.size > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      await this.write();
    }
    if (this.timer) clearTimeout(this.timer);
    if (this.size > 0) this.log.error({ clicks: this.size }, "clicks not written at shutdown");
    await this.rollups?.close(SHUTDOWN_ROLLUP_MS);
  }

  private schedule(): void {
    if (this.closed || this.timer || this.size === 0) return;
    const delay = this.failures ? Math.min(MAX_BACKOFF_MS, this.flushMs * 2 ** this.failures) : this.flushMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
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
    const rows = this.rows.take();
    const clicks = this.clicks;
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
      await this.writeBatch(batch.rows, batch.id);
      this.failures = 0;
      this.rollups?.appended();
      this.notifyWritten(batch.rows);
      return "done";
    } catch (error) {
      if (isWrittenBatch(error)) {
        // An earlier attempt committed although its connection dropped: written once, not twice.
        this.failures = 0;
        this.log.warn({ clicks: batch.clicks, batch: batch.id }, "click batch was already written");
        // The attempt that wrote it was reported failed, so its listeners never heard of it.
        this.rollups?.appended();
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
      const queued = this.rows.find(row, row.second);
      if (queued) queued.clicks += kept;
      else this.rows.add({ ...row, clicks: kept });
      this.clicks += kept;
    }
  }

  /**
   * Appends the batch to the event log in one prepared statement: its id and its place in
   * click_batches (which refuses the id a second time), and its rows as events whose ids are the
   * batch's range. Nothing is locked or summed here: the rollup worker (event-rollup.ts) takes the
   * batch off the request's path, checks that its targets and owners still exist, and sums it.
   */
  private async writeBatch(batch: EventRow[], id: string): Promise<void> {
    // One array parameter per column (unnest): the statement is as cheap to build for 5 000 clicks
    // as for 1, which matters because it is built on the same thread that answers redirects. The
    // instant goes as its epoch second: no date text to write here, nor to parse in the database.
    const column = <V>(pick: (row: EventRow) => V) => sql.param(batch.map(pick));
    const append = sql`
      with b as (
        insert into click_batches (id, seq, rows, rolled_up)
        values (${id}::text, nextval('click_batch_seq'), ${batch.length}::int, false)
        returning seq)
      insert into click_events
        (id, user_id, target_type, target_id, link_page_id, occurred_at, clicks, country, referrer_host, device,
         browser, os, is_bot, visitor, in_app, opened)
      overriding system value
      select b.seq * ${EVENTS_PER_BATCH}::bigint + e.n, e.user_id, e.target_type, e.target_id, e.link_page_id,
        to_timestamp(e.at_second), e.clicks, e.country, e.referrer_host, e.device, e.browser, e.os, e.is_bot,
        e.visitor, e.in_app, e.opened
      from b, unnest(
        ${column((e) => e.userId)}::int[], ${column((e) => e.targetType)}::text[],
        ${column((e) => e.targetId)}::int[], ${column((e) => e.linkPageId)}::int[],
        ${column((e) => e.second)}::bigint[],
        ${column((e) => e.clicks)}::int[], ${column((e) => e.country)}::text[],
        ${column((e) => e.referrerHost)}::text[], ${column((e) => e.device)}::text[],
        ${column((e) => e.browser)}::text[], ${column((e) => e.os)}::text[],
        ${column((e) => e.isBot)}::bool[], ${column((e) => e.visitor)}::bigint[],
        ${column((e) => e.inApp)}::text[], ${column((e) => e.opened)}::text[])
        with ordinality as e(user_id, target_type, target_id, link_page_id, at_second, clicks, country,
          referrer_host, device, browser, os, is_bot, visitor, in_app, opened, n)`;
    await this.database.preparedTransaction(
      [{ name: "click_events_append", query: append }],
      yieldToEventLoop,
    );
  }
}

/**
 * The ids a batch's events may take: seq·65536 + 1 … + rows. A batch holds at most MAX_ROWS rows;
 * the worker reads a batch's events by this range, through the primary key.
 */
export const EVENTS_PER_BATCH = 65_536;

/** Lets the event loop answer what is waiting (I/O included) before going on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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

/**
 * Forgets the ids of batches written more than a day ago and rolled up (an hourly job): no retry
 * waits that long. A batch still pending stays, for the worker.
 */
export async function purgeClickBatches(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(clickBatches)
    .where(and(lt(clickBatches.writtenAt, new Date(now.getTime() - 86_400_000)), clickBatches.rolledUp))
    .returning({ id: clickBatches.id });
  return purged.length;
}
