import type { Link } from "@common/contract/link-pages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linksQuery } from "./links-query";

/** Shows the new order at once and persists it; a refused order puts the saved one back. */
export function useReorderLinks(pageId: number) {
  const queryClient = useQueryClient();
  const key = linksQuery(pageId).queryKey;
  return useMutation({
    mutationFn: (links: Link[]) =>
      api<unknown>(`/api/link-pages/${pageId}/links/order`, {
        method: "PUT",
        body: { link_ids: links.map((link) => link.id) },
      }),
    onMutate: async (links) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, links);
      return { previous };
    },
    onError: (_error, _links, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
