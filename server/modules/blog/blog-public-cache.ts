import { LRUCache } from "lru-cache";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { type CachedResponse, PublicPageCache } from "../public-pages/public-page.cache";
import { BLOG_TOPIC } from "./blog-events";
import { BLOG_VIEWS_TOPIC } from "./blog-views";

/** The cache key of a post's page and API answer: views written for it drop both. */
export const postKey = (slug: string) => `post:${slug.toLowerCase()}`;

/**
 * What the public blog answers, kept until the blog changes: rendered pages (encoded once, with
 * their ETag) and API answers. Any change the admin makes (BLOG_TOPIC, from any process through
 * the bus) drops everything: a post's title shows on the lists, featured, related posts, the feed
 * and the sitemap, and edits are rare. Written view counts drop only that post's entries.
 * Answers do not depend on the session, so every reader shares them.
 */
export class BlogPublicCache {
  readonly pages = new PublicPageCache();
  private readonly data = new LRUCache<string, { value: unknown }>({ max: 2000 });
  /** Bumped on every change: an answer read before it is not kept after it. */
  private generation = 0;

  constructor(bus: InvalidationBus) {
    bus.on(BLOG_TOPIC, () => this.clear());
    bus.on(BLOG_VIEWS_TOPIC, (slug) => {
      this.generation++;
      this.pages.delete(postKey(slug));
      this.data.delete(`api:${postKey(slug)}`);
    });
    // Canonical and share addresses do not depend on domains, but the sitemap's Link Bio pages
    // do; it also expires on its own (ttl below).
    bus.on("domains", () => this.data.delete("sitemap"));
  }

  /** A cached answer, or the one `load` makes (kept for `ttlMs` when given, else until a change). */
  async load<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
    const hit = this.data.get(key);
    if (hit) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.data.set(key, { value }, ttlMs ? { ttl: ttlMs } : undefined);
    return value;
  }

  /**
   * A cached page, or the one `render` makes, kept when `keep` says so and the blog did not change
   * while it was rendered (an edit is never hidden behind a page read just before it).
   */
  async loadPage<T extends CachedResponse>(
    key: string,
    render: () => Promise<T>,
    keep: (page: T) => boolean,
  ): Promise<T> {
    const hit = this.pages.get(key);
    if (hit) return hit as T;
    const generation = this.generation;
    const page = await render();
    if (!keep(page) || generation !== this.generation) return page;
    return (await this.pages.load(key, async () => page)) as T;
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
    this.data.clear();
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The public blog's answers, dropped on every blog change (server/modules/blog). */
    blogCache: BlogPublicCache;
  }
}
