import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { useQuery } from "@tanstack/react-query";
import { CopyButton } from "@web/components/ui/copy-button";
import { useAvailableDomains } from "@web/lib/available-domains";
import { ExternalLink, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { linkPagesQuery } from "../api/link-pages-query";
import { publicPageUrl } from "../public-url";
import { useConfirmedLinkPageDelete } from "./use-confirmed-link-page-delete";

// The dashboard shows a short list; the full one (with search) is /link-pages.
const DASHBOARD_LIMIT = 5;

/** The dashboard's Link Bio card: edit, delete, Visualizar and Copiar per page (spec 2, Dashboard). */
export function LinkPagesDashboardList() {
  const pages = useQuery(linkPagesQuery);
  const domains = useAvailableDomains();
  const { remove, deletePage } = useConfirmedLinkPageDelete({
    confirm: LINK_PAGE_MESSAGES.confirmDeletePage,
    failed: LINK_PAGE_MESSAGES.deletePageFailed,
  });
  const all = pages.data ?? [];

  return (
    <section className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <header className="flex items-center justify-between border-b border-gray-100 px-5 py-4">
        <h2 className="text-lg font-semibold text-gray-900">Suas Link Bios</h2>
        <Link
          to="/link-pages/new/edit"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Nova
        </Link>
      </header>
      {pages.isPending ? (
        <p className="px-5 py-8 text-center text-sm text-gray-500">Carregando...</p>
      ) : all.length === 0 ? (
        <div className="px-5 py-10 text-center">
          <FileText className="mx-auto h-10 w-10 text-gray-300" aria-hidden />
          <p className="mt-3 text-sm text-gray-600">Você ainda não criou nenhuma Link Bio.</p>
          <Link
            to="/link-pages/new/edit"
            className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Plus className="h-4 w-4" aria-hidden />
            Criar Link Bio
          </Link>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-gray-100">
            {all.slice(0, DASHBOARD_LIMIT).map((page) => {
              const url = publicPageUrl(page.slug, page.custom_domain_id, domains);
              return (
                <li key={page.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-gray-900">{page.title}</p>
                    <p className="truncate text-sm text-gray-500">
                      /p/{page.slug} · {page.click_count} {page.click_count === 1 ? "clique" : "cliques"}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1.5 rounded-lg border border-gray-200 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
                    >
                      <ExternalLink className="h-4 w-4" aria-hidden />
                      Visualizar
                    </a>
                    <CopyButton text={url} variant="outline" />
                    <Link
                      to={`/link-pages/${page.id}/edit`}
                      className="rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
                      aria-label={`Editar ${page.title}`}
                      title="Editar"
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Link>
                    <button
                      type="button"
                      onClick={() => remove(page)}
                      disabled={deletePage.isPending && deletePage.variables === page.id}
                      className="rounded-lg p-2 text-gray-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
                      aria-label={`Excluir ${page.title}`}
                      title="Excluir"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {all.length > DASHBOARD_LIMIT && (
            <Link
              to="/link-pages"
              className="block border-t border-gray-100 px-5 py-3 text-center text-sm font-medium text-brand-600 hover:bg-gray-50"
            >
              Ver todas as Link Bios ({all.length})
            </Link>
          )}
        </>
      )}
    </section>
  );
}
