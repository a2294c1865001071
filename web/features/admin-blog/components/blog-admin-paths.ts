/** The blog admin's addresses, spelled once (spec 1). */
export const BLOG_ADMIN_PATH = "/admin/blog";
export const NEW_POST_PATH = "/admin/blog/posts/new";
export const editPostPath = (id: number) => `/admin/blog/posts/${id}/edit`;
export const publicPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
