import type { LinkPage } from "@common/contract/link-pages";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { errorMessage } from "@web/lib/api-client";
import { useDeleteLinkPage } from "../api/use-delete-link-page";

/**
 * Delete after the user confirms, in our dialog naming the page; a failure shows there. The
 * dashboard and the list ask with different texts (spec 5 and 8), hence the messages.
 */
export function useConfirmedLinkPageDelete(messages: { confirm: string; failed: string }) {
  const deletePage = useDeleteLinkPage();
  const askConfirm = useConfirm();
  const remove = (page: LinkPage) =>
    askConfirm({
      title: `Excluir a Link Bio “${page.title}”?`,
      body: `A página pública e os links dela saem do ar na hora. ${messages.confirm}`,
      confirmLabel: "Excluir Link Bio",
      danger: true,
      action: () => deletePage.mutateAsync(page.id),
      describeError: (error) => errorMessage(error, messages.failed),
    });
  /** Whether this page's delete is on its way (its button waits). */
  const deleting = (page: LinkPage) => deletePage.isPending && deletePage.variables === page.id;
  return { remove, deleting };
}
