import { type AdminTransaction, BILLING_MESSAGES } from "@common/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { nextSort } from "@web/components/data-table/sort-header";
import { ExportCsvLink } from "@web/components/ui/export-csv-link";
import { ListEmpty } from "@web/components/ui/list-states";
import { useDebouncedSearch } from "@web/components/ui/search-field";
import { SectionHeader } from "@web/components/ui/section-header";
import { Receipt } from "lucide-react";
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
  const { filters: typed, change, field, page, pager } = useListFilters(DEFAULT_TRANSACTION_FILTERS);
  const [selected, setSelected] = useState<Selected | null>(null);
  const filters: Filters = { ...typed, q: useDebouncedSearch(typed.q) };

  const stats = useQuery(adminStatsQuery);
  const list = useQuery(adminTransactionsQuery(filters, page));
  const rows = list.data?.transactions ?? [];

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Dashboard de Assinaturas"
        description="Receita, pagamentos e estornos de todos os clientes."
        actions={<ExportCsvLink href={`${TRANSACTIONS_CSV_PATH}?${transactionsSearch(filters)}`} />}
      />

      <BillingKpiCards stats={stats.data} />

      <PagedList
        labelledBy="transacoes-title"
        toolbar={
          <div className="space-y-4 border-b border-gray-100 p-4 sm:p-5">
            <h3 id="transacoes-title" className="font-semibold text-gray-900">
              Transações {list.data ? `(${list.data.total})` : ""}
            </h3>
            <TransactionFilters field={field} />
          </div>
        }
        query={list}
        rows={rows}
        pager={pager}
        loadingLabel="Carregando transações"
        errorFallback="Erro ao carregar transações"
        empty={<ListEmpty icon={Receipt} text={BILLING_MESSAGES.noTransactions} />}
      >
        <TransactionsTable
          transactions={rows}
          sort={filters}
          // A new column starts with the largest (newest) first; the same column flips its order.
          onSort={(column) => change(nextSort(filters, column))}
          onOpen={(transaction, step = "details") => setSelected({ transaction, step })}
        />
      </PagedList>

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
