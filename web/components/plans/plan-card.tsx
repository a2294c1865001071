import type { IntervalType, SubscriptionPlan } from "@common/contract/billing";
import { Check } from "lucide-react";
import { type ReactNode, useId } from "react";
import { type PlanFeature, planFeatures } from "./plan-features";
import { PlanIcon } from "./plan-icon";
import { PlanPrice } from "./plan-price";

/** One plan on the pricing page: name, price for the interval, the call to action and what it includes. */
export function PlanCard({
  plan,
  interval,
  popular,
  current = false,
  action,
}: {
  plan: SubscriptionPlan;
  interval: IntervalType;
  /** The highlighted 'MAIS POPULAR' plan. */
  popular: boolean;
  /** The signed-in user's plan: marked 'Plano atual'. */
  current?: boolean;
  action: ReactNode;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl bg-white p-6 sm:p-7 ${
        popular
          ? "shadow-xl shadow-brand-600/10 ring-2 ring-brand-600 xl:-my-3 xl:py-10"
          : "shadow-sm ring-1 ring-gray-200"
      }`}
    >
      {popular && <PopularBadge />}
      <div className="flex items-center gap-3">
        <PlanIcon name={plan.name} />
        <h2 id={titleId} className="text-xl font-bold text-gray-900">
          {plan.name}
        </h2>
        {current && (
          <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-green-700 ring-1 ring-green-600/20 ring-inset">
            <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden />
            Plano atual
          </span>
        )}
      </div>
      <p className="mt-3 text-sm leading-relaxed text-gray-600 xl:min-h-[4.5rem]">{plan.description}</p>
      <div className="mt-5">
        <PlanPrice plan={plan} interval={interval} />
      </div>
      <div className="mt-6">{action}</div>
      <ul className="mt-7 space-y-3 border-t border-gray-100 pt-6 text-sm text-gray-700">
        {planFeatures(plan).map((feature) => (
          <li key={feature.key} className="flex items-start gap-2.5">
            <span
              className={`mt-0.5 flex h-4.5 w-4.5 shrink-0 items-center justify-center rounded-full ${
                popular ? "bg-brand-600 text-white" : "bg-brand-50 text-brand-600"
              }`}
            >
              <Check className="h-3 w-3" strokeWidth={3} aria-hidden />
            </span>
            <PlanFeatureText feature={feature} />
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The 'MAIS POPULAR' ribbon over the highlighted plan's card. */
export function PopularBadge() {
  return (
    <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-gradient-to-r from-brand-600 to-indigo-600 px-3.5 py-1 text-xs font-bold tracking-wider text-white shadow-md">
      MAIS POPULAR
    </p>
  );
}

/** One line of what a plan includes, its figure in bold before or after the label. */
export function PlanFeatureText({ feature }: { feature: PlanFeature }) {
  const value = feature.value && <strong className="font-semibold text-gray-900">{feature.value}</strong>;
  if (!value) return <span>{feature.label}</span>;
  return feature.valueLast ? (
    <span>
      {feature.label} {value}
    </span>
  ) : (
    <span>
      {value} {feature.label}
    </span>
  );
}
