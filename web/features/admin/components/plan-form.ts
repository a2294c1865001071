import { type AdminPlan, planBodySchema } from "@common/contract/admin";
import type { IntervalType } from "@common/contract/billing";
import { type FieldErrors, issuesByField } from "@web/lib/form-errors";
import type { PlanBodyOutput } from "../api/use-save-plan";

/** What the plan form holds: the numbers as typed. */
export type PlanFormValues = {
  name: string;
  description: string;
  price_cents: string;
  yearly_price_cents: string;
  interval_type: IntervalType;
  max_link_pages: string;
  max_shortened_urls: string;
  max_clicks_per_month: string;
  max_leads_per_month: string;
  creations_per_hour: string;
  analytics_retention_days: string;
  custom_domains: boolean;
  premium_domains: boolean;
  priority_support: boolean;
  is_active: boolean;
};

/**
 * Spec 9: a new plan costs 0, is monthly, keeps analytics 30 days, no custom domains, no priority
 * support; 60 creations an hour (the abuse limit on new links and pages; the column's default).
 */
export const NEW_PLAN_VALUES: PlanFormValues = {
  name: "",
  description: "",
  price_cents: "0",
  yearly_price_cents: "",
  interval_type: "monthly",
  max_link_pages: "",
  max_shortened_urls: "",
  max_clicks_per_month: "",
  max_leads_per_month: "",
  creations_per_hour: "60",
  analytics_retention_days: "30",
  custom_domains: false,
  premium_domains: false,
  priority_support: false,
  is_active: true,
};

/** Unlimited (null or -1) is an empty field. */
const maxText = (value: number | null) => (value === null || value < 0 ? "" : String(value));

/** The plan of everyone without a subscription: the server's rule (price zero, active first, oldest). */
export function freePlanOf(plans: AdminPlan[]): AdminPlan | undefined {
  return plans
    .filter((plan) => plan.price_cents === 0)
    .sort((a, b) => Number(b.is_active) - Number(a.is_active) || a.id - b.id)[0];
}

/**
 * A new plan starts with the free plan's limits, not unlimited: a plan saved in a hurry then
 * gives too little, which a customer reports, rather than everything, which nobody reports.
 */
export function newPlanValues(freePlan: AdminPlan | undefined): PlanFormValues {
  if (!freePlan) return NEW_PLAN_VALUES;
  return {
    ...NEW_PLAN_VALUES,
    max_link_pages: maxText(freePlan.max_link_pages),
    max_shortened_urls: maxText(freePlan.max_shortened_urls),
    max_clicks_per_month: maxText(freePlan.max_clicks_per_month),
    max_leads_per_month: maxText(freePlan.max_leads_per_month),
    creations_per_hour: maxText(freePlan.creations_per_hour ?? null),
    analytics_retention_days: String(freePlan.analytics_retention_days),
  };
}

/** Under a limit left empty: allowed (spec 5), and said plainly. */
export const UNLIMITED_WARNING = "Vazio: sem limite para quem assinar este plano.";

export function planFormValues(plan: AdminPlan): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description ?? "",
    price_cents: String(plan.price_cents),
    yearly_price_cents: plan.yearly_price_cents === null ? "" : String(plan.yearly_price_cents),
    interval_type: plan.interval_type,
    max_link_pages: maxText(plan.max_link_pages),
    max_shortened_urls: maxText(plan.max_shortened_urls),
    max_clicks_per_month: maxText(plan.max_clicks_per_month),
    max_leads_per_month: maxText(plan.max_leads_per_month),
    creations_per_hour: maxText(plan.creations_per_hour ?? null),
    analytics_retention_days: String(plan.analytics_retention_days),
    custom_domains: plan.custom_domains,
    premium_domains: plan.premium_domains,
    priority_support: plan.priority_support,
    is_active: plan.is_active,
  };
}

/**
 * The form checked by the API's own schema (spec 5): the price is in cents and anything not a
 * number becomes 0; an empty max is unlimited; retention empty or 0 becomes 30.
 */
export function parsePlanForm(
  values: PlanFormValues,
): { body: PlanBodyOutput; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const price = values.price_cents.trim();
  const result = planBodySchema.safeParse({
    ...values,
    price_cents: price !== "" && Number.isFinite(Number(price)) ? price : 0,
  });
  return result.success ? { body: result.data } : { errors: issuesByField(result.error.issues) };
}
