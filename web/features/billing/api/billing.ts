import type {
  IntervalType,
  PaymentHistoryItem,
  PlanQuote,
  SubscriptionPlan,
  UsageLimits,
  UserSubscription,
} from "@common/contract/billing";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

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

/** GET /api/user/subscription: the signed-in user's plan (the free plan is "active" with no dates). */
export const userSubscriptionQuery = queryOptions({
  queryKey: billingKeys.subscription(),
  queryFn: ({ signal }) => api<UserSubscription>("/api/user/subscription", { signal }),
});

/** GET /api/user/limits: what the user has used of each limit of the plan. */
export const usageLimitsQuery = queryOptions({
  queryKey: billingKeys.limits(),
  queryFn: ({ signal }) => api<UsageLimits>("/api/user/limits", { signal }),
});

/** GET /api/user/payment-history: the user's own payments, newest first. */
export const paymentHistoryQuery = queryOptions({
  queryKey: billingKeys.paymentHistory(),
  queryFn: ({ signal }) => api<PaymentHistoryItem[]>("/api/user/payment-history", { signal }),
});

/**
 * GET /api/subscriptions/quote: what a checkout for the plan would charge today (the credit of the
 * current plan's unused days taken off) and the period it buys. Always read afresh: the credit
 * shrinks by the hour.
 */
export const planQuoteQuery = (planId: number, interval: IntervalType) =>
  queryOptions({
    queryKey: billingKeys.quote(planId, interval),
    queryFn: ({ signal }) =>
      api<PlanQuote>(
        `/api/subscriptions/quote?${new URLSearchParams({ plan_id: String(planId), interval_type: interval })}`,
        { signal },
      ),
    staleTime: 0,
    gcTime: 0,
  });
