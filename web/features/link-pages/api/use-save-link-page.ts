import { type LinkPageCreateBody, linkPageSchema } from "@common/contract/link-pages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";
import { blocksQuery } from "./blocks-query";
import { linkPageQuery } from "./link-page-query";
import { linkPagesQuery } from "./link-pages-query";

/**
 * Creates the page (id null: POST, with the links added before the first save) or updates it (PUT,
 * links aside); the editor's one save button.
 */
export function useSaveLinkPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LinkPageCreateBody }) =>
      id === null
        ? api("/api/link-pages", { schema: linkPageSchema, method: "POST", body })
        : api(`/api/link-pages/${id}`, { schema: linkPageSchema, method: "PUT", body }),
    onSuccess: (page, { id, body }) => {
      queryClient.setQueryData(linkPageQuery(page.id).queryKey, page);
      if (id === null) {
        // A new page without links has no blocks: the editor it moves to needs no extra round trip.
        if (!body.links?.length) queryClient.setQueryData(blocksQuery(page.id).queryKey, []);
        void queryClient.invalidateQueries({ queryKey: billingKeys.limits() });
      }
      return queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey, exact: true });
    },
  });
}
