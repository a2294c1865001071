import { LRUCache } from "lru-cache";
import type { Database } from "../../../db/client";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { targetHostsOf } from "../abuse/blocked-page";
import { redirectCacheKey, SHORT_URL_TOPIC } from "../shortened-urls/short-url-invalidation";
import {
  findRedirectTargets,
  REDIRECT_BATCH_MAX,
  type RedirectRow,
} from "../shortened-urls/shortened-urls.queries";
import { type CompiledRules, compileRules } from "./redirect-rules";

/** What a redirect needs: who owns the link (for the click) and where it goes. */
export type ShortLinkTarget = {
  id: number;
  userId: number;
  /** The Location header: the stored URL as the URL parser serialises it (non-ASCII escaped). */
  location: string;
  /** Epoch ms, or null for never. */
  expiresAt: number | null;
  /** Redirect rules, first match wins (null: none, the common case). */
  rules: CompiledRules | null;
  /** Redirects allowed in all (null: no limit); each one is taken in the database (click-limit.ts). */
  clickLimit: number | null;
  /** Set once the limit is used up: from then on this process answers "expired" from memory. */
  exhausted: boolean;
  /** Where an expired link (date or limit) sends visitors, as a Location; null: the notice. */
  expiredLocation: string | null;
  /** argon2 hash of the link's password (null: none): the visitor gets the password page. */
  passwordHash: string | null;
  /** "Abrir no app": an in-app browser's visitor is sent to the target's app or the system browser. */
  openInApp: boolean;
  /** Every host the link may send visitors to, checked against the block list. */
  hosts: string[];
};

/** The cached form of a link row: URLs serialised once, rules compiled once. */
export function targetOf(row: RedirectRow): ShortLinkTarget {
  const rules = typeof row.rules === "string" ? (JSON.parse(row.rules) as RedirectRow["rules"]) : row.rules;
  let expiredLocation: string | null = null;
  try {
    expiredLocation = row.expiredUrl ? new URL(row.expiredUrl).href : null;
  } catch {}
  const location = new URL(row.originalUrl).href;
  const compiled = compileRules(rules);
  return {
    id: row.id,
    userId: row.userId,
    location,
    expiresAt: row.expiresAt?.getTime() ?? null,
    rules: compiled,
    clickLimit: row.clickLimit,
    exhausted: row.clickLimit !== null && row.limitUsed >= row.clickLimit,
    expiredLocation,
    passwordHash: row.passwordHash,
    openInApp: row.openInApp,
    hosts: targetHostsOf([location, expiredLocation, ...(compiled?.list.map((rule) => rule.location) ?? [])]),
  };
}

type Entry = { target: ShortLinkTarget | null; freshUntil: number };

/**
 * What an entry holds in V8's heap, roughly (strings at two bytes a character, the worst case; the
 * objects, the array and the LRU's own slots as a fixed overhead, measured with heap snapshots at
 * ~300 bytes for a plain link). The caches are bounded by this sum, not by a count: a link with
 * rules and long URLs weighs ten plain ones.
 */
export function entryBytes(key: string, target: ShortLinkTarget | null): number {
  let bytes = 160 + 2 * key.length;
  if (!target) return bytes;
  bytes += 160 + 2 * target.location.length;
  if (target.expiredLocation) bytes += 2 * target.expiredLocation.length;
  if (target.passwordHash) bytes += 2 * target.passwordHash.length;
  for (const host of target.hosts) bytes += 40 + 2 * host.length;
  for (const rule of target.rules?.list ?? []) bytes += 120 + 2 * rule.location.length;
  return bytes;
}

/** A miss waiting for this turn's batched lookup. */
type Waiting = {
  key: string;
  domainId: number;
  code: string;
  resolve: (row: RedirectRow | null) => void;
  reject: (error: unknown) => void;
};

export type ShortLinkCacheOptions = {
  /** Bytes (entryBytes) of found codes kept at most. */
  maxBytes?: number;
  /** Bytes of "no such code" answers kept at most. */
  maxMissBytes?: number;
  /** A found code is kept this long at most, in case an invalidation message was lost. */
  hitTtlMs?: number;
  /** "Not found" is kept briefly: it absorbs floods of unknown codes and is dropped on create. */
  missTtlMs?: number;
  /**
   * Batched lookups running at once; misses that come meanwhile wait for the next one. Under load
   * the batches grow instead of the queries: a query's fixed cost (~0.5 ms on PGlite) is most of
   * a small batch's.
   */
  lookupsInFlight?: number;
};

/**
 * (domain, code) -> target, in memory, so that a redirect costs no database round trip. Misses live
 * in their own smaller LRU so that a flood of made-up codes cannot evict the real links. Every
 * change to a short link is published on the bus and drops the key here, in every process.
 */
