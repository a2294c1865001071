import {
  ACCESS_EVENT_LABELS,
  ACCESS_LOG_EVENTS,
  ACCESS_LOG_MESSAGES,
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogEntry,
  accessEventLabel,
  formatAccessTime,
} from "@common/contract/access-log";
import { useQuery } from "@tanstack/react-query";
import { ListEmpty, ListStates } from "@web/components/ui/list-states";
import { PaginationFooter } from "@web/components/ui/pagination";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { Download, Fingerprint, Scale, Search, X } from "lucide-react";
import { useState } from "react";
import {
  ACCESS_LOG_CSV_PATH,
  type AccessLogFilters,
  accessLogQuery,
  accessLogSearch,
  NO_ACCESS_FILTERS,
} from "../api/access-log";

const inputClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm";
const labelClass = "mb-1 block text-xs font-medium text-gray-600";
const toolbarButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50";

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
  const [emailInput, setEmailInput] = useState("");
  const [ipInput, setIpInput] = useState("");
  const [event, setEvent] = useState<AccessLogFilters["event"]>("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [userId, setUserId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const email = useDebouncedValue(emailInput.trim());
  const ip = useDebouncedValue(ipInput.trim());

  const periodError = from && to && from > to ? ACCESS_LOG_MESSAGES.periodReversed : "";
  const filters: AccessLogFilters = { email, event, ip, from, to, userId };
  // A reversed period is not sent: the message shows and the last good list stays.
  const list = useQuery({ ...accessLogQuery(filters, page), enabled: !periodError });
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.ceil(total / (list.data?.page_size ?? ACCESS_LOG_PAGE_SIZE));
  const filtered = accessLogSearch(filters) !== accessLogSearch(NO_ACCESS_FILTERS);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const clear = () => {
    setEmailInput("");
    setIpInput("");
    setEvent("");
    setFrom("");
    setTo("");
    setUserId(null);
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-bold text-gray-900">
            Registros de acesso {list.data ? `(${total})` : ""}
          </h2>
          <p className="mt-1 text-sm text-gray-500">
            Logins, logouts, trocas de senha e de e-mail, vínculos com o Google e exclusões de conta, com IP,
            porta e data/hora.
          </p>
        </div>
        {/* A reversed period has no CSV: the link is off until the dates are fixed. */}
        <a
          href={periodError ? undefined : `${ACCESS_LOG_CSV_PATH}?${accessLogSearch(filters)}`}
          download
          aria-disabled={periodError ? true : undefined}
          className={`${toolbarButton} self-start sm:self-auto ${periodError ? "pointer-events-none opacity-50" : ""}`}
        >
          <Download className="h-4 w-4" aria-hidden />
          Exportar CSV
        </a>
      </div>

      <p className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <Scale className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          <strong>Marco Civil da Internet (Lei nº 12.965/2014), art. 15:</strong> guardamos estes registros
          por 6 meses, sob sigilo, e depois os apagamos automaticamente. Só os entregue a terceiros por ordem
          judicial (art. 22). Tentativas de login que falham não são registradas.
        </span>
      </p>

      <section
        className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
        aria-label="Registros de acesso"
      >
        <div className="space-y-3 border-b border-gray-100 p-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <label className="col-span-2 block min-w-0 lg:col-span-1">
              <span className={labelClass}>E-mail</span>
              <span className="relative block">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
                  aria-hidden
                />
                <input
                  type="search"
                  name="email"
                  value={emailInput}
                  onChange={(e) => change(setEmailInput)(e.target.value)}
                  placeholder="E-mail da conta (ou parte)"
                  className={`${inputClass} pl-9`}
                />
              </span>
            </label>
            <label className="col-span-2 block min-w-0 sm:col-span-1">
              <span className={labelClass}>Evento</span>
              <select
                name="event"
                value={event}
                onChange={(e) => change(setEvent)(e.target.value as AccessLogFilters["event"])}
                className={inputClass}
              >
                <option value="">Todos</option>
                {ACCESS_LOG_EVENTS.map((value) => (
                  <option key={value} value={value}>
                    {ACCESS_EVENT_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            <label className="col-span-2 block min-w-0 sm:col-span-1">
              <span className={labelClass}>IP</span>
              <input
                type="search"
                name="ip"
                value={ipInput}
                onChange={(e) => change(setIpInput)(e.target.value)}
                placeholder="Ex.: 203.0.113.9"
                className={`${inputClass} font-mono`}
                autoComplete="off"
                spellCheck={false}
              />
            </label>
            <label className="block min-w-0">
              <span className={labelClass}>De</span>
              <input
                type="date"
                name="from"
                value={from}
                max={to || undefined}
                onChange={(e) => change(setFrom)(e.target.value)}
                className={inputClass}
              />
            </label>
            <label className="block min-w-0">
              <span className={labelClass}>Até</span>
              <input
                type="date"
                name="to"
                value={to}
                min={from || undefined}
                onChange={(e) => change(setTo)(e.target.value)}
                aria-invalid={periodError ? true : undefined}
                aria-describedby={periodError ? "registros-periodo-erro" : undefined}
                className={inputClass}
              />
            </label>
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
                    onClick={() => change(setUserId)(null)}
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
                <p className="text-xs text-gray-500">Período em dias de Brasília, as duas datas incluídas.</p>
              )}
            </div>
          )}
        </div>

        <ListStates
          query={list}
          pending={list.isPending && !periodError}
          isEmpty={entries.length === 0}
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
          <div className={`relative overflow-x-auto ${list.isPlaceholderData ? "opacity-60" : ""}`}>
            <table className="w-full text-left text-sm md:min-w-[720px]">
              <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-3 font-semibold md:px-4">
                    Data/hora <span className="font-normal normal-case">(Brasília)</span>
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold md:px-4">
                    Conta
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                    Evento
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                    IP
                  </th>
                  <th scope="col" className="hidden px-4 py-3 text-right font-semibold md:table-cell">
                    Porta
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {entries.map((entry) => (
                  <AccessRow key={entry.id} entry={entry} onAccount={change(setUserId)} />
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
