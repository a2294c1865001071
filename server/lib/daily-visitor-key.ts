import { createHmac, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { visitorAddress } from "./visitor-address";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who a visitor is for one day, and only that day: HMAC(the day's secret, their network), the
 * network being the IP (an IPv6 by its /64: visitorAddress), never kept. The secret is random, made
 * once a day and thrown away with it, so no key can be recomputed later or linked across days (the
 * LGPD-friendly way: no cookie, no address, nothing that follows a person from one day to the
 * next). With Redis every process shares the day's secret (the first to ask makes it, SET NX, and
 * it expires after two days); without, it lives in this process's memory.
 *
 * The one way a visitor is counted: blog views (server/modules/blog/blog-views.ts) and, with issue
 * 35, page views and unique visitors.
 */
export class DailyVisitorKey {
  private localDay = "";
  private localSecret = Buffer.alloc(0);
  private readonly shared = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly options: {
      redis?: Redis;
      /** The Redis key of a day's secret, e.g. `atalho:blog-views:2026-11-28:secret`. */
      redisKey?: (day: string) => string;
    } = {},
  ) {}

  /** Whether the secret is shared by every process (Redis) or this process's own. */
  get isShared(): boolean {
    return this.options.redis !== undefined;
  }

  /**
   * The visitor's key on `day` (YYYY-MM-DD): the same for every request from their network that
   * day, in every process that shares the secret. Rejects when Redis is away.
   */
  async keyOf(day: string, ip: string): Promise<string> {
    return hmac(await this.secretOf(day), visitorAddress(ip));
  }

  /** The day's secret; a new day forgets the last (only one day is kept at a time). */
  private secretOf(day: string): Promise<Buffer> {
    const redis = this.options.redis;
    if (!redis) {
      if (day !== this.localDay) {
        this.localDay = day;
        this.localSecret = randomBytes(32);
      }
      return Promise.resolve(this.localSecret);
    }
    let secret = this.shared.get(day);
    if (!secret) {
      const key = (this.options.redisKey ?? ((d: string) => `visitors:${d}:secret`))(day);
      secret = (async () => {
        await redis.set(key, randomBytes(32).toString("base64"), "PX", 2 * DAY_MS, "NX");
        const value = await redis.get(key);
        if (!value) throw new Error("visitor secret missing");
        return Buffer.from(value, "base64");
      })();
      secret.catch(() => this.shared.delete(day));
      this.shared.clear();
      this.shared.set(day, secret);
    }
    return secret;
  }
}

const hmac = (secret: Buffer, value: string) =>
  createHmac("sha256", secret).update(value).digest("base64url");
