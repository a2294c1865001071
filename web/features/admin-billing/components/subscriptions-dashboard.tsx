import {
  ADMIN_TRANSACTIONS_PAGE_SIZE,
  type AdminTransaction,
  BILLING_MESSAGES,
} from "@common/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { ListEmpty, ListStates } from "@web/components/ui/list-states";
import { PaginationFooter } from "@web/components/ui/pagination";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { Download, Receipt } from "lucide-react";
import { useState } from "react";
import {
  adminStatsQuery,
  adminTransactionsQuery,
  DEFAULT_TRANSACTION_FILTERS,
  type TransactionFilters as Filters,
  TRANSACTIONS_CSV_PATH,
  transactionsSearch,
} from "../api/admin-billing";
import { BillingKpiCards } from "./billing-kpi-cards";
import { TransactionDetailModal } from "./transaction-detail-modal";
import { TransactionFilters } from "./transaction-filters";
import { TransactionsTable } from "./transactions-table";

type Selected = { transaction: AdminTransaction; step: "details" | "refund" };

/** 'Dashboard de Assinaturas' (spec 2): figures, filters, the sortable paged table, details and refunds. */
export function SubscriptionsDashboard() {
  const [filterState, setFilterState] = useState<Omit<Filters, "q">>(DEFAULT_TRANSACTION_FILTERS);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Selected | null>(null);
  const q = useDebouncedValue(search.trim());
  const filters: Filters = { ...filterState, q };

  const stats = useQuery(adminStatsQuery);
  const list = useQuery(adminTransactionsQuery(filters, page));
  const rows = list.data?.transactions ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.ceil(total / (list.data?.page_size ?? ADMIN_TRANSACTIONS_PAGE_SIZE));

  const change = (next: Partial<Filters>) => {
    setFilterState((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  // A new column starts with the largest (newest) first; the same column flips its order.
  const onSort = (column: Filters["sort"]) =>
    change({
      sort: column,
      order: filterState.sort === column && filterState.order === "desc" ? "asc" : "desc",
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-bold text-gray-900">Dashboard de Assinaturas</h2>
          <p className="mt-1 text-sm text-gray-500">Receita, pagamentos e estornos de todos os clientes.</p>
        </div>
        <a
          href={`${TRANSACTIONS_CSV_PATH}?${transactionsSearch(filters)}`}
          download
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
        >
          <Download className="h-4 w-4" aria-hidden />
          Exportar CSV
        </a>
      </div>

      <BillingKpiCards stats={stats.data} />

      <section
        className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
        aria-labelledby="transacoes-title"
      >
        <div className="space-y-4 border-b border-gray-100 p-4 sm:p-5">
          <h3 id="transacoes-title" className="font-semibold text-gray-900">
            Transações {list.data ? `(${total})` : ""}
          </h3>
          <TransactionFilters filters={filters} search={search} onSearch={onSearch} onChange={change} />
        </div>

        <ListStates
          query={list}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando transações"
          errorFallback="Erro ao carregar transações"
          empty={<ListEmpty icon={Receipt} text={BILLING_MESSAGES.noTransactions} />}
        >
          <div className={list.isPlaceholderData ? "opacity-60" : ""}>
            <TransactionsTable
              transactions={rows}
              sort={filters}
              onSort={onSort}
              onOpen={(transaction, step = "details") => setSelected({ transaction, step })}
            />
          </div>
        </ListStates>

        <PaginationFooter page={page} totalPages={totalPages} onPage={setPage} />
      </section>

      {selected && (
        <TransactionDetailModal
          transaction={selected.transaction}
          initialStep={selected.step}
          onClose={() => setSelected(null)}
        />
      )}
    </div>
  );
}
