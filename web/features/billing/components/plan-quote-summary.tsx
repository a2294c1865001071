import type { IntervalType, PlanQuote } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { dayOf, formatDateBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { useEffect, useRef } from "react";
import { planQuoteQuery } from "../api/billing";

export const QUOTE_FAILED = "Não foi possível calcular o valor agora.";

/**
 * What is charged today, in words: the amount and, with a credit, how it was reached. A credit worth
 * more than the price leaves the smallest charge and buys a longer period instead.
 */
export function quoteChargeText(
  quote: PlanQuote,
  currentPlanName: string,
): { amount: string; detail?: string } {
  const amount = formatBRL(quote.amount_cents);
  if (quote.credit_cents <= 0) return { amount };
  const credit = formatBRL(quote.credit_cents);
  const unused = `dos dias não usados do plano ${currentPlanName}`;
  if (quote.list_price_cents - quote.credit_cents >= quote.amount_cents) {
    return { amount, detail: `${formatBRL(quote.list_price_cents)} menos ${credit} de crédito ${unused}` };
  }
  return { amount, detail: `valor mínimo: o crédito de ${credit} ${unused} alonga o novo período` };
}

/** The period the payment buys: from now, or from the end of the current one (a downgrade, a renewal). */
export function quotePeriodText(quote: PlanQuote, now: Date = new Date()): string {
  const start = formatDateBR(quote.starts_at);
  const end = formatDateBR(quote.ends_at);
  if (quote.transaction_type === "downgrade" || dayOf(new Date(quote.starts_at)) > dayOf(now)) {
    return `Começa em ${start}, quando o período atual termina, e vale até ${end}`;
  }
  return `Válido de ${start} a ${end}`;
}

/**
 * The price of a chosen plan before the checkout (GET /api/subscriptions/quote): today's charge with
 * the credit, the period it buys, and the button that pays that amount.
 */
export function PlanQuoteSummary({
  planId,
  interval,
  currentPlanName,
  paying,
  payDisabled,
  onPay,
  onBack,
}: {
  planId: number;
  interval: IntervalType;
  currentPlanName: string;
  /** The checkout is being opened: the button says so. */
  paying: boolean;
  payDisabled: boolean;
  onPay: () => void;
  onBack: () => void;
}) {
  const quote = useQuery(planQuoteQuery(planId, interval));
  // It takes the place of the 'Selecionar Plano' just pressed: the focus moves here, not to the page.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  return (
    <div
      ref={box}
      tabIndex={-1}
      aria-live="polite"
      className="mt-3 rounded-lg border border-gray-200 bg-gray-50 p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-4"
    >
      {quote.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <SpinnerIcon className="h-4 w-4 text-brand-600" />
          Calculando o valor...
        </p>
      ) : quote.isError ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(quote.error, QUOTE_FAILED)}
          </p>
          <div className="flex shrink-0 gap-2">
            <Button variant="ghost" className="py-2" onClick={onBack}>
              Voltar
            </Button>
            <Button variant="secondary" className="py-2" onClick={() => void quote.refetch()}>
              Tentar novamente
            </Button>
          </div>
        </div>
      ) : (
        <QuoteDetails
          quote={quote.data}
          currentPlanName={currentPlanName}
          paying={paying}
          payDisabled={payDisabled}
          onPay={onPay}
          onBack={onBack}
        />
      )}
    </div>
  );
}

function QuoteDetails({
  quote,
  currentPlanName,
  paying,
  payDisabled,
  onPay,
  onBack,
}: {
  quote: PlanQuote;
  currentPlanName: string;
  paying: boolean;
  payDisabled: boolean;
  onPay: () => void;
  onBack: () => void;
}) {
  const charge = quoteChargeText(quote, currentPlanName);
  return (
    <>
      <p className="text-sm text-gray-700">
        Hoje: <strong className="text-base font-bold text-gray-900 tabular-nums">{charge.amount}</strong>
        {charge.detail && <span className="text-gray-600"> ({charge.detail})</span>}
      </p>
      <p className="mt-1 text-sm text-gray-600">{quotePeriodText(quote)}</p>
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" className="py-2" onClick={onBack} disabled={paying}>
          Voltar
        </Button>
        <Button className="py-2 disabled:opacity-60" loading={paying} disabled={payDisabled} onClick={onPay}>
          {paying ? "Redirecionando..." : `Pagar ${charge.amount}`}
        </Button>
      </div>
    </>
  );
}
