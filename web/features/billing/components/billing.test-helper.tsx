// Test-only: the seeded plans, factories for the billing answers, and a render with the app's
// providers and a memory router (the fake fetch is tests/web-fake-api.tsx).
import {
  type CreateSubscriptionResponse,
  type PaymentHistoryItem,
  type PlanQuote,
  subscriptionFuture,
  type UsageLimits,
  type UserSubscription,
} from "@common/contract/billing";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { ConfirmProvider } from "@web/components/ui/confirm-dialog";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { testQueryClient } from "../../../../tests/web-fake-api";
import { PLANS } from "../../../../tests/web-plans";

/** Renders `ui` at `path`; other paths show their name, so navigation can be asserted. */
export function renderAt(
  ui: ReactNode,
  path: string,
  { pattern = path.split("?")[0]!, queryClient = testQueryClient() } = {},
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: "*", element: <p>Outra página</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Replaces window.location for a test, recording where the page was sent. */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, origin: window.location.origin, assign });
  return assign;
}

/** A subscription as GET /api/user/subscription answers it, its future stated as the server states it. */
export function makeSubscription(overrides: Partial<UserSubscription> = {}): UserSubscription {
  const subscription: Omit<UserSubscription, "future"> = {
    status: "active",
    starts_at: "2026-11-01T15:00:00.000Z",
    expires_at: "2026-12-01T15:00:00.000Z",
    interval_type: "monthly",
    canceled_at: null,
    is_free: false,
    plan: PLANS[1]!,
    scheduled_plan: null,
    pending_transaction_id: null,
    ...overrides,
  };
  return { future: subscriptionFuture(subscription), ...subscription };
}

export const FREE_SUBSCRIPTION = makeSubscription({ is_free: true, expires_at: null, plan: PLANS[0]! });

export function makeLimits(overrides: Partial<UsageLimits> = {}): UsageLimits {
  return {
    link_pages: { used: 1, limit: 10 },
    shortened_urls: { used: 20, limit: 500 },
    clicks_this_month: { used: 100, limit: 10000 },
    leads_this_month: { used: 3, limit: null },
    ...overrides,
  };
}

let nextId = 1;
export function makePayment(overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem {
  return {
    id: nextId++,
    plan_name: "Pro",
    transaction_type: "subscription",
    interval_type: "monthly",
    status: "approved",
    amount_cents: 1990,
    credit_cents: 0,
    created_at: "2026-11-01T15:00:00.000Z",
    payment_method: "credit_card",
    subscription_start: "2026-11-01T15:00:00.000Z",
    subscription_end: "2026-12-01T15:00:00.000Z",
    payment_details: {},
    ...overrides,
  };
}

/** Business bought today (28/11/2026) from Pro, with R$ 19,89 of Pro's unused days taken off. */
export const makeQuote = (overrides: Partial<PlanQuote> = {}): PlanQuote => ({
  plan_id: 3,
  interval_type: "monthly",
  transaction_type: "upgrade",
  list_price_cents: 4990,
  credit_cents: 1989,
  amount_cents: 3001,
  starts_at: "2026-11-28T15:00:00.000Z",
  ends_at: "2026-12-28T15:00:00.000Z",
  ...overrides,
});

/** POST /api/subscriptions/create's answer: the checkout at `init_point` the browser is sent to. */
export const makeCheckout = (
  init_point: string,
  overrides: Partial<CreateSubscriptionResponse> = {},
): CreateSubscriptionResponse => ({
  init_point,
  transaction_id: 1,
  transaction_type: "subscription",
  amount_cents: 4990,
  ...overrides,
});
