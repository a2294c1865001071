import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { ListError } from "@web/components/ui/list-states";
import { Spinner } from "@web/components/ui/spinner";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { blocksQuery } from "../api/blocks-query";
import { linkPageQuery } from "../api/link-page-query";
import { LinkPageEditorForm } from "./link-page-editor-form";

/** Parses the route's :id: "new" is the create mode (null), anything else must be a positive id. */
export function parsePageId(param: string | undefined): number | null | "invalid" {
  if (param === "new") return null;
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2147483647 ? id : "invalid";
}

/** /link-pages/{id}/edit: loads the page and its blocks; a missing page sends the user to /dashboard. */
export function LinkPageEditor({ idParam }: { idParam: string | undefined }) {
  const id = parsePageId(idParam);
  if (id === null) return <LinkPageEditorForm key="new" page={null} blocks={[]} />;
  if (id === "invalid") return <NotFoundRedirect />;
  return <SavedPageEditor key={id} id={id} />;
}

function SavedPageEditor({ id }: { id: number }) {
  const page = useQuery(linkPageQuery(id));
  const blocks = useQuery(blocksQuery(id));
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundRedirect />;
  if (page.isError || blocks.isError) {
    return (
      <ListError
        boxed
        message={errorMessage(page.error ?? blocks.error, LINK_PAGE_MESSAGES.loadFailed)}
        onRetry={() => {
          void page.refetch();
          void blocks.refetch();
        }}
      />
    );
  }
  if (!page.data || !blocks.data) return <Spinner />;
  return <LinkPageEditorForm page={page.data} blocks={blocks.data} />;
}

function NotFoundRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(LINK_PAGE_MESSAGES.notFound, { id: "link-page-not-found" });
    navigate(paths.dashboard, { replace: true });
  }, [navigate]);
  return <Spinner />;
}
