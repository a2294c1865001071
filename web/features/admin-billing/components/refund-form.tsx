import {
  BILLING_MESSAGES,
  PERIOD_PAYMENT_ROLE_LABELS,
  type PeriodRefundResponse,
  REFUND_MESSAGES,
  type RefundPreview,
  type RefundPreviewPayment,
  type RefundResponse,
  type RefundScope,
  refundOptionText,
} from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { formatDateBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { AlertTriangle, CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { refundPreviewQuery } from "../api/admin-billing";
import { useRefundPayment } from "../api/use-refund-payment";

type Props = {
  paymentId: string;
  amountCents: number;
  onCancel: () => void;
  onDone: () => void;
};

const REFUND_PREFIX = `${BILLING_MESSAGES.refundFailed}: `;
const SCOPES: RefundScope[] = ["payment", "period"];

/**
 * Spec 8: 'Erro ao processar estorno: ' and the server's reason, else 'Erro desconhecido'; a failed
 * connection has its own text. The prefix is written once, even if a reason already carries it.
 */
export function refundErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return BILLING_MESSAGES.refundConnection;
  const body = error instanceof ApiError ? error.body?.error : undefined;
  const reason = typeof body === "string" ? body.trim() : "";
  const bare = reason.startsWith(REFUND_PREFIX) ? reason.slice(REFUND_PREFIX.length).trim() : reason;
  return `${REFUND_PREFIX}${bare || BILLING_MESSAGES.refundUnknown}`;
}

const AMOUNT = /(R\$ [\d.]+,\d{2})/;

/** Money stays on one line: "R$ 39,80" never breaks after "R$" (formatBRL writes a plain space). */
function keepAmountsWhole(text: string): ReactNode[] {
  let offset = 0;
  return text.split(AMOUNT).map((part) => {
    const at = offset;
    offset += part.length;
    return AMOUNT.test(part) ? (
      <span key={at} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    );
  });
}

/** Why it is in the period, what it bought and when it was approved; each fact kept on one line. */
function paymentFacts(payment: RefundPreviewPayment): ReactNode[] {
  const facts = [
    payment.role ? PERIOD_PAYMENT_ROLE_LABELS[payment.role] : null,
    payment.period_start && payment.period_end
      ? `período ${formatDateBR(payment.period_start)} a ${formatDateBR(payment.period_end)}`
      : null,
    payment.approved_at ? `aprovado em ${formatDateBR(payment.approved_at)}` : null,
  ].filter((fact): fact is string => !!fact);
  return facts.map((fact, index) => (
    <span key={fact}>
      {index > 0 && " · "}
      <span className="whitespace-nowrap">{fact}</span>
    </span>
  ));
}

/** The approved payments of the customer's period, the one being refunded marked, and their total. */
function PeriodPayments({ preview }: { preview: RefundPreview }) {
  const titleId = useId();
  const total = preview.period_payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
  return (
    <section aria-labelledby={titleId} className="mt-4">
      <h3 id={titleId} className="text-sm font-semibold text-gray-900">
        Pagamentos deste período
        {preview.subscription ? ` (assinatura ${preview.subscription.plan_name})` : ""}
      </h3>
      <ul className="mt-2 divide-y divide-gray-100 rounded-lg border border-gray-200">
        {preview.period_payments.map((payment) => {
          const current = payment.id === preview.payment.id;
          return (
            <li key={payment.id} className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {payment.plan_name} · {payment.type_label}
                  {current && (
                    <span className="ml-2 inline-block rounded-full bg-red-100 px-2 py-0.5 align-middle text-xs font-medium text-red-700">
                      Este pagamento
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-xs text-gray-500">{paymentFacts(payment)}</p>
              </div>
              <span className="shrink-0 font-medium text-gray-900 tabular-nums">
                {formatBRL(payment.amount_cents)}
              </span>
            </li>
          );
        })}
        <li className="flex justify-between gap-3 bg-gray-50 px-3 py-2.5 text-sm font-semibold text-gray-900">
          <span>Total do período</span>
          <span className="tabular-nums">{formatBRL(total)}</span>
        </li>
      </ul>
    </section>
  );
}

function RefundDone({
  result,
  onDone,
}: {
  result: RefundResponse | PeriodRefundResponse;
  onDone: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  // The confirm button is gone: the focus goes to the way out rather than to the page.
  useEffect(() => close.current?.focus(), []);
  return (
    <div role="status" className="rounded-xl bg-green-50 p-4 text-sm text-green-800 ring-1 ring-green-600/20">
      <p className="flex items-center gap-2 font-semibold">
        <CircleCheck className="h-5 w-5" aria-hidden />
        Estorno realizado com sucesso!
      </p>
      <p className="mt-2">Valor estornado: {formatBRL(result.amount_refunded)}</p>
      {"refunds" in result && result.refunds.length > 1 ? (
        <ul className="mt-2 space-y-1">
          {result.refunds.map((refund) => (
            <li key={refund.id} className="break-words">
              {refund.plan_name} · {formatBRL(refund.amount_cents)} · ID do estorno: {refund.refund_id}
            </li>
          ))}
        </ul>
      ) : (
        <p className="break-words">ID do estorno: {result.refund_id}</p>
      )}
      <div className="mt-4 flex justify-end">
        <Button ref={close} variant="secondary" onClick={onDone}>
          Fechar
        </Button>
      </div>
    </div>
  );
}

/**
 * The refund's confirmation (irreversible, spec 5): the payments of the customer's current period,
 * the choice between this payment alone and all of them (each stating what it does to the
 * subscription), an optional reason; then the outcome, or why it failed.
 */
export function RefundForm({ paymentId, amountCents, onCancel, onDone }: Props) {
  const preview = useQuery(refundPreviewQuery(paymentId));
  const refund = useRefundPayment();
  const [scope, setScope] = useState<RefundScope | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<RefundResponse | PeriodRefundResponse | null>(null);
  const reasonId = useId();
  const choiceName = useId();
  const choiceErrorId = useId();
  const title = useRef<HTMLParagraphElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);

  // The confirmation takes the focus (the 'Estornar' that opened it is gone), read from its question.
  useEffect(() => title.current?.focus(), []);

  if (result) return <RefundDone result={result} onDone={onDone} />;

  const data = preview.data;
  // A choice only when the period holds other payments; the admin makes it, nothing is preselected.
  const choosing = !!data && data.period_payments.length > 1;

  async function onConfirm() {
    if (choosing && !scope) {
      setChoiceMissing(true);
      firstChoice.current?.focus();
      return;
    }
    try {
      const chosen = choosing && scope ? scope : "payment";
      const response = await refund.mutateAsync({ paymentId, reason: reason.trim(), scope: chosen });
      setResult(response);
      toast.success(`Estorno de ${formatBRL(response.amount_refunded)} realizado.`);
    } catch {
      // The message is shown below from the mutation's error.
    }
  }

  return (
    <div>
      <div className="flex gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-600/20">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
        <div>
          <p ref={title} tabIndex={-1} className="font-semibold focus:outline-none">
            Estornar {formatBRL(amountCents)}?
          </p>
          <p className="mt-1">{REFUND_MESSAGES.irreversible}</p>
        </div>
      </div>

      {preview.isPending && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-500">
          <SpinnerIcon />
          Verificando o que o estorno afeta…
        </p>
      )}
      {preview.isError && !data && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-600">
          <span>{errorMessage(preview.error, REFUND_MESSAGES.previewFailed)}</span>
          <Button variant="secondary" onClick={() => preview.refetch()}>
            Tentar de novo
          </Button>
        </div>
      )}
      {data && choosing && (
        <>
          <PeriodPayments preview={data} />
          <fieldset
            className="mt-4"
            aria-describedby={choiceMissing ? choiceErrorId : undefined}
            disabled={refund.isPending}
          >
            <legend className="text-sm font-semibold text-gray-900">O que estornar</legend>
            <div className="mt-2 space-y-2">
              {SCOPES.map((option, index) => (
                <label
                  key={option}
                  className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm text-gray-800 ${
                    scope === option ? "border-red-500 bg-red-50/60 ring-1 ring-red-500" : "border-gray-200"
                  }`}
                >
                  <input
                    ref={index === 0 ? firstChoice : undefined}
                    type="radio"
                    name={choiceName}
                    value={option}
                    checked={scope === option}
                    onChange={() => {
                      setScope(option);
                      setChoiceMissing(false);
                    }}
                    className="mt-0.5 h-4 w-4 shrink-0 accent-red-600"
                  />
                  <span>{keepAmountsWhole(refundOptionText(data, option))}</span>
                </label>
              ))}
            </div>
            {choiceMissing && (
              <p id={choiceErrorId} role="alert" className="mt-2 text-sm text-red-600">
                {REFUND_MESSAGES.chooseScope}
              </p>
            )}
          </fieldset>
        </>
      )}
      {data && !choosing && (
        <p className="mt-4 text-sm text-gray-700">{keepAmountsWhole(refundOptionText(data, "payment"))}</p>
      )}

      <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-gray-700">
        Motivo do estorno (opcional)
      </label>
      <textarea
        id={reasonId}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        rows={3}
        disabled={refund.isPending}
        className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-gray-50"
      />
      {refund.isError && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {refundErrorMessage(refund.error)}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={refund.isPending}>
          Cancelar
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={refund.isPending} disabled={!data}>
          Confirmar estorno
        </Button>
      </div>
    </div>
  );
}
