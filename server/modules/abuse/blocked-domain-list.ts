import type { Db } from "../../../db/client";
import { blockedDomains } from "../../../db/schema";
import type { InvalidationBus } from "../../lib/invalidation-bus";

declare module "fastify" {
  interface FastifyInstance {
    /** The administrator's blocked target domains, in memory in every process. */
    blockedDomains: BlockedDomainList;
  }
}

export const BLOCKED_DOMAINS_TOPIC = "blocked-domains";

/**
 * Whether `hostname` (lower-case, no port, no trailing dot) or one of its parent domains is in
 * `names`: "a.b.exemplo.com" looks up itself, "b.exemplo.com", "exemplo.com" and "com". A few Set
 * lookups, no allocation beyond the slices: cheap enough for the redirect path.
 */
export function hostIsIn(names: ReadonlySet<string>, hostname: string): boolean {
  if (names.size === 0) return false;
  let name = hostname;
  for (;;) {
    if (names.has(name)) return true;
    const dot = name.indexOf(".");
    if (dot === -1) return false;
    name = name.slice(dot + 1);
  }
}

/**
 * The block list, held in memory: the redirect path and every save check it with no database
 * round trip. Loaded at start; a change is published on the bus with the domain in the key
 * ("+exemplo.com", "-exemplo.com"), so every process applies it at once, then reloads the table to
 * be sure; "*" (Redis was away) reloads only. Listeners (the Link Bio page cache) run after the
 * list has changed.
 */
export class BlockedDomainList {
  private names = new Set<string>();
  private readonly listeners = new Set<() => void>();
  // Bumped by every change: a reload that started before one reads the table again.
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {
    bus.on(BLOCKED_DOMAINS_TOPIC, (key) => {
      if (key.startsWith("+")) this.apply(() => this.names.add(key.slice(1)));
      else if (key.startsWith("-")) this.apply(() => this.names.delete(key.slice(1)));
      this.reload().catch(() => {});
    });
  }

  async reload(): Promise<void> {
    for (;;) {
      const generation = this.generation;
      const rows = await this.db.select({ domain: blockedDomains.domain }).from(blockedDomains);
      if (generation !== this.generation) continue;
      const names = new Set(rows.map((row) => row.domain));
      const same = names.size === this.names.size && [...names].every((name) => this.names.has(name));
      if (!same) this.apply(() => (this.names = names));
      return;
    }
  }

  /** Whether the host or a parent domain of it is blocked. */
  blocks(hostname: string): boolean {
    return hostIsIn(this.names, hostname);
  }

  /** Whether any of these hosts is blocked (a short link's target, rules and expiry target). */
  blocksAny(hostnames: readonly string[]): boolean {
    if (this.names.size === 0) return false;
    for (const hostname of hostnames) if (hostIsIn(this.names, hostname)) return true;
    return false;
  }

  get size(): number {
    return this.names.size;
  }

  /** Runs after every change of the list, in this process (a change elsewhere arrives by the bus). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Call after a row was added or removed: every process applies it. */
  changed(change: { added: string } | { removed: string }): void {
    this.bus.publish(BLOCKED_DOMAINS_TOPIC, "added" in change ? `+${change.added}` : `-${change.removed}`);
  }

  private apply(change: () => void): void {
    this.generation++;
    change();
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // One cache's failure must not keep the others stale.
      }
    }
  }
}
