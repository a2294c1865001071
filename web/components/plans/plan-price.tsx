import { type IntervalType, type SubscriptionPlan, yearlySavingsPercent } from "@common/contract/billing";
import { formatBRL } from "@common/money";

type PriceView = {
  amount: string;
  period: "/mês" | "/ano";
  /** A line under the price: the monthly equivalent, the yearly offer or why yearly is missing. */
  note?: string;
  /** Twelve monthly payments, struck through beside a yearly price. */
  was?: string;
  savings?: number;
  /** The plan has no option for the chosen interval. */
  unavailable?: boolean;
};

/** How a plan's price reads for an interval (the free plan is always "R$ 0,00/mês"). */
export function priceView(plan: SubscriptionPlan, interval: IntervalType): PriceView {
  const yearly = plan.yearly_price_cents;
  if (plan.price_cents <= 0) return { amount: formatBRL(0), period: "/mês", note: "Grátis para sempre" };
  if (interval === "yearly" && yearly != null) {
    const savings = yearlySavingsPercent(plan);
    return {
      amount: formatBRL(yearly),
      period: "/ano",
      note: `equivale a ${formatBRL(Math.round(yearly / 12))}/mês`,
      was: savings > 0 ? formatBRL(plan.price_cents * 12) : undefined,
      savings,
    };
  }
  if (interval === "yearly") {
    return {
      amount: formatBRL(plan.price_cents),
      period: "/mês",
      note: "Só no plano mensal",
      unavailable: true,
    };
  }
  return {
    amount: formatBRL(plan.price_cents),
    period: "/mês",
    note: yearly != null ? `ou ${formatBRL(yearly)}/ano no plano anual` : undefined,
  };
}

/** The big price of a pricing card, or a compact one for lists. */
export function PlanPrice({
  plan,
  interval,
  compact = false,
}: {
  plan: SubscriptionPlan;
  interval: IntervalType;
  compact?: boolean;
}) {
  const view = priceView(plan, interval);
  if (compact) {
    return (
      <div className="text-right">
        <p className="whitespace-nowrap font-semibold text-gray-900 tabular-nums">
          {view.amount}
          <span className="text-sm font-normal text-gray-500">{view.period}</span>
        </p>
        {view.savings ? (
          <p className="text-xs font-medium text-green-700">economize {view.savings}%</p>
        ) : view.unavailable ? (
          <p className="text-xs text-gray-500">{view.note}</p>
        ) : null}
      </div>
    );
  }
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-extrabold tracking-tight whitespace-nowrap text-gray-900 tabular-nums xl:text-3xl">
          {view.amount}
        </span>
        <span className="text-sm font-medium text-gray-500">{view.period}</span>
      </p>
      <p className="mt-1.5 flex min-h-6 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-500 xl:min-h-11">
        {view.was && <s className="tabular-nums text-gray-500">{view.was}</s>}
        {view.savings ? (
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-700 ring-1 ring-green-200 ring-inset">
            economize {view.savings}%
          </span>
        ) : null}
        {view.note && <span>{view.note}</span>}
      </p>
    </div>
  );
}
