// The plans on offer and what the user has used of their plan: read by billing, the landing page
// and the screens that create pages and links (which refresh the usage after a change).
import type { IntervalType, SubscriptionPlan, UsageLimits } from "@common/contract/billing";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

// NOTE: the server fills plans() when it renders a public screen (web/entry-server.tsx).
export const billingKeys = {
  all: ["billing"] as const,
  plans: () => [...billingKeys.all, "plans"] as const,
  subscription: () => [...billingKeys.all, "subscription"] as const,
  limits: () => [...billingKeys.all, "limits"] as const,
  paymentHistory: () => [...billingKeys.all, "payment-history"] as const,
  quote: (planId: number, interval: IntervalType) => [...billingKeys.all, "quote", planId, interval] as const,
};

/** GET /api/subscription-plans: the active plans, cheapest first (public). */
export const subscriptionPlansQuery = queryOptions({
  queryKey: billingKeys.plans(),
  queryFn: ({ signal }) => api<SubscriptionPlan[]>("/api/subscription-plans", { signal }),
  staleTime: 5 * 60_000,
});

/** GET /api/user/limits: what the user has used of each limit of the plan. */
export const usageLimitsQuery = queryOptions({
  queryKey: billingKeys.limits(),
  queryFn: ({ signal }) => api<UsageLimits>("/api/user/limits", { signal }),
});
