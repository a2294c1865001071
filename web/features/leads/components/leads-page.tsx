import { LEAD_MESSAGES, type Lead } from "@common/contract/leads";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { ColumnHeader, DataTable } from "@web/components/data-table/data-table";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { Button, ButtonLink } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { ExportCsvLink } from "@web/components/ui/export-csv-link";
import { FilterInput, FilterSelect } from "@web/components/ui/filter-field";
import { Notice } from "@web/components/ui/notice";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { usageLimitsQuery } from "@web/lib/plans";
import { plural } from "@web/lib/plural";
import { Inbox, SearchX, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  type LeadFilters,
  leadSearch,
  leadsCsvPath,
  leadsQuery,
  useDeleteAllLeads,
  useDeleteLead,
} from "../api/leads";
import { LeadConsentModal } from "./lead-consent-modal";
import { LEAD_PERIODS, type LeadPeriod, PERIOD_REVERSED, periodDays } from "./lead-period";
import { LeadRow, leadName } from "./lead-row";

/** The user's Link Bio pages, for the page filter and each contact's page (the app reads them). */
export type LeadPageOption = { id: number; title: string };

/** Past the plan's contacts this month, when the limit's number is not known. */
export const OVER_LIMIT_UNKNOWN =
  "Você recebeu mais contatos do que o seu plano permite neste mês. Eles estão guardados e aparecem quando você mudar de plano ou no próximo mês.";

const INITIAL = { q: "", linkPageId: "", period: "all" as LeadPeriod, from: "", to: "" };

/**
 * 'Contatos': what visitors sent through the contact forms of the user's pages, newest first,
 * searched and filtered on the server, 20 a page, with the proof of consent of each, the CSV of
 * what the filters match, and delete (one, or all of them).
 */
