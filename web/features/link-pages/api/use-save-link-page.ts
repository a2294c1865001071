import type { LinkPage, LinkPageBody } from "@common/contract/link-pages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linkPageQuery } from "./link-page-query";
import { linkPagesQuery } from "./link-pages-query";
import { linksQuery } from "./links-query";

/** Creates the page (id null: POST) or updates it (PUT); the editor's one save button. */
export function useSaveLinkPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LinkPageBody }) =>
      id === null
        ? api<LinkPage>("/api/link-pages", { method: "POST", body })
        : api<LinkPage>(`/api/link-pages/${id}`, { method: "PUT", body }),
    onSuccess: (page, { id }) => {
      queryClient.setQueryData(linkPageQuery(page.id).queryKey, page);
      // A new page has no links yet: the editor it moves to needs no extra round trip.
      if (id === null) queryClient.setQueryData(linksQuery(page.id).queryKey, []);
      return queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey, exact: true });
    },
  });
}
