import { type BlockUpdateBody, blockSchema } from "@common/contract/link-blocks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blocksQuery, blockWrites, refreshPageOfBlocks } from "./blocks-query";

/**
 * PUT /api/blocks/{id}: what is absent stays; `data` is the block's whole data. The forms send data,
 * the switch is_active, the schedule the window, the style modal data with its new custom_style.
 */
export function useUpdateBlock(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: blockWrites(pageId),
    mutationFn: ({ id, body }: { id: number; body: BlockUpdateBody }) =>
      api(`/api/blocks/${id}`, { schema: blockSchema, method: "PUT", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(blocksQuery(pageId).queryKey, (blocks) =>
        blocks?.map((block) => (block.id === saved.id ? saved : block)),
      );
      return refreshPageOfBlocks(queryClient, pageId);
    },
  });
}
