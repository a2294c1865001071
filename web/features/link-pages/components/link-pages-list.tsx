import { LINK_PAGE_MESSAGES, type LinkPage } from "@common/contract/link-pages";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { useAvailableDomains } from "@web/lib/available-domains";
import { Lightbulb, Plus, Search, Sparkles } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { linkPagesQuery } from "../api/link-pages-query";
import { publicPageUrl } from "../public-url";
import { LinkPageCard } from "./link-page-card";
import { useConfirmedLinkPageDelete } from "./use-confirmed-link-page-delete";

const TIPS = [
  "Use um slug curto e fácil de lembrar, como o seu @ nas redes sociais.",
  "Coloque os links mais importantes no topo: arraste ou use as setas no editor.",
  "Personalize cores e botões para combinar com a sua marca.",
  "Compartilhe o QR Code em materiais impressos e acompanhe os cliques nas estatísticas.",
];

export function matchesSearch(page: LinkPage, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [page.title, page.slug, page.description ?? ""].some((field) => field.toLowerCase().includes(term));
}

/** The /link-pages screen: search, counter, cards, tips and the empty state. */
export function LinkPagesList() {
  const pages = useQuery(linkPagesQuery);
  const domains = useAvailableDomains();
  const { remove, deletePage } = useConfirmedLinkPageDelete({
    confirm: LINK_PAGE_MESSAGES.confirmDeleteLinkBio,
    failed: LINK_PAGE_MESSAGES.deleteLinkBioFailed,
  });
  const [search, setSearch] = useState("");
  const all = pages.data ?? [];
  const visible = useMemo(() => all.filter((page) => matchesSearch(page, search)), [all, search]);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Link Bio</h1>
          <p className="text-sm text-gray-600">Crie páginas com todos os seus links em um só lugar.</p>
        </div>
        <Link
          to="/link-pages/new/edit"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Nova Link Bio
        </Link>
      </div>

      {pages.isPending ? (
        <Spinner />
      ) : pages.isError ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-700">
          {errorMessage(pages.error, LINK_PAGE_MESSAGES.loadFailed)}
          <button type="button" onClick={() => void pages.refetch()} className="ml-2 font-medium underline">
            Tentar novamente
          </button>
        </div>
      ) : all.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <label className="relative block w-full sm:max-w-sm">
              <span className="sr-only">Buscar Link Bios</span>
              <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" />
              <input
                type="search"
                name="q"
                aria-label="Buscar Link Bio"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Buscar por título, slug ou descrição..."
                maxLength={100}
                className="w-full rounded-lg border border-gray-300 bg-white py-2 pl-9 pr-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
              />
            </label>
            <p className="text-sm text-gray-600" aria-live="polite">
              {visible.length} de {all.length} Link Bios
            </p>
          </div>
          {visible.length === 0 ? (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-sm text-gray-600">
              Nenhuma Link Bio encontrada para "{search.trim()}".
            </p>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {visible.map((page) => (
                <LinkPageCard
                  key={page.id}
                  page={page}
                  publicUrl={publicPageUrl(page.slug, page.custom_domain_id, domains)}
                  onDelete={() => remove(page)}
                  deleting={deletePage.isPending && deletePage.variables === page.id}
                />
              ))}
            </div>
          )}
        </>
      )}

      <section className="rounded-xl border border-brand-100 bg-brand-50 p-5">
        <h2 className="mb-3 flex items-center gap-2 font-semibold text-gray-900">
          <Lightbulb className="h-5 w-5 text-brand-600" aria-hidden />
          Dicas para sua Link Bio
        </h2>
        <ul className="grid gap-2 text-sm text-gray-700 sm:grid-cols-2">
          {TIPS.map((tip) => (
            <li key={tip} className="flex gap-2">
              <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
              {tip}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50">
        <Sparkles className="h-6 w-6 text-brand-600" aria-hidden />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-gray-900">Nenhuma Link Bio ainda</h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-gray-600">
        Crie sua primeira página para reunir todos os seus links em um endereço só.
      </p>
      <Link
        to="/link-pages/new/edit"
        className="mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        <Plus className="h-4 w-4" aria-hidden />
        Criar primeira Link Bio
      </Link>
    </div>
  );
}
