import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { paths, previewOf } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "@web/components/ui/button";
import { CopyButton } from "@web/components/ui/copy-button";
import { EmptyState } from "@web/components/ui/empty-state";
import { useAvailableDomains } from "@web/lib/available-domains";
import { ExternalLink, FileText, Plus } from "lucide-react";
import { Link } from "react-router";
import { linkPagesQuery } from "../api/link-pages-query";
import { publicPageUrl } from "../public-url";
import { LinkPageActions } from "./link-page-actions";
import { useConfirmedLinkPageDelete } from "./use-confirmed-link-page-delete";

// The dashboard shows a short list; the full one (with search) is /link-pages.
const DASHBOARD_LIMIT = 5;

/** The dashboard's Link Bio card: edit, delete, Visualizar and Copiar per page (spec 2, Dashboard). */
export function LinkPagesDashboardList() {
  const pages = useQuery(linkPagesQuery);
  const domains = useAvailableDomains();
  const { remove, deleting } = useConfirmedLinkPageDelete({
    confirm: LINK_PAGE_MESSAGES.confirmDeletePage,
    failed: LINK_PAGE_MESSAGES.deletePageFailed,
  });
  const all = pages.data ?? [];

  return (
    <section className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <header className="flex items-center justify-between border-b border-gray-100 px-5 py-4">
        <h2 className="text-lg font-semibold text-gray-900">Suas Link Bios</h2>
        <Link
          to={paths.newLinkPage}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Nova
        </Link>
      </header>
      {pages.isPending ? (
        <p className="px-5 py-8 text-center text-sm text-gray-500">Carregando...</p>
      ) : all.length === 0 ? (
        <EmptyState
          icon={FileText}
          text="Você ainda não criou nenhuma Link Bio."
          action={
            <ButtonLink to={paths.newLinkPage}>
              <Plus className="h-4 w-4" aria-hidden />
              Criar Link Bio
            </ButtonLink>
          }
          className="px-5 py-10"
        />
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
                      href={previewOf(url)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1.5 rounded-lg border border-gray-200 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
                    >
                      <ExternalLink className="h-4 w-4" aria-hidden />
                      Visualizar
                    </a>
                    <CopyButton text={url} variant="outline" />
                    <LinkPageActions page={page} onDelete={() => remove(page)} deleting={deleting(page)} />
                  </div>
                </li>
              );
            })}
          </ul>
          {all.length > DASHBOARD_LIMIT && (
            <Link
              to={paths.linkPages}
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
