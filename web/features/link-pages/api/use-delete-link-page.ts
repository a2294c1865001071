import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linkPagesQuery } from "./link-pages-query";

export function useDeleteLinkPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/link-pages/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey }),
  });
}
