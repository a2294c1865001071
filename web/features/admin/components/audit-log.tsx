import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
} from "@common/contract/admin";
import { formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { ListEmpty, ListStates } from "@web/components/ui/list-states";
import { PaginationFooter } from "@web/components/ui/pagination";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { ChevronDown, ScrollText, Search } from "lucide-react";
import { Fragment, useState } from "react";
import { type AuditFilters, auditLogQuery } from "../api/audit-log";
import { AuditChange } from "./audit-change";

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm";

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
  const [action, setAction] = useState<AuditFilters["action"]>("");
  const [userSearch, setUserSearch] = useState("");
  const [page, setPage] = useState(1);
  const user = useDebouncedValue(userSearch.trim());
  const list = useQuery(auditLogQuery({ action, user }, page));
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.ceil(total / (list.data?.page_size ?? AUDIT_PAGE_SIZE));
  const filtered = action !== "" || user !== "";

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-bold text-gray-900">Auditoria {list.data ? `(${total})` : ""}</h2>
        <p className="mt-1 text-sm text-gray-500">
          Cada alteração feita por um administrador: quem, o quê, quando, antes e depois.
        </p>
      </div>

      <section
        className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
        aria-label="Log de auditoria"
      >
        <div className="grid gap-3 border-b border-gray-100 p-4 sm:grid-cols-2 lg:max-w-2xl">
          <label className="block min-w-0">
            <span className="mb-1 block text-xs font-medium text-gray-600">Ação</span>
            <select
              name="action"
              value={action}
              onChange={(event) => {
                setAction(event.target.value as AuditFilters["action"]);
                setPage(1);
              }}
              className={inputClass}
            >
              <option value="">Todas</option>
              {AUDIT_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {AUDIT_ACTION_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="block min-w-0">
            <span className="mb-1 block text-xs font-medium text-gray-600">Usuário</span>
            <span className="relative block">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
                aria-hidden
              />
              <input
                type="search"
                name="user"
                value={userSearch}
                onChange={(event) => {
                  setUserSearch(event.target.value);
                  setPage(1);
                }}
                placeholder="Email de quem fez ou do alvo"
                className={`${inputClass} pl-9`}
              />
            </span>
          </label>
        </div>

        <ListStates
          query={list}
          isEmpty={entries.length === 0}
          loadingLabel="Carregando auditoria"
          errorFallback="Erro ao carregar a auditoria"
          empty={
            <ListEmpty
              icon={ScrollText}
              text={filtered ? "Nenhum registro para estes filtros." : "Nenhuma alteração registrada ainda."}
            />
          }
        >
          <div className={`relative overflow-x-auto ${list.isPlaceholderData ? "opacity-60" : ""}`}>
            <table className="w-full text-left text-sm md:min-w-[760px]">
              <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Data/hora
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                    Quem
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                    Ação
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                    Alvo
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    <span className="sr-only">Detalhes</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        </ListStates>

        <PaginationFooter page={page} totalPages={totalPages} onPage={setPage} />
      </section>
    </div>
  );
}
