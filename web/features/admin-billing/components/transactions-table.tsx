import { type AdminTransaction, paymentMethodLabel, TRANSACTION_TYPE_LABELS } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { formatDateTimeBR } from "@common/time";
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Undo2 } from "lucide-react";
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

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className = "",
}: {
  label: string;
  column: Sort["sort"];
  sort: Sort;
  onSort: Props["onSort"];
  className?: string;
}) {
  const active = sort.sort === column;
  const Icon = !active ? ArrowUpDown : sort.order === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : "none"}
      className={`px-4 py-3 ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={`inline-flex items-center gap-1 font-semibold hover:text-gray-900 ${active ? "text-gray-900" : ""}`}
      >
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </th>
  );
}

/** The page of transactions; on a phone the table scrolls sideways inside its card. */
export function TransactionsTable({ transactions, sort, onSort, onOpen }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[880px] text-left text-sm">
        <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase">
          <tr>
            <SortHeader label="Data" column="created_at" sort={sort} onSort={onSort} />
            <th scope="col" className="px-4 py-3 font-semibold">
              Cliente
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Plano
            </th>
            <SortHeader
              label="Valor"
              column="amount_cents"
              sort={sort}
              onSort={onSort}
              className="text-right"
            />
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Tipo
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Pagamento
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Ações
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
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
        </tbody>
      </table>
    </div>
  );
}
