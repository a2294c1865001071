import { SubscriptionOverview } from "@web/features/billing/components/subscription-overview";

// /subscription: the signed-in user's plan, usage and payments.
export function Component() {
  return <SubscriptionOverview />;
}
