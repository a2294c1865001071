import { BILLING_MESSAGES, type IntervalType } from "@common/contract/billing";
import { useEffect, useState } from "react";
import { subscribeErrorMessage, useCreateSubscription } from "../api/use-create-subscription";

type Target = { planId: number; interval: IntervalType };

/** Only web addresses (the provider's checkout, or our own path) are followed. */
function checkoutUrl(initPoint: string): string | null {
  try {
    const url = new URL(initPoint, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Starts a checkout and sends the browser to the payment page. `busyPlanId` stays set until the page
 * leaves, so the button keeps saying "Redirecionando..."; an error belongs to the plan that was chosen.
 */
export function useCheckout() {
  const create = useCreateSubscription();
  const [target, setTarget] = useState<Target | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<{ planId: number; message: string } | null>(null);

  // Back from the payment page, the browser may restore this page as it was: let the user choose again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setRedirecting(false);
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const busy = create.isPending || redirecting;

  function start(planId: number, interval: IntervalType) {
    if (busy) return;
    setError(null);
    setTarget({ planId, interval });
    create.mutate(
      { plan_id: planId, interval_type: interval },
      {
        onSuccess: ({ init_point }) => {
          const url = checkoutUrl(init_point);
          if (!url) {
            setError({ planId, message: BILLING_MESSAGES.subscribeFailed });
            return;
          }
          setRedirecting(true);
          window.location.assign(url);
        },
        onError: (failure) => setError({ planId, message: subscribeErrorMessage(failure) }),
      },
    );
  }

  return {
    start,
    busy,
    busyPlanId: busy ? (target?.planId ?? null) : null,
    errorFor: (planId: number) => (error?.planId === planId ? error.message : null),
    fail: (planId: number, message: string) => setError({ planId, message }),
  };
}
