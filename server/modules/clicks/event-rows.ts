import type { Click } from "./click-queue";

/** A click, or several of one target in one second from one visitor and class, with the count. */
export type EventRow = Omit<Click, "occurredAt"> & { second: number; clicks: number };

/** A click's row, of one click, at `second` (its instant's). */
export function toEventRow(click: Click, second: number): EventRow {
  return {
    userId: click.userId,
    targetType: click.targetType,
    targetId: click.targetId,
    linkPageId: click.linkPageId,
    second,
    country: click.country,
    referrerHost: click.referrerHost,
    device: click.device,
    browser: click.browser,
    os: click.os,
    isBot: click.isBot,
    visitor: click.visitor,
    inApp: click.inApp,
    opened: click.opened,
    clicks: 1,
  };
}

/** What makes two events one row: every field but the count (an event's second from its instant). */
type RowFields = Omit<EventRow, "second" | "clicks">;

/** Rows one visitor's bucket holds before the next go by key (a visitor on many links at once). */
const BUCKET_ROWS = 8;

const sameRow = (row: EventRow, event: RowFields, second: number) =>
  row.second === second &&
  row.targetId === event.targetId &&
  row.targetType === event.targetType &&
  row.userId === event.userId &&
  row.linkPageId === event.linkPageId &&
  row.referrerHost === event.referrerHost &&
  row.country === event.country &&
  row.device === event.device &&
  row.browser === event.browser &&
  row.os === event.os &&
  row.isBot === event.isBot &&
  row.inApp === event.inApp &&
  row.opened === event.opened;

const rowKey = (r: RowFields, second: number) =>
  `${r.userId}|${r.targetType}|${r.targetId}|${r.linkPageId}|${second}|${r.country}|${r.referrerHost}|${r.device}|${r.browser}|${r.os}|${r.isBot}|${r.visitor}|${r.inApp}|${r.opened}`;

/**
 * The queued event rows, each event folded into the row it shares every field with. A person's
 * events are found by their visitor key, the day's memoized string (its hash computed once), among
 * that visitor's few rows, compared field by field: no key is built per event. Building one of
 * every field and hashing it cost ~0.5 µs an event, a fiftieth of a cached page. Events without a
 * visitor (bots, no salt loaded) and a visitor's rows past BUCKET_ROWS are found by that key, so
 * that no bucket grows long enough to be slow to search.
 */
export class FoldedRows {
  private byVisitor = new Map<string, EventRow[]>();
  private byKey = new Map<string, EventRow>();
  /**
   * The key `find` built for the event it did not find, for the `add` that follows with its row:
   * built once, not twice (a bot's clicks, or a visitor on many links at once, go by key).
   */
  private missedEvent: RowFields | undefined;
  private missedSecond = 0;
  private missedKey = "";
  /** Every row, in the order first queued. */
  private rows: EventRow[] = [];

  get size(): number {
    return this.rows.length;
  }

  /** The queued row `event` folds into at `second` (its instant's second), if any. */
  find(event: RowFields, second: number): EventRow | undefined {
    const visitor = event.visitor;
    if (visitor !== null) {
      const bucket = this.byVisitor.get(visitor);
      if (bucket === undefined) return undefined;
      for (let i = 0; i < bucket.length; i++) {
        const row = bucket[i]!;
        if (sameRow(row, event, second)) return row;
      }
      if (bucket.length < BUCKET_ROWS) return undefined;
    }
    const key = rowKey(event, second);
    const row = this.byKey.get(key);
    if (row === undefined) {
      this.missedEvent = event;
      this.missedSecond = second;
      this.missedKey = key;
    }
    return row;
  }

  /** Queues a row that `find` did not find. */
  add(row: EventRow): void {
    this.rows.push(row);
    const visitor = row.visitor;
    if (visitor !== null) {
      const bucket = this.byVisitor.get(visitor);
      if (bucket === undefined) {
        this.byVisitor.set(visitor, [row]);
        return;
      }
      if (bucket.length < BUCKET_ROWS) {
        bucket.push(row);
        return;
      }
    }
    const missed = this.missedEvent;
    this.missedEvent = undefined;
    const key =
      missed !== undefined && missed.visitor === row.visitor && sameRow(row, missed, this.missedSecond)
        ? this.missedKey
        : rowKey(row, row.second);
    this.byKey.set(key, row);
  }

  /** Every queued row, first queued first; the queue is then empty. */
  take(): EventRow[] {
    const rows = this.rows;
    this.rows = [];
    this.byVisitor = new Map();
    this.byKey = new Map();
    this.missedEvent = undefined;
    return rows;
  }
}
