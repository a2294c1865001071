import { type AdminTransaction, paymentMethodLabel, TRANSACTION_TYPE_LABELS } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { formatDateTimeBR } from "@common/time";
import { ColumnHeader, DataTable } from "@web/components/data-table/data-table";
import { SortHeader } from "@web/components/data-table/sort-header";
import { Eye, Undo2 } from "lucide-react";
import type { TransactionFilters } from "../api/admin-billing";
import { TransactionStatusBadge } from "./transaction-status-badge";

export const canRefund = (t: Pick<AdminTransaction, "status" | "mercadopago_payment_id">) =>
  t.status === "approved" && !!t.mercadopago_payment_id;

type Sort = Pick<TransactionFilters, "sort" | "order">;

type Props = {
  transactions: AdminTransaction[];
  sort: Sort;
  onSort: (column: Sort["sort"]) => void;
  onOpen: (transaction: AdminTransaction, step?: "details" | "refund") => void;
};

/** The page of transactions; on a phone the table scrolls sideways inside its card. */
export function TransactionsTable({ transactions, sort, onSort, onOpen }: Props) {
  return (
    <DataTable
      className="min-w-[880px]"
      head={
        <>
          <SortHeader columns={[{ label: "Data", column: "created_at" }]} state={sort} onSort={onSort} />
          <ColumnHeader>Cliente</ColumnHeader>
          <ColumnHeader>Plano</ColumnHeader>
          <SortHeader
            columns={[{ label: "Valor", column: "amount_cents" }]}
            state={sort}
            onSort={onSort}
            className="text-right"
          />
          <ColumnHeader>Status</ColumnHeader>
          <ColumnHeader>Tipo</ColumnHeader>
          <ColumnHeader>Pagamento</ColumnHeader>
          <ColumnHeader className="text-right">Ações</ColumnHeader>
        </>
      }
    >
      {transactions.map((t) => (
        <tr key={t.id} onClick={() => onOpen(t)} className="cursor-pointer hover:bg-gray-50">
          <td className="px-4 py-3 whitespace-nowrap text-gray-600">{formatDateTimeBR(t.created_at)}</td>
          <td className="max-w-[14rem] px-4 py-3">
            <p className="truncate font-medium text-gray-900">{t.user_name || "—"}</p>
            <p className="truncate text-xs text-gray-500">{t.user_email}</p>
          </td>
          <td className="px-4 py-3 text-gray-700">{t.plan_name}</td>
          <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-gray-900">
            {formatBRL(t.amount_cents)}
          </td>
          <td className="px-4 py-3">
            <TransactionStatusBadge status={t.status} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-gray-700">
            {TRANSACTION_TYPE_LABELS[t.transaction_type] ?? t.transaction_type}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-gray-700">
            {paymentMethodLabel(t.payment_method)}
          </td>
          <td className="px-4 py-3">
            <div className="flex justify-end gap-1">
              <button
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(t);
                }}
                className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs font-medium text-gray-700 hover:bg-gray-100"
              >
                <Eye className="h-3.5 w-3.5" aria-hidden />
                Detalhes
              </button>
              {canRefund(t) && (
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(t, "refund");
                  }}
                  className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs font-medium text-red-600 hover:bg-red-50"
                >
                  <Undo2 className="h-3.5 w-3.5" aria-hidden />
                  Estornar
                </button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
