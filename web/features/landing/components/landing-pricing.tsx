import { planKey, type SubscriptionPlan, yearlySavingsPercent } from "@common/contract/billing";
import { PaymentAssurances } from "@web/components/plans/payment-assurances";
import { PlanFeatureText, PopularBadge } from "@web/components/plans/plan-card";
import { planFeatures } from "@web/components/plans/plan-features";
import { PlanIcon } from "@web/components/plans/plan-icon";
import { PlanPrice } from "@web/components/plans/plan-price";
import { ArrowRight, Check } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { CtaLink, LANDING_PATHS, SectionHeading } from "./landing-links";

/**
 * The real plans (GET /api/subscription-plans) at their monthly prices; /pricing has the yearly
 * switch and the checkout. The caller leaves the section out when there are no plans.
 */
export function LandingPricing({ plans, signedIn }: { plans: SubscriptionPlan[]; signedIn: boolean }) {
  const bestSaving = Math.max(0, ...plans.map(yearlySavingsPercent));
  return (
    <section
      id="precos"
      aria-labelledby="pricing-title"
      className="bg-gradient-to-b from-gray-50 to-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Preços" title="Comece grátis, cresça quando quiser">
          Preços mensais em reais, sem fidelidade.
          {bestSaving > 0 && ` No plano anual, você economiza até ${bestSaving}%.`}
        </SectionHeading>
        <div
          className={`mx-auto mt-14 grid gap-6 md:grid-cols-2 ${plans.length >= 4 ? "xl:max-w-none xl:grid-cols-4" : plans.length === 3 ? "lg:grid-cols-3" : "max-w-4xl"}`}
        >
          {plans.map((plan) => (
            <LandingPlanCard key={plan.id} plan={plan} signedIn={signedIn} />
          ))}
        </div>
        <p className="mt-10 text-center">
          <Link
            to={LANDING_PATHS.pricing}
            className="inline-flex items-center gap-1.5 rounded-lg font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Compare os planos em detalhes
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </p>
        <PaymentAssurances className="mt-8" />
      </div>
    </section>
  );
}

/**
 * A plan on the landing page. Like the pricing page's PlanCard, but its name is an h3 under the
 * section's h2, the price is monthly and the button is a link (the checkout lives on /pricing).
 */
function LandingPlanCard({ plan, signedIn }: { plan: SubscriptionPlan; signedIn: boolean }) {
  const titleId = useId();
  const popular = planKey(plan.name) === "pro";
  const free = plan.price_cents <= 0;
  const action = free
    ? signedIn
      ? { to: LANDING_PATHS.dashboard, label: "Ir ao Dashboard" }
      : { to: LANDING_PATHS.register, label: "Começar Grátis" }
    : { to: LANDING_PATHS.pricing, label: `Escolher ${plan.name}` };
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl bg-white p-6 ${
        popular ? "shadow-xl shadow-brand-600/10 ring-2 ring-brand-600" : "shadow-sm ring-1 ring-gray-200"
      }`}
    >
      {popular && <PopularBadge />}
      <div className="flex items-center gap-3">
        <PlanIcon name={plan.name} size="sm" />
        <h3 id={titleId} className="text-lg font-bold text-gray-900">
          {plan.name}
        </h3>
      </div>
      <p className="mt-3 text-sm leading-relaxed text-gray-600 xl:min-h-[4.5rem]">{plan.description}</p>
      <div className="mt-4">
        <PlanPrice plan={plan} interval="monthly" />
      </div>
      <CtaLink to={action.to} look={popular ? "primary" : "secondary"} className="mt-5 w-full py-2.5">
        {action.label}
      </CtaLink>
      <ul className="mt-6 space-y-2.5 border-t border-gray-100 pt-5 text-sm text-gray-700">
        {planFeatures(plan).map((feature) => (
          <li key={feature.key} className="flex items-start gap-2.5">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" strokeWidth={2.5} aria-hidden />
            <PlanFeatureText feature={feature} />
          </li>
        ))}
      </ul>
    </article>
  );
}
