import { type LinkBody, linkSchema } from "@common/contract/link-pages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linkPagesQuery } from "./link-pages-query";
import { linksQuery } from "./links-query";

export function useCreateLink(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkBody) =>
      api(`/api/link-pages/${pageId}/links`, { schema: linkSchema, method: "POST", body }),
    onSuccess: (link) => {
      queryClient.setQueryData(linksQuery(pageId).queryKey, (links) => [...(links ?? []), link]);
      // links_count on the list cards.
      return queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey, exact: true });
    },
  });
}
