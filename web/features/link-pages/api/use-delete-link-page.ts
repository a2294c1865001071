import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";
import { linkPagesQuery } from "./link-pages-query";

export function useDeleteLinkPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/link-pages/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      // The plan's usage: a page fewer may lift the limit the new page editor shows.
      void queryClient.invalidateQueries({ queryKey: billingKeys.limits() });
      return queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey });
    },
  });
}
