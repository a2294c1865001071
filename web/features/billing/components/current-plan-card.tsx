import { INTERVAL_LABELS, PRICING_PATH, planPrice, type UserSubscription } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { formatDateBR } from "@common/time";
import { PlanIcon } from "@web/components/plans/plan-icon";
import { ArrowRight, CalendarClock, Clock } from "lucide-react";
import { Link } from "react-router";
import { CancelSubscriptionButton } from "./cancel-subscription-button";
import type { Notice } from "./notice-banner";
import { PlanChangeButton } from "./plan-change-modal";
import { RenewSubscriptionButton } from "./renew-subscription-button";
import { SubscriptionStatusBadge } from "./status-badges";

/** The plan the user is on: status, dates, a scheduled change and what can be done with it. */
export function CurrentPlanCard({
  subscription,
  onNotice,
}: {
  subscription: UserSubscription;
  onNotice: (notice: Notice) => void;
}) {
  const { plan, status, is_free: free } = subscription;
  const price = free ? 0 : (planPrice(plan, subscription.interval_type) ?? plan.price_cents);
  const perYear = !free && subscription.interval_type === "yearly" && plan.yearly_price_cents != null;
  const active = status === "active";
  const dates: { label: string; value: string }[] = [];
  if (!free) {
    dates.push({ label: "Período", value: INTERVAL_LABELS[subscription.interval_type] });
    dates.push({ label: "Início", value: formatDateBR(subscription.starts_at) });
    if (subscription.expires_at) {
      const label = active ? "Próximo pagamento" : status === "canceled" ? "Acesso até" : "Expirou em";
      if (status !== "pending") dates.push({ label, value: formatDateBR(subscription.expires_at) });
    }
  }

  return (
    <section
      aria-labelledby="current-plan-title"
      className="flex flex-col rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <div className="flex-1 p-5 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex min-w-0 flex-1 items-start gap-4">
            <PlanIcon name={plan.name} />
            <div className="min-w-0">
              <p className="text-sm font-medium text-gray-500">Seu plano</p>
              <div className="mt-0.5 flex flex-wrap items-center gap-2">
                <h2 id="current-plan-title" className="text-xl font-bold text-gray-900">
                  {plan.name}
                </h2>
                <SubscriptionStatusBadge status={status} />
              </div>
              <p className="mt-1 text-sm text-gray-600">{plan.description}</p>
            </div>
          </div>
          <p className="shrink-0 sm:text-right">
            <span className="text-2xl font-bold text-gray-900 tabular-nums">{formatBRL(price)}</span>
            <span className="text-sm text-gray-500">{perYear ? "/ano" : "/mês"}</span>
          </p>
        </div>

        {dates.length > 0 && (
          <dl className="mt-5 grid grid-cols-2 gap-4 rounded-lg bg-gray-50 p-4 sm:grid-cols-3">
            {dates.map(({ label, value }) => (
              <div key={label}>
                <dt className="text-xs font-medium text-gray-500">{label}</dt>
                <dd className="mt-0.5 text-sm font-semibold text-gray-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        )}

        {subscription.future && status !== "pending" && (
          <p
            className={`mt-4 flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm ${
              status === "canceled"
                ? "border-amber-200 bg-amber-50 text-amber-900"
                : "border-blue-200 bg-blue-50 text-blue-900"
            }`}
          >
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {subscription.future}
          </p>
        )}
        {(status === "pending" || subscription.pending_transaction_id != null) && (
          <p className="mt-4 flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2.5 text-sm text-blue-900">
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-blue-600" aria-hidden />
            Há um pagamento aguardando confirmação. Assim que ele for confirmado, seu plano é atualizado
            automaticamente.
          </p>
        )}
        {free && (
          <div className="mt-5 flex flex-col gap-4 rounded-xl bg-gradient-to-br from-brand-600 to-indigo-700 p-5 text-white sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-semibold">Precisa de mais espaço?</p>
              <p className="mt-0.5 text-sm text-brand-100">
                Faça upgrade para ter mais Link Bios, links, cliques e domínio personalizado.
              </p>
            </div>
            <Link
              to={PRICING_PATH}
              className="inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50"
            >
              Fazer upgrade
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </div>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-gray-100 px-5 py-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end sm:px-6 [&_a]:whitespace-nowrap [&_button]:whitespace-nowrap">
        {active && !free && (
          <div className="flex flex-col sm:mr-auto">
            <CancelSubscriptionButton onResult={onNotice} />
          </div>
        )}
        {!free && (active || status === "canceled") && subscription.expires_at && (
          <RenewSubscriptionButton subscription={subscription} />
        )}
        {active ? (
          <PlanChangeButton subscription={subscription} />
        ) : status === "canceled" ? null : (
          <Link
            to={PRICING_PATH}
            className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {status === "pending" ? "Ver planos" : "Assinar novamente"}
          </Link>
        )}
      </div>
    </section>
  );
}
