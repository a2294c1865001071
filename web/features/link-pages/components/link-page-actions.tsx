import type { LinkPage } from "@common/contract/link-pages";
import { paths } from "@common/paths";
import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";

/** A page's edit and delete, as icon buttons named after it ('Editar Minha Bio'). */
export function LinkPageActions({
  page,
  onDelete,
  deleting,
}: {
  page: LinkPage;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <>
      <Link
        to={paths.editLinkPage(page.id)}
        className="rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
        aria-label={`Editar ${page.title}`}
        title="Editar"
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        className="rounded-lg p-2 text-gray-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
        aria-label={`Excluir ${page.title}`}
        title="Excluir"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </>
  );
}
