import { blockListSchema } from "@common/contract/link-blocks";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { linkPageQuery } from "./link-page-query";
import { linkPagesQuery } from "./link-pages-query";

/** A page's blocks in page order (GET /api/link-pages/{id}/blocks); nested under the page's key. */
export const blocksQuery = (pageId: number) =>
  queryOptions({
    queryKey: ["link-pages", pageId, "blocks"],
    queryFn: ({ signal }) => api(`/api/link-pages/${pageId}/blocks`, { schema: blockListSchema, signal }),
  });

/**
 * The scope of every write of a page's blocks: they reach the server one after another, in the
 * order they were made (two quick moves, a move during a duplicate), so its order is the screen's.
 */
export const blockWrites = (pageId: number) => ({ id: `link-pages/${pageId}/blocks` });

/** After a change of its blocks: the page (updated_at) and the list's cards (links_count) read again. */
export function refreshPageOfBlocks(queryClient: QueryClient, pageId: number) {
  void queryClient.invalidateQueries({ queryKey: linkPageQuery(pageId).queryKey, exact: true });
  return queryClient.invalidateQueries({ queryKey: linkPagesQuery.queryKey, exact: true });
}
