import {
  BILLING_MESSAGES,
  type IntervalType,
  type SubscriptionPlan,
  type UserSubscription,
  yearlySavingsPercent,
} from "@common/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { planLimitsSummary } from "@web/components/plans/plan-features";
import { PlanIcon } from "@web/components/plans/plan-icon";
import { PlanPrice } from "@web/components/plans/plan-price";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { FormError } from "@web/components/ui/notice";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { subscriptionPlansQuery } from "@web/lib/plans";
import { ArrowLeftRight } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { IntervalSwitch } from "./interval-switch";
import { PlanQuoteSummary } from "./plan-quote-summary";
import { useCheckout } from "./use-checkout";

type Change = "current" | "upgrade" | "downgrade" | null;

/** Spec 4: a higher price than the current plan's is an upgrade, a lower one a downgrade. */
export function planChange(plan: SubscriptionPlan, current: SubscriptionPlan): Change {
  if (plan.id === current.id) return "current";
  if (plan.price_cents > current.price_cents) return "upgrade";
  if (plan.price_cents < current.price_cents) return "downgrade";
  return null;
}

const CHANGE_BADGES: Record<Exclude<Change, null>, { label: string; tone: string }> = {
  current: { label: "PLANO ATUAL", tone: "bg-brand-600 text-white" },
  upgrade: { label: "UPGRADE", tone: "bg-green-100 text-green-800" },
  downgrade: { label: "DOWNGRADE", tone: "bg-amber-100 text-amber-800" },
};

/** 'Trocar de Plano': opens the plan list (the modal gives the focus back to this button). */
export function PlanChangeButton({ subscription }: { subscription: UserSubscription }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ArrowLeftRight className="h-4 w-4" aria-hidden />
        Trocar de Plano
      </button>
      {open && <PlanChangeModal subscription={subscription} onClose={close} />}
    </>
  );
}

function PlanChangeModal({ subscription, onClose }: { subscription: UserSubscription; onClose: () => void }) {
  const plans = useQuery(subscriptionPlansQuery);
  const checkout = useCheckout();
  const [interval, setBillingInterval] = useState<IntervalType>(
    subscription.is_free ? "monthly" : subscription.interval_type,
  );
  const [freeInfo, setFreeInfo] = useState(false);
  // The paid plan whose price today is shown, waiting for 'Pagar R$ …'.
  const [chosenId, setChosenId] = useState<number | null>(null);
  // 'Voltar' gives the focus back to the plan's 'Selecionar Plano', which the price had replaced.
  const selectButtons = useRef(new Map<number, HTMLButtonElement>());
  const back = (planId: number) => {
    flushSync(() => setChosenId(null));
    selectButtons.current.get(planId)?.focus();
  };
  const bestSaving = Math.max(0, ...(plans.data ?? []).map(yearlySavingsPercent));

  return (
    <Modal
      title="Trocar de Plano"
      subtitle="Escolha o plano que combina com você"
      onClose={onClose}
      width="max-w-2xl"
    >
      <div className="flex justify-center sm:justify-start">
        <IntervalSwitch value={interval} onChange={setBillingInterval} savingsPercent={bestSaving} />
      </div>
      {plans.isPending ? (
        <div className="flex justify-center py-10" role="status">
          <SpinnerIcon className="h-7 w-7 text-brand-600" />
          <span className="sr-only">Carregando planos...</span>
        </div>
      ) : plans.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {errorMessage(plans.error, "Não foi possível carregar os planos.")}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {plans.data.map((plan) => {
            const change = planChange(plan, subscription.plan);
            const free = plan.price_cents <= 0;
            const unavailable = !free && interval === "yearly" && plan.yearly_price_cents == null;
            const redirecting = checkout.busyPlanId === plan.id;
            const error = checkout.errorFor(plan.id);
            const badge = change ? CHANGE_BADGES[change] : null;
            const chosen = chosenId === plan.id && !free && !unavailable && change !== "current";
            return (
              <li
                key={plan.id}
                className={`rounded-xl border p-4 ${
                  change === "current" ? "border-brand-500/40 bg-brand-50/50" : "border-gray-200"
                }`}
              >
                <div className="flex items-start gap-3">
                  <PlanIcon name={plan.name} size="sm" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-gray-900">{plan.name}</h3>
                      {badge && (
                        <span
                          className={`rounded-full px-2 py-0.5 text-[11px] font-bold tracking-wide ${badge.tone}`}
                        >
                          {badge.label}
                        </span>
                      )}
                    </div>
                    <p className="mt-0.5 text-sm text-gray-500">{planLimitsSummary(plan)}</p>
                  </div>
                  <PlanPrice plan={plan} interval={interval} compact />
                </div>

                {change !== "current" && !chosen && (
                  <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                    <p className="text-xs text-gray-500">
                      {free
                        ? "Sem cobrança."
                        : change === "upgrade"
                          ? "Vale na hora, com crédito pelos dias não usados do plano atual."
                          : change === "downgrade"
                            ? "Começa quando terminar o período já pago do plano atual."
                            : null}
                    </p>
                    <Button
                      ref={(node) => {
                        if (node) selectButtons.current.set(plan.id, node);
                        else selectButtons.current.delete(plan.id);
                      }}
                      variant={change === "upgrade" ? "primary" : "secondary"}
                      className="shrink-0 py-2 disabled:opacity-60"
                      disabled={unavailable || checkout.busy}
                      onClick={() => (free ? setFreeInfo(true) : setChosenId(plan.id))}
                    >
                      Selecionar Plano
                    </Button>
                  </div>
                )}
                {chosen && (
                  <PlanQuoteSummary
                    planId={plan.id}
                    interval={interval}
                    currentPlanName={subscription.plan.name}
                    paying={redirecting}
                    payDisabled={checkout.busy && !redirecting}
                    onPay={() => checkout.start(plan.id, interval)}
                    onBack={() => back(plan.id)}
                  />
                )}
                {unavailable && <p className="mt-2 text-xs text-gray-500">{BILLING_MESSAGES.noYearly}</p>}
                {free && freeInfo && change !== "current" && (
                  <p
                    role="status"
                    className="mt-3 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-800"
                  >
                    {BILLING_MESSAGES.freePlan}
                  </p>
                )}
                {error && <FormError className="mt-3">{error}</FormError>}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
