import {
  type AdminTransaction,
  INTERVAL_LABELS,
  type PaymentDetails,
  paymentMethodLabel,
  TRANSACTION_TYPE_LABELS,
} from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { formatDateBR, formatDateTimeBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { CopyButton } from "@web/components/ui/copy-button";
import { Modal } from "@web/components/ui/modal";
import { Undo2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { paymentDetailsQuery } from "../api/admin-billing";
import { useRefundRunning } from "../api/use-refund-payment";
import { RefundForm } from "./refund-form";
import { TransactionStatusBadge } from "./transaction-status-badge";
import { canRefund } from "./transactions-table";

type Props = {
  transaction: AdminTransaction;
  /** "refund": opens straight on the refund confirmation (the row's 'Estornar'). */
  initialStep?: "details" | "refund";
  onClose: () => void;
};

function parseDetails(json: string): PaymentDetails {
  try {
    const value = JSON.parse(json);
    return value && typeof value === "object" ? (value as PaymentDetails) : {};
  } catch {
    return {};
  }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

function PaymentDetailsSection({ details }: { details: PaymentDetails }) {
  const rows: ReactNode[] = [];
  if (details.pix_copy_paste) {
    rows.push(
      <Field key="pix" label="Pix copia e cola">
        <span className="flex items-start gap-2">
          <code className="min-w-0 flex-1 rounded bg-gray-50 p-2 font-mono text-xs break-all">
            {details.pix_copy_paste}
          </code>
          <CopyButton text={details.pix_copy_paste} label="Copiar código Pix" />
        </span>
      </Field>,
    );
  }
  const boletoLine = details.boleto_barcode || details.boleto_number;
  if (boletoLine) {
    rows.push(
      <Field key="boleto" label="Linha digitável do boleto">
        <span className="flex items-start gap-2">
          <code className="min-w-0 flex-1 rounded bg-gray-50 p-2 font-mono text-xs break-all">
            {boletoLine}
          </code>
          <CopyButton text={boletoLine} label="Copiar linha digitável" />
        </span>
      </Field>,
    );
  }
  if (details.boleto_due_date) {
    rows.push(
      <Field key="due" label="Vencimento do boleto">
        {formatDateBR(details.boleto_due_date)}
      </Field>,
    );
  }
  if (details.boleto_url) {
    rows.push(
      <Field key="url" label="Boleto">
        <a
          href={details.boleto_url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-600 hover:underline"
        >
          Abrir boleto
        </a>
      </Field>,
    );
  }
  if (details.refusal_reason) {
    rows.push(
      <Field key="refusal" label="Motivo da recusa">
        <span className="text-red-700">{details.refusal_reason}</span>
      </Field>,
    );
  }
  if (details.processor_response) {
    rows.push(
      <Field key="processor" label="Resposta do processador">
        <code className="font-mono text-xs">{details.processor_response}</code>
      </Field>,
    );
  }
  return (
    <section className="mt-5 border-t border-gray-100 pt-4" aria-labelledby="payment-details-title">
      <h3 id="payment-details-title" className="text-sm font-semibold text-gray-900">
        Detalhes do pagamento
      </h3>
      {rows.length ? (
        <dl className="mt-3 space-y-3">{rows}</dl>
      ) : (
        <p className="mt-2 text-sm text-gray-500">Nenhum detalhe adicional do pagamento.</p>
      )}
    </section>
  );
}

/** One transaction, what the provider told us about its payment, and the refund (spec 2, 5). */
export function TransactionDetailModal({ transaction: t, initialStep = "details", onClose }: Props) {
  const [step, setStep] = useState(canRefund(t) ? initialStep : "details");
  const refundButton = useRef<HTMLButtonElement>(null);
  const backFromRefund = useRef(false);
  // Back from the confirmation, the focus returns to the 'Estornar' that opened it.
  useEffect(() => {
    if (step === "details" && backFromRefund.current) {
      backFromRefund.current = false;
      refundButton.current?.focus();
    }
  }, [step]);
  const paymentId = t.mercadopago_payment_id;
  const details = useQuery({
    ...paymentDetailsQuery(paymentId ?? ""),
    enabled: !!paymentId,
  });
  const paymentDetails = details.data ?? parseDetails(t.payment_details);
  // While the refund runs, the modal stays: its outcome (refund id, or why it failed) must be seen.
  const refunding = useRefundRunning(paymentId);

  return (
    <Modal
      title={`Transação #${t.id}`}
      subtitle={t.user_email}
      onClose={onClose}
      width="max-w-2xl"
      dismissible={!refunding}
    >
      {step === "refund" && paymentId ? (
        <RefundForm
          paymentId={paymentId}
          amountCents={t.amount_cents}
          onCancel={() => {
            backFromRefund.current = true;
            setStep("details");
          }}
          onDone={onClose}
        />
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Cliente">{t.user_name || "—"}</Field>
            <Field label="Email">{t.user_email}</Field>
            <Field label="Plano">
              {t.plan_name} ({INTERVAL_LABELS[t.interval_type] ?? t.interval_type})
            </Field>
            <Field label="Valor">{formatBRL(t.amount_cents)}</Field>
            <Field label="Status">
              <TransactionStatusBadge status={t.status} />
            </Field>
            <Field label="Tipo">{TRANSACTION_TYPE_LABELS[t.transaction_type] ?? t.transaction_type}</Field>
            <Field label="Forma de pagamento">{paymentMethodLabel(t.payment_method)}</Field>
            <Field label="Data">{formatDateTimeBR(t.created_at)}</Field>
            {t.subscription_start && t.subscription_end && (
              <Field label="Período da assinatura">
                {formatDateBR(t.subscription_start)} a {formatDateBR(t.subscription_end)}
              </Field>
            )}
            <Field label="ID Mercado Pago">
              {paymentId ? <code className="font-mono text-xs">{paymentId}</code> : "—"}
            </Field>
            {t.refund_id && (
              <Field label="Estorno">
                {t.refunded_cents != null ? `${formatBRL(t.refunded_cents)} · ` : ""}ID {t.refund_id}
              </Field>
            )}
          </dl>
          <PaymentDetailsSection details={paymentDetails} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Fechar
            </Button>
            {canRefund(t) && (
              <Button ref={refundButton} variant="danger" onClick={() => setStep("refund")}>
                <Undo2 className="h-4 w-4" aria-hidden />
                Estornar
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
