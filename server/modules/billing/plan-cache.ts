import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { planOf } from "./entitlements";
import type { PlanRow } from "./plans.queries";

/** Published on the bus after a plan is created, changed or deleted (the pricing screen is cached). */
export const PLANS_TOPIC = "plans";

/** Topic of "this user's plan changed" (key: the user id, or "*"); published after the commit. */
export const USER_PLAN_TOPIC = "user-plan";

/** Tells every process that a user's subscription changed: their cached plan is dropped. */
export function userPlanChanged(bus: InvalidationBus, userId: number): void {
  bus.publish(USER_PLAN_TOPIC, String(userId));
}

export type PlanCacheOptions = {
  /** How long a plan is trusted without a message (a lost message, a subscription past its end). */
  ttlMs?: number;
  /** Users remembered at most; the least recently used go first. */
  max?: number;
  /** The clock (tests move it). */
  now?: () => number;
};

type Entry = { plan: PlanRow; until: number };

/**
 * The plan of a user for the hot paths that read it outside any transaction: an API key's rate
 * limit (every Bearer request) and the hourly creation rate (every creation). planOf costs two or
 * three queries; this keeps the answer a few seconds, never past the subscription's end, and drops
 * it when the bus says the user's subscription changed (USER_PLAN_TOPIC) or a plan was edited
 * (PLANS_TOPIC, everyone), in every process. Limits counted under a lock (createWithinLimit) and the
 * admin and billing rules still read planOf in their transaction, never this.
 */
export class PlanCache {
  private readonly entries: LRUCache<number, Entry>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped by every invalidation: a read that started before one does not store its answer. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
    options: PlanCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache({ max: options.max ?? 10_000 });
    bus.on(USER_PLAN_TOPIC, (key) => this.drop(key === "*" ? null : Number(key)));
    bus.on(PLANS_TOPIC, () => this.drop(null));
  }

  /** The plan the user is on now (their current subscription's, else the free plan). */
  async planOf(userId: number): Promise<PlanRow> {
    const now = this.now();
    const cached = this.entries.get(userId);
    if (cached && cached.until > now) return cached.plan;
    const generation = this.generation;
    const { plan, subscription } = await planOf(this.db, userId);
    if (generation === this.generation) {
      const ends = subscription?.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
      this.entries.set(userId, { plan, until: Math.min(now + this.ttlMs, ends) });
    }
    return plan;
  }

  /** Users whose plan is held now. */
  get size(): number {
    return this.entries.size;
  }

  private drop(userId: number | null): void {
    this.generation++;
    if (userId === null || !Number.isSafeInteger(userId)) this.entries.clear();
    else this.entries.delete(userId);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Users' plans for the per-request limits (server/modules/billing/plan-cache.ts). */
    planCache: PlanCache;
  }
}
