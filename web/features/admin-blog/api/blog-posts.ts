import {
  BLOG_LIMITS,
  type BlogPostRow,
  type BlogPostStatus,
  blogPostRowListSchema,
  blogPostSchema,
  blogStatsSchema,
} from "@common/contract/blog";
import { GENERIC_ERROR } from "@common/contract/errors";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ApiError, api, apiWithHeaders } from "@web/lib/api-client";
import { blogAdminKeys } from "./blog-admin-keys";

/** What the list asks the server for: the search, the filters and the page. */
export type BlogPostFilters = { search: string; status: BlogPostStatus | ""; categoryId: number | null };
export type BlogPostsPage = { posts: BlogPostRow[]; total: number; page_size: number };

export function postsSearch({ search, status, categoryId }: BlogPostFilters, page: number): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search.trim());
  if (status) params.set("status", status);
  if (categoryId !== null) params.set("category_id", String(categoryId));
  params.set("page", String(page));
  params.set("limit", String(BLOG_LIMITS.adminPageSize));
  return params.toString();
}

/** GET /api/admin/blog/posts answers an array (spec 7) with the match count in X-Total-Count. */
async function fetchPostsPage(path: string, signal: AbortSignal): Promise<BlogPostsPage> {
  const { data, headers } = await apiWithHeaders(path, { schema: blogPostRowListSchema, signal });
  if (!Array.isArray(data)) throw new ApiError(200, GENERIC_ERROR, null);
  const total = Number(headers.get("x-total-count"));
  return {
    posts: data,
    total: Number.isFinite(total) && total > 0 ? total : data.length,
    page_size: BLOG_LIMITS.adminPageSize,
  };
}

/** One page of posts, searched and filtered by the server; the last page stays while the next loads. */
export const blogPostsQuery = (filters: BlogPostFilters, page: number) =>
  queryOptions({
    queryKey: [...blogAdminKeys.posts, filters, page] as const,
    queryFn: ({ signal }) => fetchPostsPage(`/api/admin/blog/posts?${postsSearch(filters, page)}`, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/blog/stats: the four stat cards, over every post. */
export const blogStatsQuery = queryOptions({
  queryKey: blogAdminKeys.stats,
  queryFn: ({ signal }) => api("/api/admin/blog/stats", { schema: blogStatsSchema, signal }),
});

/** GET /api/admin/blog/posts/{id}: the post with its content and categories. */
export const blogPostQuery = (id: number) =>
  queryOptions({
    queryKey: blogAdminKeys.post(id),
    queryFn: ({ signal }) => api(`/api/admin/blog/posts/${id}`, { schema: blogPostSchema, signal }),
  });
