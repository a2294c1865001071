import {
  type IntervalType,
  paymentHistorySchema,
  planQuoteSchema,
  userSubscriptionSchema,
} from "@common/contract/billing";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { billingKeys } from "@web/lib/plans";

/** GET /api/user/subscription: the signed-in user's plan (the free plan is "active" with no dates). */
export const userSubscriptionQuery = queryOptions({
  queryKey: billingKeys.subscription(),
  queryFn: ({ signal }) => api("/api/user/subscription", { schema: userSubscriptionSchema, signal }),
});

/** GET /api/user/payment-history: the user's own payments, newest first. */
export const paymentHistoryQuery = queryOptions({
  queryKey: billingKeys.paymentHistory(),
  queryFn: ({ signal }) => api("/api/user/payment-history", { schema: paymentHistorySchema, signal }),
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
      api(
        `/api/subscriptions/quote?${new URLSearchParams({ plan_id: String(planId), interval_type: interval })}`,
        { schema: planQuoteSchema, signal },
      ),
    staleTime: 0,
    gcTime: 0,
  });