export class ShortLinkCache {
  private readonly hits: LRUCache<string, Entry>;
  private readonly misses: LRUCache<string, Entry>;
  private readonly loading = new Map<string, Promise<ShortLinkTarget | null>>();
  /** Misses of this event-loop turn, looked up together when it ends. */
  private waiting: Waiting[] = [];
  /** Batched lookups running now (at most lookupsInFlight). */
  private running = 0;
  /** Whether a lookup of the waiting misses is scheduled for the end of this turn. */
  private scheduled = false;
  private readonly lookupsInFlight: number;
  // Bumped by every invalidation: a load that started before one must not cache its stale answer.
  private generation = 0;
  private readonly hitTtlMs: number;
  private readonly missTtlMs: number;

  constructor(
    private readonly database: Pick<Database, "preparedRows">,
    bus: InvalidationBus,
    options: ShortLinkCacheOptions = {},
  ) {
    // ~23k plain links in 12 MB (the hot set; a long tail of cold codes would only churn a larger
    // one), and a million codes touched leave the process under 300 MB.
    this.hits = new LRUCache({
      maxSize: options.maxBytes ?? 12 * 1024 * 1024,
      sizeCalculation: (entry, key) => entryBytes(key, entry.target),
    });
    this.misses = new LRUCache({
      maxSize: options.maxMissBytes ?? 1024 * 1024,
      sizeCalculation: (entry, key) => entryBytes(key, entry.target),
    });
    this.hitTtlMs = options.hitTtlMs ?? 5 * 60_000;
    this.missTtlMs = options.missTtlMs ?? 5_000;
    this.lookupsInFlight = options.lookupsInFlight ?? 2;
    bus.on(SHORT_URL_TOPIC, (key) => this.invalidate(key));
  }

  /** The cached answer (a target, or null for "no such code"), or undefined when it must be loaded. */
  get(key: string, now: number): ShortLinkTarget | null | undefined {
    const entry = this.hits.get(key) ?? this.misses.get(key);
    if (entry === undefined || entry.freshUntil < now) return undefined;
    return entry.target;
  }

  /**
   * Loads a key not in memory. Concurrent misses on the same key share one lookup, and the misses
   * of one event-loop turn are looked up together in one statement (a long tail of cold codes costs
   * a query per turn, not one per visitor); while lookupsInFlight of them run, later misses gather
   * for the next one.
   */
  load(domainId: number, code: string): Promise<ShortLinkTarget | null> {
    const key = redirectCacheKey(domainId, code);
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const row = new Promise<RedirectRow | null>((resolve, reject) => {
      this.waiting.push({ key, domainId, code, resolve, reject });
      this.schedule();
    });
    const pending: Promise<ShortLinkTarget | null> = row
      .then((row) => {
        const target = row ? targetOf(row) : null;
        if (generation === this.generation) {
          const now = Date.now();
          if (target) this.hits.set(key, { target, freshUntil: now + this.hitTtlMs });
          else this.misses.set(key, { target, freshUntil: now + this.missTtlMs });
        }
        return target;
      })
      .finally(() => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
    this.loading.set(key, pending);
    return pending;
  }

  /** A lookup at the end of this turn, unless one is due or every slot is taken (its end calls again). */
  private schedule(): void {
    if (this.scheduled || this.running >= this.lookupsInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.lookUpWaiting();
    });
  }

  /** Statements of up to REDIRECT_BATCH_MAX waiting misses, in the free slots; each miss gets its row or null. */
  private lookUpWaiting(): void {
    while (this.waiting.length > 0 && this.running < this.lookupsInFlight) {
      const slice = this.waiting.splice(0, REDIRECT_BATCH_MAX);
      this.running++;
      findRedirectTargets(this.database, slice)
        .then(
          (rows) => {
            const found = new Map(rows.map((row) => [redirectCacheKey(row.domainId, row.shortCode), row]));
            for (const miss of slice) miss.resolve(found.get(miss.key) ?? null);
          },
          (error) => {
            for (const miss of slice) miss.reject(error);
          },
        )
        .finally(() => {
          this.running--;
          this.schedule();
        });
    }
  }

  invalidate(key: string): void {
    this.generation++;
    // Requests after the change must not join a load that started before it.
    if (key === "*") {
      this.hits.clear();
      this.misses.clear();
      this.loading.clear();
    } else {
      this.hits.delete(key);
      this.misses.delete(key);
      this.loading.delete(key);
    }
  }
}

const caches = new WeakMap<InvalidationBus, ShortLinkCache>();

/** The one cache of an app (its bus identifies it): the redirect and the lookup API share it. */
export function shortLinkCacheOf(app: { database: Database; bus: InvalidationBus }): ShortLinkCache {
  let cache = caches.get(app.bus);
  if (!cache) {
    // Embedded PGlite runs one statement at a time, so lookups in flight there are lookups queued:
    // with one, the misses that came during a click transaction waited for the next transaction too
    // (the writer queued it before their lookup could be). With four, they are looked up right after
    // the one that held them: 150,000 cold codes at p99 34-45 ms instead of 48-58 (bench, 1M links).
    cache = new ShortLinkCache(app.database, app.bus, {
      lookupsInFlight: app.database.kind === "pglite" ? 4 : 2,
    });
    caches.set(app.bus, cache);
  }
  return cache;
}
