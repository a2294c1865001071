// Test-only: the seeded plans, factories for the billing answers, and a render with the app's
// providers and a memory router (the fake fetch is tests/web-fake-api.tsx).
import {
  type PaymentHistoryItem,
  type SubscriptionPlan,
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

const basePlan: Omit<SubscriptionPlan, "id" | "name" | "description" | "price_cents" | "yearly_price_cents"> =
  {
    interval_type: "monthly",
    max_link_pages: 3,
    max_shortened_urls: 50,
    max_clicks_per_month: 1000,
    custom_domains: false,
    premium_domains: false,
    priority_support: false,
    analytics_retention_days: 30,
    is_active: true,
  };

/** The four seeded plans (db seed), cheapest first. */
export const PLANS: SubscriptionPlan[] = [
  {
    ...basePlan,
    id: 1,
    name: "Gratuito",
    description: "Para começar",
    price_cents: 0,
    yearly_price_cents: null,
  },
  {
    ...basePlan,
    id: 2,
    name: "Pro",
    description: "Para criadores",
    price_cents: 1990,
    yearly_price_cents: 19104,
    max_link_pages: 10,
    max_shortened_urls: 500,
    max_clicks_per_month: 10000,
    custom_domains: true,
    analytics_retention_days: 90,
  },
  {
    ...basePlan,
    id: 3,
    name: "Business",
    description: "Para empresas",
    price_cents: 4990,
    yearly_price_cents: 47904,
    max_link_pages: 50,
    max_shortened_urls: 5000,
    max_clicks_per_month: 100000,
    custom_domains: true,
    premium_domains: true,
    priority_support: true,
    analytics_retention_days: 365,
  },
  {
    ...basePlan,
    id: 4,
    name: "Enterprise",
    description: "Sem limites",
    price_cents: 14990,
    yearly_price_cents: 143904,
    max_link_pages: null,
    max_shortened_urls: -1,
    max_clicks_per_month: null,
    custom_domains: true,
    premium_domains: true,
    priority_support: true,
    analytics_retention_days: 730,
  },
];

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
