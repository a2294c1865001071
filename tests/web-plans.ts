// Test-only, for the web component tests: the seeded plans as the public plan list answers them
// (the pricing page, the landing page's pricing section, the subscription screens).
import type { SubscriptionPlan } from "@common/contract/billing";

const basePlan: Omit<SubscriptionPlan, "id" | "name" | "description" | "price_cents" | "yearly_price_cents"> =
  {
    interval_type: "monthly",
    max_link_pages: 3,
    max_shortened_urls: 50,
    max_clicks_per_month: 1000,
    max_leads_per_month: 100,
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
    max_leads_per_month: null,
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
    max_leads_per_month: null,
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
    max_leads_per_month: null,
    custom_domains: true,
    premium_domains: true,
    priority_support: true,
    analytics_retention_days: 730,
  },
];
