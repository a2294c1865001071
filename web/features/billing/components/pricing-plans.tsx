import { SUPPORT_EMAIL } from "@common/brand";
import {
  BILLING_MESSAGES,
  INTERVAL_TYPES,
  type IntervalType,
  PRICING_PATH,
  planKey,
  type SubscriptionPlan,
  yearlySavingsPercent,
} from "@common/contract/billing";
import { paths } from "@common/paths";
import { formatDateBR } from "@common/time";
import { useQuery } from "@tanstack/react-query";
import { PaymentAssurances } from "@web/components/plans/payment-assurances";
import { PlanCard } from "@web/components/plans/plan-card";
import { Button } from "@web/components/ui/button";
import { ListError } from "@web/components/ui/list-states";
import { FormError } from "@web/components/ui/notice";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { subscriptionPlansQuery } from "@web/lib/plans";
import { Mail, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { userSubscriptionQuery } from "../api/billing";
import { IntervalSwitch } from "./interval-switch";
import { PlanQuoteSummary } from "./plan-quote-summary";
import { PricingFaq } from "./pricing-faq";
import { useCheckout } from "./use-checkout";

/** `?plan=2&interval=yearly`: the plan a visitor chose before signing in. */
function requestedCheckout(params: URLSearchParams): { planId: number; interval: IntervalType } | null {
  const planId = Number(params.get("plan"));
  if (!Number.isInteger(planId) || planId <= 0) return null;
  const interval = params.get("interval");
  return {
    planId,
    interval: INTERVAL_TYPES.includes(interval as IntervalType) ? (interval as IntervalType) : "monthly",
  };
}

/** Where a visitor goes to sign in before paying for a plan, coming back to its checkout. */
export function signInToSubscribePath(planId: number, interval: IntervalType): string {
  return paths.signInThen(`${PRICING_PATH}?plan=${planId}&interval=${interval}`);
}

const CTA = "w-full py-3 text-base disabled:opacity-60";

/** The mail a visitor sends to subscribe when this server takes no payments. */
export const contactToSubscribeHref = (planName: string) =>
  `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Quero assinar o plano ${planName}`)}`;

/**
 * /pricing (spec 2): the plans with the Mensal/Anual switch, their calls to action and the FAQ. Opened
 * signed in with `?plan=&interval=` (the way back from sign-in), it starts that checkout at once.
 * The signed-in user's plan is marked 'Plano atual' and offers its renewal. Without a payment
 * provider (`paymentsEnabled` false, from the server), the paid plans offer 'Fale conosco' instead
 * of a checkout that could only fail.
 */
export function PricingPlans({
  signedIn,
  paymentsEnabled = true,
}: {
  signedIn: boolean;
  paymentsEnabled?: boolean;
}) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [requested] = useState(() => requestedCheckout(params));
  const [interval, setBillingInterval] = useState<IntervalType>(requested?.interval ?? "monthly");
  const plans = useQuery(subscriptionPlansQuery);
  const subscription = useQuery({ ...userSubscriptionQuery, enabled: signedIn });
  const checkout = useCheckout();
  // A paying customer sees what another plan costs today (credit included) before its checkout.
  const [quoting, setQuoting] = useState<number | null>(null);

  const current = subscription.data;
  // A canceled plan is still the user's until it expires; a pending payment has bought nothing yet.
  const currentPlanId =
    current && (current.status === "active" || current.status === "canceled") ? current.plan.id : null;
  const bestSaving = Math.max(0, ...(plans.data ?? []).map(yearlySavingsPercent));

  const resumed = useRef(false);
  useEffect(() => {
    if (!requested || !signedIn || resumed.current || !plans.data || subscription.isPending) return;
    resumed.current = true;
    // Once only: coming back from the payment page must not open the checkout again.
    setParams({}, { replace: true });
    const plan = plans.data.find((p) => p.id === requested.planId);
    if (!paymentsEnabled || !plan || plan.price_cents <= 0 || plan.id === currentPlanId) return;
    if (requested.interval === "yearly" && plan.yearly_price_cents == null) {
      setBillingInterval("monthly");
      checkout.fail(plan.id, BILLING_MESSAGES.noYearly);
      return;
    }
    checkout.start(plan.id, requested.interval);
  }, [
    requested,
    signedIn,
    plans.data,
    subscription.isPending,
    currentPlanId,
    paymentsEnabled,
    setParams,
    checkout,
  ]);

  function action(plan: SubscriptionPlan) {
    const popular = planKey(plan.name) === "pro";
    const look = popular ? "primary" : "secondary";
    if (plan.price_cents <= 0) {
      return (
        <Link
          to={signedIn ? paths.dashboard : paths.register}
          className={`inline-flex items-center justify-center rounded-lg px-4 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${CTA} ${
            popular
              ? "bg-brand-600 text-white shadow-sm hover:bg-brand-700"
              : "bg-white text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
          }`}
        >
          Começar Grátis
        </Link>
      );
    }
    if (!paymentsEnabled) {
      return (
        <a
          href={contactToSubscribeHref(plan.name)}
          className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${CTA} ${
            popular
              ? "bg-brand-600 text-white shadow-sm hover:bg-brand-700"
              : "bg-white text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
          }`}
        >
          <Mail className="h-4 w-4" aria-hidden />
          Fale conosco
        </a>
      );
    }
    const error = checkout.errorFor(plan.id);
    const errorBox = error && <FormError className="mt-3">{error}</FormError>;
    if (plan.id === currentPlanId && current) {
      // Buying the plan one has is paying its next period (docs/decisions/007), worded as on /subscription.
      const renewing = checkout.busyPlanId === plan.id;
      return (
        <>
          <Button
            variant="secondary"
            className={CTA}
            loading={renewing}
            disabled={checkout.busy && !renewing}
            onClick={() => checkout.start(plan.id, current.interval_type)}
          >
            {renewing ? (
              "Redirecionando..."
            ) : (
              <>
                <RefreshCw className="h-4 w-4" aria-hidden />
                {current.interval_type === "yearly" ? "Renovar +1 ano" : "Renovar +1 mês"}
              </>
            )}
          </Button>
          {current.expires_at && (
            <p className="mt-2 text-center text-xs text-gray-500">
              O novo período começa em {formatDateBR(current.expires_at)}, quando o atual termina.
            </p>
          )}
          {errorBox}
        </>
      );
    }
    const unavailable = interval === "yearly" && plan.yearly_price_cents == null;
    const redirecting = checkout.busyPlanId === plan.id;
    if (currentPlanId !== null && current && current.plan.price_cents > 0) {
      // A plan change: the same price step as /subscription's 'Trocar de Plano' (docs/decisions/007).
      return (
        <>
          {quoting === plan.id ? (
            <PlanQuoteSummary
              planId={plan.id}
              interval={interval}
              currentPlanName={current.plan.name}
              paying={redirecting}
              payDisabled={checkout.busy && !redirecting}
              onPay={() => checkout.start(plan.id, interval)}
              onBack={() => setQuoting(null)}
            />
          ) : (
            <Button
              variant={look}
              className={CTA}
              disabled={unavailable || checkout.busy}
              onClick={() => setQuoting(plan.id)}
            >
              Trocar para {plan.name}
            </Button>
          )}
          {unavailable && (
            <p className="mt-2 text-center text-xs text-gray-500">{BILLING_MESSAGES.noYearly}</p>
          )}
          {errorBox}
        </>
      );
    }
    // A GET form: tapped before the script has hydrated the page, it still leads on (to sign in, or
    // to /pricing?plan=, which starts this checkout); once hydrated, the handler does it in place.
    return (
      <>
        <form
          method="get"
          action={signedIn ? PRICING_PATH : paths.auth}
          onSubmit={(event) => {
            event.preventDefault();
            if (signedIn) checkout.start(plan.id, interval);
            else navigate(signInToSubscribePath(plan.id, interval));
          }}
        >
          {signedIn ? (
            <>
              <input type="hidden" name="plan" value={plan.id} />
              <input type="hidden" name="interval" value={interval} />
            </>
          ) : (
            <input type="hidden" name="next" value={`${PRICING_PATH}?plan=${plan.id}&interval=${interval}`} />
          )}
          <Button
            type="submit"
            variant={look}
            className={CTA}
            loading={redirecting}
            disabled={unavailable || (checkout.busy && !redirecting)}
          >
            {redirecting ? "Redirecionando..." : "Assinar Agora"}
          </Button>
        </form>
        {unavailable && <p className="mt-2 text-center text-xs text-gray-500">{BILLING_MESSAGES.noYearly}</p>}
        {errorBox}
      </>
    );
  }

  return (
    <div className="space-y-16 sm:space-y-20">
      <div>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Planos e preços</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
            Escolha o plano ideal para você
          </h1>
          <p className="mt-4 text-base text-gray-600 sm:text-lg">
            Comece grátis e faça upgrade quando precisar de mais Link Bios, links e cliques. Sem fidelidade:
            cancele quando quiser.
          </p>
          <div className="mt-8 flex justify-center">
            <IntervalSwitch value={interval} onChange={setBillingInterval} savingsPercent={bestSaving} />
          </div>
          {interval === "yearly" && bestSaving > 0 && (
            <p className="mt-3 text-sm font-medium text-green-700">
              Pagando o ano de uma vez, você economiza até {bestSaving}%.
            </p>
          )}
          {!paymentsEnabled && (
            <p className="mx-auto mt-6 max-w-xl rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Os pagamentos online ainda não estão ativos. Para assinar um plano pago, fale com a gente em{" "}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold underline underline-offset-2">
                {SUPPORT_EMAIL}
              </a>{" "}
              e ativamos o seu plano.
            </p>
          )}
        </div>

        <div className="mt-12 sm:mt-14">
          {plans.isPending ? (
            <Spinner label="Carregando planos..." />
          ) : plans.isError ? (
            <ListError
              boxed
              className="mx-auto max-w-md"
              message={errorMessage(plans.error, "Não foi possível carregar os planos.")}
              onRetry={() => void plans.refetch()}
            />
          ) : (
            <div className="grid grid-cols-1 gap-8 md:grid-cols-2 xl:grid-cols-4 xl:gap-6">
              {plans.data.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  interval={interval}
                  popular={planKey(plan.name) === "pro"}
                  current={plan.id === currentPlanId}
                  action={action(plan)}
                />
              ))}
            </div>
          )}
        </div>

        {paymentsEnabled && <PaymentAssurances className="mt-10" />}
      </div>

      <PricingFaq />
    </div>
  );
}
