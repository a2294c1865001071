import { type BlockCreateBody, blockSchema } from "@common/contract/link-blocks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blocksQuery, blockWrites, refreshPageOfBlocks } from "./blocks-query";
import { placeBlock, saveBlockOrder } from "./use-reorder-blocks";

/**
 * POST /api/link-pages/{id}/blocks: a block at the end of the page, right `after` another (a copy
 * after its original, wherever that is by then), or at index `at` (a deleted block back in its
 * place), which takes a second call for the order.
 */
export function useCreateBlock(pageId: number) {
  const queryClient = useQueryClient();
  const key = blocksQuery(pageId).queryKey;
  return useMutation({
    scope: blockWrites(pageId),
    mutationFn: async ({ body, at, after }: { body: BlockCreateBody; at?: number; after?: number }) => {
      const block = await api(`/api/link-pages/${pageId}/blocks`, {
        schema: blockSchema,
        method: "POST",
        body,
      });
      // Shown at once, even should the order below be refused.
      queryClient.setQueryData(key, (blocks) => [...(blocks ?? []), block]);
      const current = queryClient.getQueryData(key) ?? [block];
      // An original deleted meanwhile leaves its copy at the end.
      const original = after === undefined ? -1 : current.findIndex((b) => b.id === after);
      const index = after === undefined ? at : original < 0 ? undefined : original + 1;
      if (index !== undefined) {
        const blocks = placeBlock(current, block.id, index);
        queryClient.setQueryData(key, await saveBlockOrder(pageId, blocks));
      }
      return block;
    },
    onSettled: () => refreshPageOfBlocks(queryClient, pageId),
  });
}
