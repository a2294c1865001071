import { LinkPageEditor } from "@web/features/link-pages/components/link-page-editor";
import { useParams } from "react-router";

// /link-pages/new/edit creates a page, /link-pages/{id}/edit edits one.
export function Component() {
  const { id } = useParams();
  return <LinkPageEditor key={id} idParam={id} />;
}
