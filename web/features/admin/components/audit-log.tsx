import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from "@common/contract/admin";
import { formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { ColumnHeader, DataTable } from "@web/components/data-table/data-table";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { FilterSelect, optionsOf } from "@web/components/ui/filter-field";
import { ListEmpty } from "@web/components/ui/list-states";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { SectionHeader } from "@web/components/ui/section-header";
import { ChevronDown, ScrollText } from "lucide-react";
import { Fragment, useState } from "react";
import { type AuditFilters, auditLogQuery } from "../api/audit-log";
import { AuditChange } from "./audit-change";

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
export const auditTarget = (entry: AuditEntry) =>
  entry.target_label || `${entry.target_type}${entry.target_id ? ` #${entry.target_id}` : ""}`;

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = `auditoria-${entry.id}`;
  return (
    <Fragment>
      <tr className={open ? "bg-gray-50" : "hover:bg-gray-50"}>
        <td className="px-4 py-3 text-gray-600 md:whitespace-nowrap">
          <span>{formatDateTimeBR(entry.created_at)}</span>
          {/* A phone has no room for who, what and on what: the same facts under the date. */}
          <p className="mt-0.5 text-xs break-words text-gray-900 md:hidden">
            {`${actionLabel(entry.action)}: ${auditTarget(entry)} · por ${entry.actor_email}`}
          </p>
        </td>
        <td className="hidden max-w-[14rem] truncate px-4 py-3 text-gray-900 md:table-cell">
          {entry.actor_email}
        </td>
        <td className="hidden px-4 py-3 whitespace-nowrap text-gray-900 md:table-cell">
          {actionLabel(entry.action)}
        </td>
        <td className="hidden max-w-[16rem] truncate px-4 py-3 text-gray-700 md:table-cell">
          {auditTarget(entry)}
        </td>
        <td className="px-4 py-3 text-right align-top md:align-middle">
          <button
            type="button"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={detailsId}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50"
          >
            Ver
            <ChevronDown
              className={`h-3.5 w-3.5 transition-transform ${open ? "rotate-180" : ""}`}
              aria-hidden
            />
          </button>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="bg-gray-50">
          <td colSpan={5} className="px-4 pb-4">
            {/* Should the table ever scroll sideways, the change stays in view and scrolls on its own. */}
            <div className="sticky left-4 w-[min(100%,calc(100vw-4.25rem))]">
              <AuditChange entry={entry} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** 'Auditoria': who changed what and when, newest first, filtered by action and by user. */
export function AuditLog() {
  const { filters, field, page, pager } = useListFilters<{ action: AuditFilters["action"]; user: string }>({
    action: "",
    user: "",
  });
  const user = useDebouncedSearch(filters.user);
  const { action } = filters;
  const list = useQuery(auditLogQuery({ action, user }, page));
  const entries = list.data?.entries ?? [];
  const filtered = action !== "" || user !== "";

  return (
    <div className="space-y-4">
      <SectionHeader
        title="Auditoria"
        count={list.data?.total}
        description="Cada alteração feita por um administrador: quem, o quê, quando, antes e depois."
      />

      <PagedList
        label="Log de auditoria"
        toolbar={
          <div className="grid gap-3 border-b border-gray-100 p-4 sm:grid-cols-2 lg:max-w-2xl">
            <FilterSelect
              label="Ação"
              {...field("action")}
              all="Todas"
              options={optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
            />
            <SearchField label="Usuário" {...field("user")} placeholder="Email de quem fez ou do alvo" />
          </div>
        }
        query={list}
        rows={entries}
        pager={pager}
        loadingLabel="Carregando auditoria"
        errorFallback="Erro ao carregar a auditoria"
        empty={
          <ListEmpty
            icon={ScrollText}
            text={filtered ? "Nenhum registro para estes filtros." : "Nenhuma alteração registrada ainda."}
          />
        }
      >
        <DataTable
          className="md:min-w-[760px]"
          head={
            <>
              <ColumnHeader>Data/hora</ColumnHeader>
              <ColumnHeader className="hidden md:table-cell">Quem</ColumnHeader>
              <ColumnHeader className="hidden md:table-cell">Ação</ColumnHeader>
              <ColumnHeader className="hidden md:table-cell">Alvo</ColumnHeader>
              <ColumnHeader className="text-right">
                <span className="sr-only">Detalhes</span>
              </ColumnHeader>
            </>
          }
        >
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </DataTable>
      </PagedList>
    </div>
  );
}
