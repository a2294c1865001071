import { blogCategoryListSchema } from "@common/contract/blog";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blogAdminKeys } from "./blog-admin-keys";

/** GET /api/admin/blog/categories: every category with its post count. */
export const blogCategoriesQuery = queryOptions({
  queryKey: blogAdminKeys.categories,
  queryFn: ({ signal }) => api("/api/admin/blog/categories", { schema: blogCategoryListSchema, signal }),
});
