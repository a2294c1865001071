import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linkPagesQuery } from "./link-pages-query";
import { linksQuery } from "./links-query";

export function useDeleteLink(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/links/${id}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      queryClient.setQueryData(linksQuery(pageId).queryKey, (links) =>
        links?.filter((link) => link.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey, exact: true });
    },
  });
}
