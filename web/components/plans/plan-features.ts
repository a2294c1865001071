import { isUnlimited, type SubscriptionPlan, UNLIMITED_LABEL } from "@common/contract/billing";

/** A limit as the plans show it: "1.000", or 'Ilimitado' for null / -1. */
export function formatLimit(limit: number | null | undefined): string {
  return isUnlimited(limit) ? UNLIMITED_LABEL : limit.toLocaleString("pt-BR");
}

/** One line of a plan's feature list; `value` is the figure shown in bold, before the label or after it. */
export type PlanFeature = { key: string; label: string; value?: string; valueLast?: boolean };

const LIMITS = [
  { key: "link_pages", field: "max_link_pages", one: "Link Bio", many: "Link Bios" },
  { key: "shortened_urls", field: "max_shortened_urls", one: "URL encurtada", many: "URLs encurtadas" },
  { key: "clicks", field: "max_clicks_per_month", one: "clique por mês", many: "cliques por mês" },
  { key: "leads", field: "max_leads_per_month", one: "contato por mês", many: "contatos por mês" },
] as const;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a plan includes, in the order of spec 2: limits, domains, analytics, support. */
export function planFeatures(plan: SubscriptionPlan): PlanFeature[] {
  const features: PlanFeature[] = LIMITS.map(({ key, field, one, many }) => {
    const limit = plan[field];
    // "Link Bios: Ilimitado" reads better than "Ilimitado Link Bios".
    if (isUnlimited(limit))
      return { key, label: `${capitalized(many)}:`, value: UNLIMITED_LABEL, valueLast: true };
    return { key, value: formatLimit(limit), label: limit === 1 ? one : many };
  });
  if (plan.custom_domains) features.push({ key: "custom_domains", label: "Domínio personalizado" });
  if (plan.premium_domains) features.push({ key: "premium_domains", label: "Domínios premium" });
  features.push({ key: "analytics", label: `Analytics de ${plan.analytics_retention_days} dias` });
  features.push(
    plan.priority_support
      ? { key: "support", label: "Suporte prioritário" }
      : { key: "support", label: "Suporte por email" },
  );
  return features;
}

/**
 * A plan's limits in one short line, for compact lists: "3 Link Bios · 50 URLs · 1.000 cliques/mês ·
 * 100 contatos/mês".
 */
export function planLimitsSummary(plan: SubscriptionPlan): string {
  const part = (limit: number | null, noun: string) =>
    isUnlimited(limit) ? `${noun} ilimitados` : `${formatLimit(limit)} ${noun}`;
  return [
    part(plan.max_link_pages, "Link Bios"),
    isUnlimited(plan.max_shortened_urls) ? "URLs ilimitadas" : `${formatLimit(plan.max_shortened_urls)} URLs`,
    part(plan.max_clicks_per_month, "cliques/mês"),
    part(plan.max_leads_per_month, "contatos/mês"),
  ].join(" · ");
}
