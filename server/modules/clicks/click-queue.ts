import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { dayOf } from "../../../common/time";
import type { Db } from "../../../db/client";
import { type ClickTarget, clickEvents, type RollupDimension } from "../../../db/schema";
import type { ClickInfo } from "./click-info";

export type Click = ClickInfo & {
  userId: number;
  targetType: ClickTarget;
  targetId: number;
  /** The Link Bio page of a link click. */
  linkPageId: number | null;
  occurredAt: Date;
};

/**
 * Clicks are answered first and written later: the queue collects them and writes a batch in one
 * transaction (events, daily rollups, click_count), every flushMs or when batchSize wait. A failed
 * batch goes back to the front and is tried again; close() writes what is left (SIGTERM).
 */
export class ClickQueue {
  private pending: Click[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private failures = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly batchSize = 500,
    private readonly flushMs = 250,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  push(click: Click): void {
    this.pending.push(click);
    if (this.pending.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes everything queued so far; resolves when it is in the database (or failed and was requeued). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.write(batch)
      .then(() => {
        this.failures = 0;
      })
      .catch((error) => {
        this.failures++;
        this.log.error(
          { err: error, clicks: batch.length, failures: this.failures },
          "click batch failed; requeued",
        );
        this.pending = batch.concat(this.pending);
        if (!this.closed) {
          this.timer ??= setTimeout(
            () => void this.flush(),
            Math.min(30_000, this.flushMs * 2 ** this.failures),
          );
        }
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
    if (this.pending.length >= this.batchSize) await this.flush();
    else if (this.pending.length > 0 && !this.closed)
      this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Stops the timer and writes what is left, retrying a few times before giving up. */
  async close(): Promise<void> {
    this.closed = true;
    for (let attempt = 0; attempt < 5 && this.pending.length > 0; attempt++) {
      await this.flush();
    }
    if (this.timer) clearTimeout(this.timer);
    if (this.pending.length > 0)
      this.log.error({ clicks: this.pending.length }, "clicks not written at shutdown");
  }

  private async write(batch: Click[]): Promise<void> {
    const rollups = new Map<
      string,
      {
        userId: number;
        day: string;
        targetType: ClickTarget;
        targetId: number;
        linkPageId: number;
        dimension: RollupDimension;
        value: string;
        clicks: number;
      }
    >();
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
    for (const click of batch) {
      const day = dayOf(click.occurredAt);
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

    await this.db.transaction(async (tx) => {
      for (let i = 0; i < batch.length; i += 1000) {
        await tx.insert(clickEvents).values(batch.slice(i, i + 1000));
      }
      const rows = [...rollups.values()];
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        await tx.execute(sql`
          insert into click_daily (user_id, day, target_type, target_id, link_page_id, dimension, value, clicks)
          values ${sql.join(
            chunk.map(
              (r) =>
                sql`(${r.userId}, ${r.day}, ${r.targetType}, ${r.targetId}, ${r.linkPageId}, ${r.dimension}, ${r.value}, ${r.clicks})`,
            ),
            sql`, `,
          )}
          on conflict (user_id, target_type, target_id, dimension, value, day)
          do update set clicks = click_daily.clicks + excluded.clicks`);
      }
      await addCounts(tx, "shortened_urls", counts.short_url);
      await addCounts(tx, "links", counts.link);
      await addCounts(tx, "link_pages", counts.page);
    });
  }
}

async function addCounts(tx: Pick<Db, "execute">, table: string, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const values = sql.join(
    [...counts].map(([id, n]) => sql`(${id}::int, ${n}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${sql.identifier(table)} as t set click_count = t.click_count + v.n
    from (values ${values}) as v(id, n) where t.id = v.id`);
}
