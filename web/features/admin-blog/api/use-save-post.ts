import { type BlogPostBody, blogPostSchema } from "@common/contract/blog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blogAdminKeys } from "./blog-admin-keys";

/** POST /api/admin/blog/posts without an id, PUT /api/admin/blog/posts/{id} with one; answers the saved post. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BlogPostBody }) =>
      api(id === null ? "/api/admin/blog/posts" : `/api/admin/blog/posts/${id}`, {
        schema: blogPostSchema,
        method: id === null ? "POST" : "PUT",
        body,
      }),
    onSuccess: (post) => {
      queryClient.setQueryData(blogAdminKeys.post(post.id), post);
      return queryClient.invalidateQueries({
        queryKey: blogAdminKeys.all,
        predicate: (query) => query.queryKey[2] !== "post",
      });
    },
  });
}
