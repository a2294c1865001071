import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { BLOG_TOPIC } from "./blog-events";
import { BLOG_VIEWS_TOPIC } from "./blog-views";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A rendered blog page. One that is kept also carries its encodings, made once when kept (on
 * zlib's thread pool, at a quality that costs a few ms); one that is not (a search, a 404) is
 * sent as it is and compressed per response by @fastify/compress, like the other pages.
 */
export type BlogPage = {
  status: number;
  etag: string | null;
  /** The headers every encoding is sent with (content-type, cache-control, vary, etag…). */
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** A post's page remembers its post, so a cached answer still counts the view. */
  post?: { id: number; slug: string };
};

/** A page as rendered: its ETag when it is a 200, Vary since it may be sent compressed. */
export function blogPage(status: number, html: string, baseHeaders: Record<string, string>): BlogPage {
  const body = Buffer.from(html);
  const etag = status === 200 ? `"${createHash("sha1").update(body).digest("base64url")}"` : null;
  const headers = { ...baseHeaders, vary: "Accept-Encoding", ...(etag ? { etag } : {}) };
  return { status, etag, headers, body };
}

/** The page with its gzip and Brotli bodies, made off the event loop. */
export async function encodeBlogPage(page: BlogPage): Promise<BlogPage> {
  if (page.body.length < 1024) return page;
  const [gzipped, br] = await Promise.all([
    gzipAsync(page.body, { level: 6 }),
    brotliAsync(page.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    }),
  ]);
  return { ...page, gzip: gzipped, br };
}

/** The cache key of a post's page and API answer: views written for it drop both. */
export const postKey = (slug: string) => `post:${slug.toLowerCase()}`;

/**
 * What the public blog answers, kept until the blog changes: rendered pages (encoded once, with
 * their ETag) and API answers. Only pages of what exists are kept (posts, former slugs, the list
 * and category pages within their page count): searches and unknown addresses are answered, not
 * kept, so anyone's queries cannot evict readers' pages. Any change the admin makes (BLOG_TOPIC, from any process through
 * the bus) drops everything: a post's title shows on the lists, featured, related posts, the feed
 * and the sitemap, and edits are rare. Written view counts drop only that post's entries.
 * Answers do not depend on the session, so every reader shares them.
 */
export class BlogPublicCache {
  readonly pages = new LRUCache<string, BlogPage>({
    max: 5000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (p) => p.body.length + (p.gzip?.length ?? 0) + (p.br?.length ?? 0) + 200,
  });
  /** Concurrent misses of one key share one render. */
  private readonly inflight = new Map<string, Promise<BlogPage>>();
  private readonly data = new LRUCache<string, { value: unknown }>({ max: 2000 });
  /** Bumped on every change: an answer read before it is not kept after it. */
  private generation = 0;

  constructor(bus: InvalidationBus) {
    bus.on(BLOG_TOPIC, () => this.clear());
    bus.on(BLOG_VIEWS_TOPIC, (slug) => {
      if (slug === "*") return this.clear();
      this.generation++;
      this.pages.delete(postKey(slug));
      this.inflight.delete(postKey(slug));
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
   * A cached page, or the one `render` makes: kept (and encoded) when `render` says so and the blog
   * did not change while it was rendered (an edit is never hidden behind a page read just before it).
   */
  loadPage(key: string, render: () => Promise<{ page: BlogPage; keep: boolean }>): Promise<BlogPage> {
    const hit = this.pages.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = this.inflight.get(key);
    if (!pending) {
      const generation = this.generation;
      const settled: Promise<BlogPage> = (async () => {
        const { page, keep } = await render();
        if (!keep || generation !== this.generation) return page;
        const encoded = await encodeBlogPage(page);
        if (generation === this.generation) this.pages.set(key, encoded);
        return encoded;
      })().finally(() => {
        if (this.inflight.get(key) === settled) this.inflight.delete(key);
      });
      pending = settled;
      this.inflight.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
    this.inflight.clear();
    this.data.clear();
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The public blog's answers, dropped on every blog change (server/modules/blog). */
    blogCache: BlogPublicCache;
  }
}
