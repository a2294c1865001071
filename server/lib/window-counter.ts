import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { growingUpTo } from "./growing-lru";

/**
 * Adds `wanted` to the key's window (it starts at its first use and lasts `ARGV[3]` ms), then gives
 * back what went past the maximum; answers what was granted and the window's time left.
 */
const TAKE_SCRIPT = `
local wanted = tonumber(ARGV[1])
local used = redis.call('INCRBY', KEYS[1], wanted)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
local over = used - tonumber(ARGV[2])
local granted = wanted
if over > 0 then
  granted = wanted - math.min(over, wanted)
  redis.call('DECRBY', KEYS[1], wanted - granted)
end
return {granted, redis.call('PTTL', KEYS[1])}`;

const REFUND_SCRIPT = `
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') end
return left`;

type Window = { used: number; resetAt: number };

/**
 * Counters over a fixed window, that can take several at once and give back what was not used (a
 * creation that failed, a right password): @fastify/rate-limit's store can do neither. In Redis
 * when configured (shared by every process), else in memory (bounded). Redis away: everything is
 * granted meanwhile, as the other limits skip on error.
 */
export class WindowCounter {
  private readonly local = new LRUCache<string, Window>(growingUpTo(100_000));

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes up to `wanted` of `max` in the key's window; answers how many, and when to retry. */
  async take(key: string, wanted: number, max: number): Promise<{ granted: number; retryAfterS: number }> {
    if (wanted <= 0) return { granted: 0, retryAfterS: 1 };
    if (this.redis) {
      try {
        const [granted, ttl] = (await this.redis.eval(
          TAKE_SCRIPT,
          1,
          this.prefix + key,
          wanted,
          max,
          this.windowMs,
        )) as [number, number];
        return { granted, retryAfterS: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return { granted: wanted, retryAfterS: 1 };
      }
    }
    const now = this.now();
    let window = this.local.get(key);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + this.windowMs };
      this.local.set(key, window);
    }
    const granted = Math.max(0, Math.min(wanted, max - window.used));
    window.used += granted;
    return { granted, retryAfterS: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  /** Gives back what was taken and not used. */
  async refund(key: string, count: number): Promise<void> {
    if (count <= 0) return;
    if (this.redis) {
      await this.redis.eval(REFUND_SCRIPT, 1, this.prefix + key, count).catch(() => {});
      return;
    }
    const window = this.local.get(key);
    if (window) window.used = Math.max(0, window.used - count);
  }
}
