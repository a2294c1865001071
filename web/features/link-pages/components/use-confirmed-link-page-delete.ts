import type { LinkPage } from "@common/contract/link-pages";
import { errorMessage } from "@web/lib/api-client";
import { toast } from "sonner";
import { useDeleteLinkPage } from "../api/use-delete-link-page";

/**
 * Delete after the user confirms; a failure is a toast. The dashboard and the list ask with
 * different texts (spec 5 and 8), hence the messages.
 */
export function useConfirmedLinkPageDelete(messages: { confirm: string; failed: string }) {
  const deletePage = useDeleteLinkPage();
  const remove = (page: LinkPage) => {
    if (!window.confirm(messages.confirm)) return;
    deletePage.mutate(page.id, {
      onError: (error) => toast.error(errorMessage(error, messages.failed)),
    });
  };
  return { remove, deletePage };
}
