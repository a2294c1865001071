/**
 * Every read of the blog admin sits under ["admin", "blog"]: a post or a category saved or deleted
 * refreshes the list, the stat cards and the categories together.
 */
export const blogAdminKeys = {
  all: ["admin", "blog"] as const,
  posts: ["admin", "blog", "posts"] as const,
  post: (id: number) => ["admin", "blog", "post", id] as const,
  stats: ["admin", "blog", "stats"] as const,
  categories: ["admin", "blog", "categories"] as const,
};
