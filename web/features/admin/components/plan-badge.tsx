import { planKey } from "@common/contract/billing";
import { Badge, type BadgeTone } from "@web/components/ui/badge";

const PLAN_TONES: Record<ReturnType<typeof planKey>, BadgeTone> = {
  enterprise: "violet",
  business: "blue",
  pro: "amber",
  gratuito: "gray",
  other: "brand",
};

/** The user's plan (spec 2): Enterprise, Business and Pro each in their colour, 'Gratuito' by default. */
export function PlanBadge({ name }: { name: string | null | undefined }) {
  const label = name?.trim() || "Gratuito";
  return <Badge tone={PLAN_TONES[planKey(label)]}>{label}</Badge>;
}
