import {
  ACCESS_EVENT_LABELS,
  ACCESS_LOG_EVENTS,
  ACCESS_LOG_MESSAGES,
  type AccessLogEntry,
  accessEventLabel,
  formatAccessTime,
} from "@common/contract/access-log";
import { useQuery } from "@tanstack/react-query";
import { ColumnHeader, DataTable } from "@web/components/data-table/data-table";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { ExportCsvLink } from "@web/components/ui/export-csv-link";
import { FilterInput, FilterSelect, optionsOf } from "@web/components/ui/filter-field";
import { ListEmpty } from "@web/components/ui/list-states";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { SectionHeader } from "@web/components/ui/section-header";
import { Fingerprint, Scale, X } from "lucide-react";
import {
  ACCESS_LOG_CSV_PATH,
  type AccessLogFilters,
  accessLogQuery,
  accessLogSearch,
  NO_ACCESS_FILTERS,
} from "../api/access-log";

function AccessRow({ entry, onAccount }: { entry: AccessLogEntry; onAccount: (userId: number) => void }) {
  return (
    <tr className="hover:bg-gray-50">
      {/* On a phone the time goes under the date, and the account is narrower: the table fits 390 px. */}
      <td className="px-3 py-3 text-gray-600 tabular-nums md:px-4 md:whitespace-nowrap">
        <time dateTime={entry.created_at} title={`${entry.created_at} (UTC)`}>
          {formatAccessTime(entry.created_at)}
        </time>
      </td>
      <td className="max-w-[12rem] px-3 py-3 sm:max-w-[16rem] md:px-4">
        <span className="block truncate text-gray-900" title={entry.email}>
          {entry.email}
        </span>
        <button
          type="button"
          onClick={() => onAccount(entry.user_id)}
          aria-label={`Ver só a conta #${entry.user_id}`}
          title="Ver todos os registros desta conta"
          className="text-xs text-brand-700 hover:underline"
        >
          #{entry.user_id}
        </button>
        {/* A phone has no room for the last three columns: the same facts under the account. */}
        <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-gray-600 md:hidden">
          {`${accessEventLabel(entry.event)} · ${entry.ip}${entry.port ? ` (porta ${entry.port})` : ""}`}
        </p>
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-gray-900 md:table-cell">
        {accessEventLabel(entry.event)}
      </td>
      <td
        className="hidden max-w-[14rem] truncate px-4 py-3 font-mono text-xs text-gray-800 md:table-cell"
        title={entry.ip}
      >
        {entry.ip}
      </td>
      <td className="hidden px-4 py-3 text-right font-mono text-xs text-gray-800 tabular-nums md:table-cell">
        {entry.port ?? (
          <span className="text-gray-400" title="Porta não informada pelo proxy">
            —<span className="sr-only">desconhecida</span>
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * 'Registros de acesso': the Marco Civil access log (art. 15), newest first, filtered by e-mail,
 * event, IP, period and account, with the CSV of the filtered lines for a court order.
 */
export function AccessLog() {
  const { filters: typed, change, clear, field, page, pager } = useListFilters(NO_ACCESS_FILTERS);
  const { event, from, to, userId } = typed;
  const email = useDebouncedSearch(typed.email);
  const ip = useDebouncedSearch(typed.ip);

  const periodError = from && to && from > to ? ACCESS_LOG_MESSAGES.periodReversed : "";
  const filters: AccessLogFilters = { email, event, ip, from, to, userId };
  // A reversed period is not sent: the message shows and the last good list stays.
  const list = useQuery({ ...accessLogQuery(filters, page), enabled: !periodError });
  const entries = list.data?.entries ?? [];
  const filtered = accessLogSearch(filters) !== accessLogSearch(NO_ACCESS_FILTERS);

  return (
    <div className="space-y-4">
      <SectionHeader
        title="Registros de acesso"
        count={list.data?.total}
        description="Logins, logouts, trocas de senha e de e-mail, vínculos com o Google e exclusões de conta, com IP, porta e data/hora."
        actions={
          // A reversed period has no CSV: the link is off until the dates are fixed.
          <ExportCsvLink
            href={`${ACCESS_LOG_CSV_PATH}?${accessLogSearch(filters)}`}
            disabled={Boolean(periodError)}
            className="self-start sm:self-auto"
          />
        }
      />

      <p className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <Scale className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          <strong>Marco Civil da Internet (Lei nº 12.965/2014), art. 15:</strong> guardamos estes registros
          por 6 meses, sob sigilo, e depois os apagamos automaticamente. Só os entregue a terceiros por ordem
          judicial (art. 22). Tentativas de login que falham não são registradas.
        </span>
      </p>

      <PagedList
        label="Registros de acesso"
        toolbar={
          <div className="space-y-3 border-b border-gray-100 p-4">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]">
              <SearchField
                label="E-mail"
                {...field("email")}
                placeholder="E-mail da conta (ou parte)"
                className="col-span-2 lg:col-span-1"
              />
              <FilterSelect
                label="Evento"
                {...field("event")}
                all="Todos"
                options={optionsOf(ACCESS_LOG_EVENTS, ACCESS_EVENT_LABELS)}
                className="col-span-2 sm:col-span-1"
              />
              <FilterInput
                label="IP"
                type="search"
                {...field("ip")}
                placeholder="Ex.: 203.0.113.9"
                autoComplete="off"
                spellCheck={false}
                className="col-span-2 sm:col-span-1"
                inputClassName="font-mono"
              />
              <FilterInput label="De" type="date" {...field("from")} max={to || undefined} />
              <FilterInput
                label="Até"
                type="date"
                {...field("to")}
                min={from || undefined}
                aria-invalid={periodError ? true : undefined}
                aria-describedby={periodError ? "registros-periodo-erro" : undefined}
              />
            </div>
            {periodError && (
              <p id="registros-periodo-erro" role="alert" className="text-sm text-red-600">
                {periodError}
              </p>
            )}
            {(userId !== null || filtered) && (
              <div className="flex flex-wrap items-center gap-2">
                {userId !== null && (
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-xs font-medium text-brand-800">
                    <Fingerprint className="h-3.5 w-3.5" aria-hidden />
                    Conta #{userId}
                    <button
                      type="button"
                      onClick={() => change({ userId: null })}
                      aria-label={`Remover o filtro da conta #${userId}`}
                      className="rounded-full p-0.5 hover:bg-brand-100"
                    >
                      <X className="h-3.5 w-3.5" aria-hidden />
                    </button>
                  </span>
                )}
                <button
                  type="button"
                  onClick={clear}
                  className="rounded-lg px-2 py-1 text-xs font-medium text-gray-600 hover:bg-gray-100"
                >
                  Limpar filtros
                </button>
                {(from || to) && (
                  <p className="text-xs text-gray-500">
                    Período em dias de Brasília, as duas datas incluídas.
                  </p>
                )}
              </div>
            )}
          </div>
        }
        query={list}
        pending={list.isPending && !periodError}
        rows={entries}
        pager={pager}
        loadingLabel="Carregando registros de acesso"
        errorFallback="Erro ao carregar os registros de acesso"
        empty={
          <ListEmpty
            icon={Fingerprint}
            text={
              filtered
                ? "Nenhum registro para estes filtros."
                : "Nenhum registro de acesso nos últimos 6 meses."
            }
          />
        }
      >
        <DataTable
          className="md:min-w-[720px]"
          head={
            <>
              <ColumnHeader padding="px-3 md:px-4">
                Data/hora <span className="font-normal normal-case">(Brasília)</span>
              </ColumnHeader>
              <ColumnHeader padding="px-3 md:px-4">Conta</ColumnHeader>
              <ColumnHeader className="hidden md:table-cell">Evento</ColumnHeader>
              <ColumnHeader className="hidden md:table-cell">IP</ColumnHeader>
              <ColumnHeader className="hidden text-right md:table-cell">Porta</ColumnHeader>
            </>
          }
        >
          {entries.map((entry) => (
            <AccessRow key={entry.id} entry={entry} onAccount={(id) => change({ userId: id })} />
          ))}
        </DataTable>
      </PagedList>
    </div>
  );
}
