import type { InvalidationBus } from "../../lib/invalidation-bus";

/**
 * Topic of every change that alters what the public blog shows (a post or category saved or
 * deleted): the key is the post's slug, or "*" when the change may touch every page (a category).
 */
export const BLOG_TOPIC = "blog";

/** Tells every process that these public blog addresses (and the lists, RSS and sitemap) changed. */
export function blogChanged(bus: InvalidationBus, ...slugs: string[]): void {
  const keys = new Set(slugs.length > 0 ? slugs : ["*"]);
  for (const key of keys) bus.publish(BLOG_TOPIC, key);
}
