import { type ShortenedUrl, shortenedUrlListSchema } from "@common/contract/shortened-urls";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiWithHeaders } from "@web/lib/api-client";

export const SHORTENED_URLS_PAGE_SIZE = 20;

/** total: null when a search matched more than SHORT_URL_SEARCH_COUNT_MAX (the server stops counting). */
export type ShortenedUrlPage = { items: ShortenedUrl[]; total: number | null };
type PageParams = { q?: string; limit?: number; offset?: number };

export const shortenedUrlKeys = {
  all: ["shortened-urls"] as const,
  list: (q: string) => ["shortened-urls", "list", q] as const,
};

/** GET /api/shortened-urls, newest first; the total lives in the X-Total-Count header. */
export async function fetchShortenedUrls(
  { q = "", limit = SHORTENED_URLS_PAGE_SIZE, offset = 0 }: PageParams,
  signal?: AbortSignal,
): Promise<ShortenedUrlPage> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (q.trim()) params.set("q", q.trim());
  const { data, headers } = await apiWithHeaders(`/api/shortened-urls?${params}`, {
    signal,
    schema: shortenedUrlListSchema,
  });
  const items = Array.isArray(data) ? data : [];
  const header = headers.get("x-total-count");
  if (header === null) return { items, total: null };
  const total = Number(header);
  return { items, total: Number.isFinite(total) && total >= offset ? total : offset + items.length };
}

/** One page of the user's short links, e.g. the dashboard's recent ones and their total. */
export const shortenedUrlsQuery = ({
  q = "",
  limit = SHORTENED_URLS_PAGE_SIZE,
  offset = 0,
}: PageParams = {}) =>
  queryOptions({
    queryKey: [...shortenedUrlKeys.all, "page", { q, limit, offset }] as const,
    queryFn: ({ signal }) => fetchShortenedUrls({ q, limit, offset }, signal),
  });

/** The shortener's list: pages of 20 fetched by offset ("Carregar mais"), filtered by q on the server. */
export const shortenedUrlsInfiniteQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: shortenedUrlKeys.list(q),
    queryFn: ({ pageParam, signal }) => fetchShortenedUrls({ q, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // Uncounted (a search with very many matches): there is more while pages come full.
      const more = last.total === null ? last.items.length === SHORTENED_URLS_PAGE_SIZE : loaded < last.total;
      return more && last.items.length > 0 ? loaded : undefined;
    },
  });