export function LeadsPage({ pages }: { pages: LeadPageOption[] | undefined }) {
  const { filters: typed, clear, field, page, pager } = useListFilters(INITIAL);
  const q = useDebouncedSearch(typed.q);
  const days = periodDays(typed.period, typed);
  const periodError = days.from && days.to && days.from > days.to ? PERIOD_REVERSED : "";
  const filters: LeadFilters = { q, linkPageId: typed.linkPageId, ...days };
  const filtered = leadSearch(filters) !== "";
  // A reversed period is not sent: the message shows and the last good list stays.
  const list = useQuery({ ...leadsQuery(filters, page), enabled: !periodError });
  const leads = list.data?.items ?? [];
  const hidden = list.data?.hidden ?? 0;
  const [consentOf, setConsentOf] = useState<Lead | null>(null);
  // The plan's contacts per month, read only when some are kept past it (the notice names it).
  const usage = useQuery({ ...usageLimitsQuery, enabled: hidden > 0 });
  const planLimit = usage.data?.leads_this_month?.limit;

  const confirmed = useConfirmedAction();
  const deleteLead = useDeleteLead();
  const deleteAll = useDeleteAllLeads();
  const titles = new Map(pages?.map((p) => [p.id, p.title]));
  const pageTitleOf = (lead: Lead) =>
    lead.link_page_id === null ? null : (titles.get(lead.link_page_id) ?? `Página #${lead.link_page_id}`);

  const onDelete = (lead: Lead) => {
    const who = leadName(lead);
    void confirmed({
      title: `Excluir “${who}”?`,
      body: LEAD_MESSAGES.confirmDelete(who),
      confirmLabel: "Excluir contato",
      danger: true,
      action: () => deleteLead.mutateAsync(lead.id),
      errorFallback: LEAD_MESSAGES.deleteFailed,
      success: LEAD_MESSAGES.deleted,
    });
  };

  // Every contact of the account: offered with no filter on, where the list's count is all of them
  // (and those kept past the plan's limit, which go too).
  const everyone = filtered || !list.data ? 0 : list.data.total + hidden;
  const onDeleteAll = () =>
    void confirmed({
      title: "Excluir todos os contatos?",
      body: LEAD_MESSAGES.confirmDeleteAll(everyone),
      confirmLabel: everyone === 1 ? "Excluir contato" : "Excluir todos",
      danger: true,
      action: () => deleteAll.mutateAsync(),
      errorFallback: LEAD_MESSAGES.deleteFailed,
      success: LEAD_MESSAGES.allDeleted,
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Contatos"
        description="Quem deixou nome, e-mail ou WhatsApp no formulário das suas páginas Link Bio."
        actions={
          <>
            <ExportCsvLink
              href={leadsCsvPath(filters)}
              disabled={Boolean(periodError)}
              className="flex-1 sm:flex-none"
            />
            {everyone > 0 && (
              <Button variant="secondary" onClick={onDeleteAll} className="flex-1 text-red-700 sm:flex-none">
                <Trash2 className="h-4 w-4" aria-hidden />
                Excluir todos
              </Button>
            )}
          </>
        }
      />

      {hidden > 0 && (
        <Notice tone="warning">
          {typeof planLimit === "number" ? LEAD_MESSAGES.overLimit(planLimit) : OVER_LIMIT_UNKNOWN}{" "}
          <Link to={paths.pricing} className="font-semibold underline">
            Ver planos
          </Link>
        </Notice>
      )}

      <PagedList
        label="Contatos recebidos"
        toolbar={
          <div className="space-y-3 border-b border-gray-100 p-4">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <SearchField label="Buscar" {...field("q")} placeholder="Nome, e-mail ou WhatsApp" />
              <FilterSelect
                label="Página"
                {...field("linkPageId")}
                all="Todas as páginas"
                options={(pages ?? []).map((p): [string, string] => [String(p.id), p.title])}
              />
            </div>
            <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
              <SegmentedControl label="Período" options={LEAD_PERIODS} {...field("period")} />
              {typed.period === "custom" && (
                <div className="grid grid-cols-2 gap-3 lg:w-80">
                  <FilterInput label="De" type="date" {...field("from")} max={typed.to || undefined} />
                  <FilterInput
                    label="Até"
                    type="date"
                    {...field("to")}
                    min={typed.from || undefined}
                    aria-invalid={periodError ? true : undefined}
                    aria-describedby={periodError ? "contatos-periodo-erro" : undefined}
                  />
                </div>
              )}
            </div>
            {periodError && (
              <p id="contatos-periodo-erro" role="alert" className="text-sm text-red-600">
                {periodError}
              </p>
            )}
            <div className="flex min-h-7 flex-wrap items-center gap-2 text-sm text-gray-600">
              {list.data && (list.data.total > 0 || filtered) && (
                <p aria-live="polite">
                  {plural(list.data.total, "contato", "contatos")}
                  {filtered ? " com estes filtros" : ""}
                </p>
              )}
              {filtered && (
                <button
                  type="button"
                  onClick={clear}
                  className="rounded-lg px-2 py-1 text-xs font-medium text-gray-600 hover:bg-gray-100"
                >
                  Limpar filtros
                </button>
              )}
            </div>
          </div>
        }
        query={list}
        pending={list.isPending && !periodError}
        rows={leads}
        pager={pager}
        loadingLabel="Carregando contatos"
        errorFallback={LEAD_MESSAGES.loadFailed}
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title="Nenhum contato encontrado"
              text="Tente outra busca, outra página ou outro período."
            />
          ) : (
            <EmptyState
              icon={Inbox}
              tone="brand"
              title={hidden > 0 ? "Nenhum contato para mostrar" : "Nenhum contato ainda"}
              text="Adicione um bloco Formulário de contato a uma página Link Bio: quem preencher o formulário aparece aqui, com o registro do consentimento."
              action={<ButtonLink to={paths.linkPages}>Ir para Link Bio</ButtonLink>}
            />
          )
        }
      >
        <DataTable
          stackOnPhone
          head={
            <>
              {["Contato", "Página", "Recebido em"].map((label) => (
                <ColumnHeader key={label}>{label}</ColumnHeader>
              ))}
              <ColumnHeader className="text-right">
                <span className="sr-only">Ações</span>
              </ColumnHeader>
            </>
          }
        >
          {leads.map((lead) => (
            <LeadRow
              key={lead.id}
              lead={lead}
              pageTitle={pageTitleOf(lead)}
              onConsent={() => setConsentOf(lead)}
              onDelete={() => onDelete(lead)}
            />
          ))}
        </DataTable>
      </PagedList>
      {consentOf && <LeadConsentModal lead={consentOf} onClose={() => setConsentOf(null)} />}
    </div>
  );
}
