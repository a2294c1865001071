import type { UserSubscription } from "@common/contract/billing";
import { Button } from "@web/components/ui/button";
import { RefreshCw } from "lucide-react";
import { useCheckout } from "./use-checkout";

/**
 * Pays the next period of the current plan (Checkout Pro charges one period at a time; there is no
 * automatic renewal). The new period starts when the paid one ends; a canceled plan is active again.
 */
export function RenewSubscriptionButton({ subscription }: { subscription: UserSubscription }) {
  const checkout = useCheckout();
  const { plan, interval_type: interval } = subscription;
  const error = checkout.errorFor(plan.id);
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant={subscription.status === "canceled" ? "primary" : "secondary"}
        loading={checkout.busyPlanId === plan.id}
        onClick={() => checkout.start(plan.id, interval)}
      >
        <RefreshCw className="h-4 w-4" aria-hidden />
        {checkout.busyPlanId === plan.id
          ? "Redirecionando..."
          : interval === "yearly"
            ? "Renovar +1 ano"
            : "Renovar +1 mês"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
