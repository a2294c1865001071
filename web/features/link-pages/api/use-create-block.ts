import { type BlockCreateBody, blockSchema } from "@common/contract/link-blocks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blocksQuery, blockWrites, refreshPageOfBlocks } from "./blocks-query";
import { placeBlock, saveBlockOrder } from "./use-reorder-blocks";

/**
 * POST /api/link-pages/{id}/blocks: a block at the end of the page, or at index `at` (a copy right
 * after its original, a deleted block back in its place), which takes a second call for the order.
 */
export function useCreateBlock(pageId: number) {
  const queryClient = useQueryClient();
  const key = blocksQuery(pageId).queryKey;
  return useMutation({
    scope: blockWrites(pageId),
    mutationFn: async ({ body, at }: { body: BlockCreateBody; at?: number }) => {
      const block = await api(`/api/link-pages/${pageId}/blocks`, {
        schema: blockSchema,
        method: "POST",
        body,
      });
      // Shown at once, even should the order below be refused.
      queryClient.setQueryData(key, (blocks) => [...(blocks ?? []), block]);
      if (at !== undefined) {
        const blocks = placeBlock(queryClient.getQueryData(key) ?? [block], block.id, at);
        queryClient.setQueryData(key, await saveBlockOrder(pageId, blocks));
      }
      return block;
    },
    onSettled: () => refreshPageOfBlocks(queryClient, pageId),
  });
}
