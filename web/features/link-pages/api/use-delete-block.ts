import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blocksQuery, blockWrites, refreshPageOfBlocks } from "./blocks-query";

export function useDeleteBlock(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: blockWrites(pageId),
    mutationFn: (id: number) => api<unknown>(`/api/blocks/${id}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      queryClient.setQueryData(blocksQuery(pageId).queryKey, (blocks) =>
        blocks?.filter((block) => block.id !== id),
      );
      return refreshPageOfBlocks(queryClient, pageId);
    },
  });
}
