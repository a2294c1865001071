import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  TRANSACTION_PERIOD_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  type TransactionPeriod,
} from "@common/contract/billing";
import { Search } from "lucide-react";
import type { TransactionFilters as Filters } from "../api/admin-billing";

/** The spec's order: the shortest period first, everything last. */
const PERIOD_ORDER: TransactionPeriod[] = ["today", "week", "month", "quarter", "all"];

type Props = {
  filters: Filters;
  search: string;
  onSearch: (text: string) => void;
  onChange: (change: Partial<Filters>) => void;
};

const selectClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none";

function Select({
  label,
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <label className="block min-w-0">
      <span className="mb-1 block text-xs font-medium text-gray-600">{label}</span>
      <select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Search, status, type, payment method and period of the transaction table. */
export function TransactionFilters({ filters, search, onSearch, onChange }: Props) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <label className="block min-w-0 sm:col-span-2 lg:col-span-1">
        <span className="mb-1 block text-xs font-medium text-gray-600">Buscar</span>
        <span className="relative block">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
            aria-hidden
          />
          <input
            type="search"
            name="q"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Email, nome, plano ou ID"
            aria-label="Buscar transações"
            className={`${selectClass} pl-9`}
          />
        </span>
      </label>
      <Select
        label="Status"
        name="status"
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={[
          ["", "Todos"],
          ...TRANSACTION_STATUSES.map((s): [string, string] => [s, TRANSACTION_STATUS_LABELS[s]]),
        ]}
      />
      <Select
        label="Tipo"
        name="type"
        value={filters.type}
        onChange={(type) => onChange({ type })}
        options={[
          ["", "Todos"],
          ...TRANSACTION_TYPES.map((s): [string, string] => [s, TRANSACTION_TYPE_LABELS[s]]),
        ]}
      />
      <Select
        label="Forma de pagamento"
        name="payment_method"
        value={filters.payment_method}
        onChange={(payment_method) => onChange({ payment_method })}
        options={[
          ["", "Todas"],
          ...PAYMENT_METHODS.map((s): [string, string] => [s, PAYMENT_METHOD_LABELS[s]]),
        ]}
      />
      <Select
        label="Período"
        name="period"
        value={filters.period}
        onChange={(period) => onChange({ period: period as TransactionPeriod })}
        options={PERIOD_ORDER.map((p): [string, string] => [p, TRANSACTION_PERIOD_LABELS[p]])}
      />
    </div>
  );
}
