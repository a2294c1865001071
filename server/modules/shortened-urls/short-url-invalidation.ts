import type { InvalidationBus } from "../../lib/invalidation-bus";

/** Bus topic of short-link changes; the key is `${domainId}:${code}`, or "*" for "forget them all". */
export const SHORT_URL_TOPIC = "short-url";

export const redirectCacheKey = (domainId: number, code: string) => `${domainId}:${code}`;

/**
 * Every process drops its cached answer for this code at once (a create drops a cached "not found",
 * a delete a cached target). Whoever deletes short links in bulk (a user's deletion) publishes "*".
 */
export function shortUrlChanged(bus: InvalidationBus, domainId: number, code: string): void {
  bus.publish(SHORT_URL_TOPIC, redirectCacheKey(domainId, code));
}
