import { planKey } from "@common/contract/billing";
import { Building2, Crown, type LucideIcon, Package, Sparkles, Zap } from "lucide-react";

const LOOKS: Record<ReturnType<typeof planKey>, { icon: LucideIcon; tile: string }> = {
  gratuito: { icon: Sparkles, tile: "bg-gray-100 text-gray-600" },
  pro: { icon: Zap, tile: "bg-brand-50 text-brand-600" },
  business: { icon: Building2, tile: "bg-violet-50 text-violet-600" },
  enterprise: { icon: Crown, tile: "bg-amber-50 text-amber-600" },
  other: { icon: Package, tile: "bg-gray-100 text-gray-600" },
};

const SIZES = { sm: "h-9 w-9 [&>svg]:h-4.5 [&>svg]:w-4.5", md: "h-11 w-11 [&>svg]:h-5.5 [&>svg]:w-5.5" };

/** The plan's icon on a tinted tile, chosen by its name (spec 2: gratuito, pro, business, enterprise). */
export function PlanIcon({ name, size = "md" }: { name: string; size?: keyof typeof SIZES }) {
  const { icon: Icon, tile } = LOOKS[planKey(name)];
  return (
    <span className={`flex shrink-0 items-center justify-center rounded-xl ${tile} ${SIZES[size]}`}>
      <Icon aria-hidden />
    </span>
  );
}
