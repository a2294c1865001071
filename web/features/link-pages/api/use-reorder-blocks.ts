import { type Block, blockListSchema } from "@common/contract/link-blocks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { blocksQuery, blockWrites } from "./blocks-query";

/** PUT /api/link-pages/{id}/blocks/order with every block of the page; answers them in the new order. */
export const saveBlockOrder = (pageId: number, blocks: Block[]) =>
  api(`/api/link-pages/${pageId}/blocks/order`, {
    schema: blockListSchema,
    method: "PUT",
    body: { ids: blocks.map((block) => block.id) },
  });

/** The blocks with the one of this id moved to index `at`. */
export function placeBlock(blocks: Block[], id: number, at: number): Block[] {
  const block = blocks.find((b) => b.id === id);
  if (!block) return blocks;
  const rest = blocks.filter((b) => b.id !== id);
  return [...rest.slice(0, at), block, ...rest.slice(at)];
}

/**
 * Moves a block to index `to`: shown at once, then saved. The order sent is the list as it stands
 * when the save runs, after the writes queued before it (a copy or a delete still being saved), so
 * it always names every block the server holds. A refused order puts the saved one back.
 */
export function useReorderBlocks(pageId: number) {
  const queryClient = useQueryClient();
  const key = blocksQuery(pageId).queryKey;
  const mutationKey = [...key, "order"];
  return useMutation({
    scope: blockWrites(pageId),
    mutationKey,
    mutationFn: (_move: { id: number; to: number }) =>
      saveBlockOrder(pageId, queryClient.getQueryData<Block[]>(key) ?? []),
    onMutate: async ({ id, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Block[]>(key);
      queryClient.setQueryData(key, placeBlock(previous ?? [], id, to));
      return { previous };
    },
    onSuccess: (saved) => {
      // A later move already on screen (still being saved) is not undone by this answer.
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, saved);
    },
    onError: (_error, _blocks, context) => {
      queryClient.setQueryData(key, context?.previous);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
