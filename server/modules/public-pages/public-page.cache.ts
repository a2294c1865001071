import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";

/** One encoding of a response: the bytes and every header they are sent with (Content-Length too). */
export type Variant = { body: Buffer; headers: Record<string, string> };

/** A rendered answer, encoded once: a cache hit is one lookup and one write. */
export type CachedResponse = {
  status: number;
  etag: string | null;
  /** The headers of a 304 (the browser's copy is this version): no body, no length. */
  notModifiedHeaders: Record<string, string>;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  /** When this copy stops being the page (a block's window bound, ms since the epoch); null: never. */
  expiresAt?: number | null;
  /** A sensitive page's age notice (its confirmed version has its own key). */
  adultGate?: boolean;
  /** Whose page a GET of this copy is a view of: null for a 404, a 500 or an age notice. */
  view?: { userId: number; linkPageId: number } | null;
};

export function encodeResponse(
  status: number,
  html: string,
  baseHeaders: Record<string, string>,
): CachedResponse {
  const identity = Buffer.from(html);
  const etag = status === 200 ? `"${createHash("sha1").update(identity).digest("base64url")}"` : null;
  // Every answer varies by its encoding; `baseHeaders` may name more (its own `vary` includes it).
  const headers = { vary: "Accept-Encoding", ...baseHeaders, ...(etag ? { etag } : {}) };
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    headers: {
      ...headers,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.length),
    },
  });
  return {
    status,
    etag,
    notModifiedHeaders: headers,
    identity: variant(identity),
    gzip: variant(gzipSync(identity, { level: 9 }), "gzip"),
    br: variant(
      brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      "br",
    ),
  };
}

/**
 * Rendered public pages per (domain, slug), bounded by count and bytes. Concurrent misses of one
 * key share one render. A render that raced with an invalidation is answered but not kept, so an
 * edit is never hidden behind a page read just before it.
 */
export class PublicPageCache {
  private readonly entries = new LRUCache<string, CachedResponse>({
    max: 5000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (e) => e.identity.body.length + e.gzip.body.length + e.br.body.length + 200,
  });
  private readonly inflight = new Map<string, Promise<CachedResponse>>();
  private generation = 0;

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    // Every process computes the same instant from the same rows: no message needed (decision 024).
    if (entry?.expiresAt != null && Date.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The cached answer, or the one `render` makes (kept unless the key changed meanwhile). */
  load(key: string, render: () => Promise<CachedResponse>): Promise<CachedResponse> {
    const hit = this.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = this.inflight.get(key);
    if (!pending) {
      const generation = this.generation;
      const settled: Promise<CachedResponse> = render()
        .then((response) => {
          if (generation === this.generation) this.entries.set(key, response);
          return response;
        })
        .finally(() => {
          if (this.inflight.get(key) === settled) this.inflight.delete(key);
        });
      pending = settled;
      this.inflight.set(key, pending);
    }
    return pending;
  }

  delete(key: string): void {
    this.generation++;
    this.entries.delete(key);
    // A render in flight for this key started before the change: the next request renders anew.
    this.inflight.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
