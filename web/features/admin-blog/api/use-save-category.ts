import { type BlogCategoryBody, blogCategorySchema } from "@common/contract/blog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blogAdminKeys } from "./blog-admin-keys";

/** POST /api/admin/blog/categories without an id, PUT /api/admin/blog/categories/{id} with one. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BlogCategoryBody }) =>
      api(id === null ? "/api/admin/blog/categories" : `/api/admin/blog/categories/${id}`, {
        schema: blogCategorySchema,
        method: id === null ? "POST" : "PUT",
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.all }),
  });
}
