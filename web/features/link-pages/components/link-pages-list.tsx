import { LINK_PAGE_MESSAGES, type LinkPage } from "@common/contract/link-pages";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { ListError } from "@web/components/ui/list-states";
import { SearchField } from "@web/components/ui/search-field";
import { Spinner } from "@web/components/ui/spinner";
import { TipsCard } from "@web/components/ui/tips-card";
import { errorMessage } from "@web/lib/api-client";
import { useAvailableDomains } from "@web/lib/available-domains";
import { Plus, Sparkles } from "lucide-react";
import { useMemo, useState } from "react";
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
  const { remove, deleting } = useConfirmedLinkPageDelete({
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
        <ButtonLink to={paths.newLinkPage}>
          <Plus className="h-4 w-4" aria-hidden />
          Nova Link Bio
        </ButtonLink>
      </div>

      {pages.isPending ? (
        <Spinner />
      ) : pages.isError ? (
        <ListError
          boxed
          message={errorMessage(pages.error, LINK_PAGE_MESSAGES.loadFailed)}
          onRetry={() => void pages.refetch()}
        />
      ) : all.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          tone="brand"
          title="Nenhuma Link Bio ainda"
          titleAs="h2"
          text="Crie sua primeira página para reunir todos os seus links em um endereço só."
          action={
            <ButtonLink to={paths.newLinkPage}>
              <Plus className="h-4 w-4" aria-hidden />
              Criar primeira Link Bio
            </ButtonLink>
          }
          className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12"
        />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchField
              label="Buscar Link Bio"
              hideLabel
              name="q"
              value={search}
              onChange={setSearch}
              placeholder="Buscar por título, slug ou descrição..."
              maxLength={100}
              className="w-full sm:max-w-sm"
            />
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
                  deleting={deleting(page)}
                />
              ))}
            </div>
          )}
        </>
      )}

      <TipsCard title="Dicas para sua Link Bio" tips={TIPS} />
    </div>
  );
}
