import {
  INTERVAL_LABELS,
  type PaymentHistoryItem,
  paymentMethodLabel,
  TRANSACTION_TYPE_LABELS,
} from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { formatDateBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { CopyButton } from "@web/components/ui/copy-button";
import { EmptyState } from "@web/components/ui/empty-state";
import { ListError, RowsLoading } from "@web/components/ui/list-states";
import { errorMessage } from "@web/lib/api-client";
import { Barcode, Clock, ExternalLink, QrCode, Receipt } from "lucide-react";
import { paymentHistoryQuery } from "../api/billing";
import { TransactionStatusBadge } from "./status-badges";

/** The table's columns and their padding (the first and last touch the card's edges). */
const COLUMNS = [
  ["Data", "px-6"],
  ["Plano", "px-3"],
  ["Tipo", "px-3"],
  ["Forma de pagamento", "px-3"],
  ["Valor", "px-3 text-right"],
  ["Status", "px-6"],
] as const;

/** A pending payment the user can still complete: Pix or boleto data came with it. */
function awaitsPayer(item: PaymentHistoryItem): boolean {
  const d = item.payment_details ?? {};
  return item.status === "pending" && Boolean(d.pix_copy_paste || d.pix_qr_code || d.boleto_number);
}

/** 'Histórico de pagamentos': a table on wide screens, stacked cards on phones. */
export function PaymentHistory() {
  const history = useQuery(paymentHistoryQuery);
  const items = history.data ?? [];
  const waiting = items.filter(awaitsPayer);

  return (
    <section aria-labelledby="history-title" className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="border-b border-gray-100 px-5 py-4 sm:px-6">
        <h2 id="history-title" className="text-base font-semibold text-gray-900">
          Histórico de pagamentos
        </h2>
      </div>

      {history.isPending ? (
        <RowsLoading label="Carregando pagamentos" rowClassName="px-5 py-4 sm:px-6" />
      ) : history.isError ? (
        <ListError
          message={errorMessage(history.error, "Não foi possível carregar seus pagamentos.")}
          onRetry={() => void history.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="Nenhum pagamento ainda."
          text="Quando você assinar um plano, seus pagamentos aparecem aqui."
        />
      ) : (
        <>
          {waiting.length > 0 && (
            <div className="space-y-4 border-b border-gray-100 p-5 sm:p-6">
              {waiting.map((item) => (
                <PendingPayment key={item.id} item={item} />
              ))}
            </div>
          )}

          <table className="hidden w-full text-left text-sm md:table">
            <thead className="bg-gray-50 text-xs font-medium tracking-wide text-gray-500 uppercase">
              <tr>
                {COLUMNS.map(([label, padding]) => (
                  <th key={label} scope="col" className={`${padding} py-3 font-medium`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {items.map((item) => (
                <tr key={item.id} className="hover:bg-gray-50/60">
                  <td className="px-6 py-4 whitespace-nowrap text-gray-700 tabular-nums">
                    {formatDateBR(item.created_at)}
                  </td>
                  <td className="px-3 py-4">
                    <p className="font-medium text-gray-900">{item.plan_name}</p>
                    <p className="text-xs text-gray-500">{INTERVAL_LABELS[item.interval_type]}</p>
                  </td>
                  <td className="px-3 py-4 text-gray-700">
                    {TRANSACTION_TYPE_LABELS[item.transaction_type]}
                  </td>
                  <td className="px-3 py-4 text-gray-700">{paymentMethodLabel(item.payment_method)}</td>
                  <td className="px-3 py-4 text-right">
                    <Amount item={item} />
                  </td>
                  <td className="px-6 py-4">
                    <TransactionStatusBadge status={item.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="divide-y divide-gray-100 md:hidden">
            {items.map((item) => (
              <li key={item.id} className="px-5 py-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">
                      {item.plan_name}{" "}
                      <span className="font-normal text-gray-500">
                        · {INTERVAL_LABELS[item.interval_type]}
                      </span>
                    </p>
                    <p className="mt-0.5 text-xs text-gray-500">
                      {formatDateBR(item.created_at)} · {TRANSACTION_TYPE_LABELS[item.transaction_type]}
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <Amount item={item} />
                  </div>
                </div>
                <div className="mt-2 flex items-center justify-between gap-3">
                  <span className="text-xs text-gray-500">{paymentMethodLabel(item.payment_method)}</span>
                  <TransactionStatusBadge status={item.status} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Amount({ item }: { item: PaymentHistoryItem }) {
  return (
    <>
      <p className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
        {formatBRL(item.amount_cents)}
      </p>
      {item.credit_cents > 0 && (
        <p className="text-xs whitespace-nowrap text-green-700">crédito de {formatBRL(item.credit_cents)}</p>
      )}
    </>
  );
}

/** How to finish a pending Pix or boleto: the copy-paste code and QR, or the digitable line. */
function PendingPayment({ item }: { item: PaymentHistoryItem }) {
  const d = item.payment_details;
  return (
    <div className="rounded-xl border border-blue-200 bg-blue-50/60 p-4 sm:p-5">
      <p className="flex items-start gap-2 text-sm font-semibold text-gray-900">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-blue-600" aria-hidden />
        <span>
          Pagamento pendente: {item.plan_name} ({INTERVAL_LABELS[item.interval_type]}),{" "}
          {formatBRL(item.amount_cents)}
        </span>
      </p>

      {(d.pix_copy_paste || d.pix_qr_code) && (
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          {d.pix_qr_code && (
            <img
              src={d.pix_qr_code}
              alt="QR Code Pix"
              className="h-44 w-44 shrink-0 self-center rounded-lg border border-gray-200 bg-white p-2 sm:self-start"
            />
          )}
          {d.pix_copy_paste && (
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1.5 text-sm font-medium text-gray-900">
                <QrCode className="h-4 w-4 text-gray-500" aria-hidden />
                Pix copia e cola
              </p>
              <p className="mt-0.5 text-xs text-gray-600">
                No app do seu banco, escolha pagar com Pix copia e cola e cole o código abaixo (ou leia o QR
                Code).
              </p>
              <CopyableCode code={d.pix_copy_paste} copyLabel="Copiar código" />
            </div>
          )}
        </div>
      )}

      {d.boleto_number && (
        <div className="mt-4">
          <p className="flex items-center gap-1.5 text-sm font-medium text-gray-900">
            <Barcode className="h-4 w-4 text-gray-500" aria-hidden />
            Linha digitável do boleto
          </p>
          {d.boleto_due_date && (
            <p className="mt-0.5 text-xs text-gray-600">Vencimento: {formatDateBR(d.boleto_due_date)}</p>
          )}
          <CopyableCode code={d.boleto_number} copyLabel="Copiar linha" />
          {d.boleto_url && /^https?:\/\//.test(d.boleto_url) && (
            <a
              href={d.boleto_url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
            >
              <ExternalLink className="h-4 w-4" aria-hidden />
              Abrir boleto
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/** A code to copy into the bank's app (Pix copia e cola, a boleto's line), beside its copy button. */
function CopyableCode({ code, copyLabel }: { code: string; copyLabel: string }) {
  return (
    <div className="mt-2 flex flex-col gap-2 sm:flex-row">
      <code className="block min-w-0 flex-1 rounded-lg border border-gray-200 bg-white px-3 py-2 font-mono text-xs break-all text-gray-800">
        {code}
      </code>
      <CopyButton
        text={code}
        variant="outline"
        label={copyLabel}
        className="inline-flex shrink-0 items-center justify-center gap-1.5 self-start rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
      />
    </div>
  );
}
