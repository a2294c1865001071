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
import { FilterSelect, optionsOf } from "@web/components/ui/filter-field";
import { SearchField } from "@web/components/ui/search-field";
import type { TransactionFilters as Filters } from "../api/admin-billing";

/** The spec's order: the shortest period first, everything last. */
const PERIOD_ORDER: TransactionPeriod[] = ["today", "week", "month", "quarter", "all"];

/** Status, type and payment method: each a choice, or all of them. */
const CHOICES = [
  {
    key: "status",
    label: "Status",
    all: "Todos",
    options: optionsOf(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS),
  },
  {
    key: "type",
    label: "Tipo",
    all: "Todos",
    options: optionsOf(TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS),
  },
  {
    key: "payment_method",
    label: "Forma de pagamento",
    all: "Todas",
    options: optionsOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS),
  },
] as const;

type Field = <K extends keyof Filters & string>(
  key: K,
) => { name: K; value: Filters[K]; onChange: (value: Filters[K]) => void };

/** Search, status, type, payment method and period of the transaction table, each bound by `field`. */
export function TransactionFilters({ field }: { field: Field }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <SearchField
        label="Buscar"
        {...field("q")}
        placeholder="Email, nome, plano ou ID"
        aria-label="Buscar transações"
        className="sm:col-span-2 lg:col-span-1"
      />
      {CHOICES.map(({ key, label, all, options }) => (
        <FilterSelect key={key} label={label} {...field(key)} all={all} options={options} />
      ))}
      <FilterSelect
        label="Período"
        {...field("period")}
        options={optionsOf(PERIOD_ORDER, TRANSACTION_PERIOD_LABELS)}
      />
    </div>
  );
}
