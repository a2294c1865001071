import { BILLING_MESSAGES, type RefundResponse } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { AlertTriangle, CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useRefundPayment } from "../api/use-refund-payment";

type Props = {
  paymentId: string;
  amountCents: number;
  onCancel: () => void;
  onDone: () => void;
};

const REFUND_PREFIX = `${BILLING_MESSAGES.refundFailed}: `;

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

/** The refund's confirmation (irreversible, spec 5), with an optional reason, then its outcome. */
export function RefundForm({ paymentId, amountCents, onCancel, onDone }: Props) {
  const refund = useRefundPayment();
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<RefundResponse | null>(null);
  const reasonId = useId();

  if (result) {
    return (
      <div
        role="status"
        className="rounded-xl bg-green-50 p-4 text-sm text-green-800 ring-1 ring-green-600/20"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CircleCheck className="h-5 w-5" aria-hidden />
          Estorno realizado com sucesso!
        </p>
        <p className="mt-2">Valor estornado: {formatBRL(result.amount_refunded)}</p>
        <p>ID do estorno: {result.refund_id}</p>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={onDone}>
            Fechar
          </Button>
        </div>
      </div>
    );
  }

  async function onConfirm() {
    try {
      const response = await refund.mutateAsync({ paymentId, reason: reason.trim() });
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
          <p className="font-semibold">Estornar {formatBRL(amountCents)}?</p>
          <p className="mt-1">{BILLING_MESSAGES.confirmRefund}</p>
        </div>
      </div>
      <label htmlFor={reasonId} className="mt-4 block text-sm font-medium text-gray-700">
        Motivo do estorno (opcional)
      </label>
      <textarea
        id={reasonId}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        rows={3}
        className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
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
        <Button variant="danger" onClick={onConfirm} loading={refund.isPending}>
          Confirmar estorno
        </Button>
      </div>
    </div>
  );
}
