import type { InvalidationBus } from "../../lib/invalidation-bus";

/** Topic of every change that alters what /p/{slug} shows; the key names the (domain, slug). */
export const LINK_PAGE_TOPIC = "link-page";

export const linkPageKey = (domainId: number, slug: string) => `${domainId}:${slug}`;

/** Tells every process that these (domain, slug) addresses may render differently now. */
export function linkPageChanged(bus: InvalidationBus, ...pages: { domainId: number; slug: string }[]): void {
  const keys = new Set(pages.map((page) => linkPageKey(page.domainId, page.slug)));
  for (const key of keys) bus.publish(LINK_PAGE_TOPIC, key);
}
