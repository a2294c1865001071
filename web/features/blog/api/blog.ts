import type { BlogPostPublic } from "@common/contract/blog";
import {
  blogCategoryListSchema,
  blogPostCardListSchema,
  blogPostPublicSchema,
  blogPostsPageSchema,
} from "@common/contract/blog";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@web/lib/api-client";

/** What the /blog page lists: its address's ?search=&category=&page= (the form's fields). */
export type BlogListFilters = { search: string; category: string; page: number };

// NOTE: the server fills these keys when it renders /blog and /blog/{slug} (web/entry-server.tsx,
// with the data server/modules/blog reads): the browser hydrates from the same data.
export const blogKeys = {
  all: ["blog"] as const,
  posts: (filters: BlogListFilters) => ["blog", "posts", filters] as const,
  featured: () => ["blog", "featured"] as const,
  categories: () => ["blog", "categories"] as const,
  post: (slug: string) => ["blog", "post", slug] as const,
  related: (postId: number) => ["blog", "related", postId] as const,
  /** Set once the post's view was counted: by the server that rendered it, or by the beacon. */
  viewed: (postId: number) => ["blog", "viewed", postId] as const,
  /** The site's public origin, for share links (the server's PUBLIC_URL). */
  origin: () => ["blog", "origin"] as const,
};

/** The list's address: only the filters that are set, page 1 left out. */
export function blogListSearch(filters: Partial<BlogListFilters>): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const blogPostsQuery = (filters: BlogListFilters) =>
  queryOptions({
    queryKey: blogKeys.posts(filters),
    queryFn: ({ signal }) =>
      api(`/api/blog/posts${blogListSearch(filters)}`, { schema: blogPostsPageSchema, signal }),
    // While the next search is on its way, the last results stay (no flash of a spinner).
    placeholderData: keepPreviousData,
  });

export const blogFeaturedQuery = queryOptions({
  queryKey: blogKeys.featured(),
  queryFn: ({ signal }) => api("/api/blog/posts/featured", { schema: blogPostCardListSchema, signal }),
});

export const blogCategoriesQuery = queryOptions({
  queryKey: blogKeys.categories(),
  queryFn: ({ signal }) => api("/api/blog/categories", { schema: blogCategoryListSchema, signal }),
});

/** A published post, or null when there is none at that address (the API's 404). */
export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: async ({ signal }) => {
      try {
        return await api(`/api/blog/posts/slug/${encodeURIComponent(slug)}`, {
          schema: blogPostPublicSchema,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const blogRelatedQuery = (post: Pick<BlogPostPublic, "id" | "categories">) =>
  queryOptions({
    queryKey: blogKeys.related(post.id),
    queryFn: ({ signal }) =>
      api(
        `/api/blog/posts/related?post_id=${post.id}&category_ids=${post.categories.map((c) => c.id).join(",")}`,
        { schema: blogPostCardListSchema, signal },
      ),
  });

/** Counts the reader's view of a post opened in the app (the server counts the pages it sends). */
export const recordBlogView = (postId: number) =>
  api<{ ok: boolean }>(`/api/blog/posts/${postId}/view`, { method: "POST", body: {} });
