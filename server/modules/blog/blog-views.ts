import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import type { Database } from "../../../db/client";
import { DailyVisitorKey } from "../../lib/daily-visitor-key";
import { growingUpTo } from "../../lib/growing-lru";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { throttled } from "../../lib/log-throttle";

/** Topic of "these posts' view counts were written": their cached pages are dropped (key: the slug). */
export const BLOG_VIEWS_TOPIC = "blog-views";

export type BlogViewsOptions = {
  redis?: Redis;
  /** Prefix of the Redis keys. */
  prefix?: string;
  flushMs?: number;
  /** Visitor-and-post pairs remembered per day in this process (no Redis): the oldest go first. */
  maxLocal?: number;
  /** Pairs per day in Redis; past it, views are not counted that day (a flood, not readers). */
  maxShared?: number;
  /** Posts one visitor (one IP, one IPv6 /64) is counted for per day; past it, none (a crawler). */
  maxPerVisitor?: number;
  /** The clock (tests move the day). */
  now?: () => number;
  /** Who a visitor is for a day (the app's, whose salts are kept in the database). */
  visitors?: DailyVisitorKey;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a pair unless it is known, the day's set is full or the visitor reached its cap, at once.
 * KEYS: the day's pairs, the day's per-visitor counts. ARGV: pair, visitor, maxShared,
 * maxPerVisitor, TTL in seconds. Both keys are bounded: a visitor has a count only once counted.
 */
const RECORD_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 0 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
if tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0') >= tonumber(ARGV[4]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 1`;

/**
 * Blog post views: once per visitor, post and day (UTC), never for bots or the administrator, and
 * never keeping an IP. A visitor is their DailyVisitorKey (HMAC of the day's secret and their
 * network, an IPv6 by its /64): another user agent from the same address is the same visitor, so
 * rotating it counts nothing, and yesterday's keys cannot be recomputed. The day's
 * pairs are kept in a bounded set (Redis with a 2-day TTL, else an in-process LRU), and one visitor
 * counts for at most maxPerVisitor posts a day, so no one source fills the set. Counts are summed
 * in memory and written in one statement every few seconds and at close, off the request.
 */
export class BlogViews {
  private pending = new Map<number, { slug: string; views: number }>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private failures = 0;
  private localDay = "";
  private readonly logUnavailable = throttled();
  private readonly visitors: DailyVisitorKey;
  private readonly localSeen: LRUCache<string, true>;
  /** Posts counted today per visitor (keyed hash), in this process. */
  private readonly localCounts: LRUCache<string, number>;
  private readonly flushMs: number;
  private readonly maxShared: number;
  private readonly maxPerVisitor: number;
  private readonly now: () => number;

  constructor(
    private readonly database: Pick<Database, "db">,
    private readonly bus: InvalidationBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: BlogViewsOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 5000;
    this.maxShared = options.maxShared ?? 1_000_000;
    this.maxPerVisitor = options.maxPerVisitor ?? 200;
    this.now = options.now ?? Date.now;
    this.localSeen = new LRUCache(growingUpTo(options.maxLocal ?? 100_000));
    this.localCounts = new LRUCache(growingUpTo(options.maxLocal ?? 100_000));
    this.visitors = options.visitors ?? new DailyVisitorKey(database.db);
  }

  /** Views waiting to be written. */
  get size(): number {
    let n = 0;
    for (const { views } of this.pending.values()) n += views;
    return n;
  }

  /**
   * Counts a view of a published post, unless this visitor was counted for it today, or is a bot.
   * (The caller leaves the administrator out.) Resolves to whether it was counted.
   */
  async record(
    post: { id: number; slug: string },
    visitor: { ip: string; userAgent: string | undefined },
  ): Promise<boolean> {
    const userAgent = visitor.userAgent ?? "";
    if (!userAgent || isbot(userAgent)) return false;
    const day = new Date(this.now()).toISOString().slice(0, 10);
    try {
      const who = await this.visitors.keyOf(day, visitor.ip);
      const first =
        this.options.redis !== undefined
          ? await this.firstShared(day, post.id, who)
          : this.firstLocal(day, post.id, who);
      if (!first) return false;
    } catch (error) {
      // Redis away: the view is not counted rather than counted twice (one line per 30 s, not per view).
      this.logUnavailable((skipped) =>
        this.log.warn({ err: error, skipped }, "blog view not counted: visitor set unavailable"),
      );
      return false;
    }
    const entry = this.pending.get(post.id);
    if (entry) entry.views++;
    else this.pending.set(post.id, { slug: post.slug, views: 1 });
    this.schedule();
    return true;
  }

  private firstLocal(day: string, postId: number, who: string): boolean {
    if (day !== this.localDay) {
      this.localDay = day;
      this.localSeen.clear();
      this.localCounts.clear();
    }
    const key = `${who}:${postId}`;
    if (this.localSeen.has(key)) return false;
    const counted = this.localCounts.get(who) ?? 0;
    if (counted >= this.maxPerVisitor) return false;
    this.localSeen.set(key, true);
    this.localCounts.set(who, counted + 1);
    return true;
  }

  private async firstShared(day: string, postId: number, who: string): Promise<boolean> {
    const redis = this.options.redis!;
    const prefix = `${this.options.prefix ?? "atalho:"}blog-views:${day}`;
    const counted = await redis.eval(
      RECORD_SCRIPT,
      2,
      `${prefix}:seen`,
      `${prefix}:per-visitor`,
      `${who}:${postId}`,
      who,
      this.maxShared,
      this.maxPerVisitor,
      (2 * DAY_MS) / 1000,
    );
    return Number(counted) === 1;
  }

  /** Writes the views counted so far (one statement for every post), then drops those pages' caches. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.running) await this.running;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.running = this.write(batch);
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
    this.schedule();
  }

  private async write(batch: Map<number, { slug: string; views: number }>): Promise<void> {
    const ids = [...batch.keys()].sort((a, b) => a - b);
    try {
      await this.database.db.execute(sql`
        update blog_posts as p set view_count = p.view_count + v.n
        from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => batch.get(id)!.views))}::int[]) as v(id, n)
        where p.id = v.id`);
      this.failures = 0;
      for (const { slug } of batch.values()) this.bus.publish(BLOG_VIEWS_TOPIC, slug);
    } catch (error) {
      this.failures++;
      this.log.error({ err: error, posts: ids.length }, "blog views not written; requeued");
      for (const [id, entry] of batch) {
        const waiting = this.pending.get(id);
        if (waiting) waiting.views += entry.views;
        else this.pending.set(id, entry);
      }
    }
  }

  private schedule(): void {
    if (this.closed || this.timer || this.pending.size === 0) return;
    const delay = this.failures ? Math.min(60_000, this.flushMs * 2 ** this.failures) : this.flushMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  /** At shutdown: stops the timer and writes what is left. */
  async close(): Promise<void> {
    this.closed = true;
    for (let attempt = 0; attempt < 3 && this.pending.size > 0; attempt++) await this.flush();
    if (this.timer) clearTimeout(this.timer);
    if (this.pending.size > 0) this.log.error({ views: this.size }, "blog views not written at shutdown");
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Blog post views, counted off the request (server/modules/blog/blog-views.ts). */
    blogViews: BlogViews;
  }
}
