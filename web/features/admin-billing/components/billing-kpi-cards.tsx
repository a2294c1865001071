import type { AdminStats } from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { CircleCheck, Clock, type LucideIcon, Users, Wallet } from "lucide-react";

const TONES = {
  green: "bg-green-50 text-green-600",
  brand: "bg-brand-50 text-brand-600",
  amber: "bg-amber-50 text-amber-600",
  violet: "bg-violet-50 text-violet-600",
} as const;

type Card = {
  label: string;
  figure: (stats: AdminStats) => string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
};

const CARDS: Card[] = [
  { label: "Receita Total", figure: (s) => formatBRL(s.total_revenue), icon: Wallet, tone: "green" },
  { label: "Assinaturas Ativas", figure: (s) => String(s.active_subscriptions), icon: Users, tone: "brand" },
  {
    label: "Pendente este mês",
    figure: (s) => formatBRL(s.monthly_revenue_pending),
    icon: Clock,
    tone: "amber",
  },
  {
    label: "Recebido este mês",
    figure: (s) => formatBRL(s.monthly_revenue_paid),
    icon: CircleCheck,
    tone: "violet",
  },
];

/** The subscriptions dashboard's four figures; a skeleton while they load. */
export function BillingKpiCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {CARDS.map(({ label, figure, icon: Icon, tone }) => (
        // A <dl> group holds only <dt> and <dd>: the icon is in the term, beside both from sm up.
        <div
          key={label}
          className="relative flex min-w-0 flex-col justify-center rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:min-h-[5.25rem] sm:p-5 sm:pl-20"
        >
          <dt className="flex flex-col gap-2 text-sm text-gray-500">
            <span
              aria-hidden
              className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl sm:absolute sm:top-1/2 sm:left-5 sm:h-11 sm:w-11 sm:-translate-y-1/2 ${TONES[tone]}`}
            >
              <Icon className="h-5 w-5" />
            </span>
            {label}
          </dt>
          <dd className="mt-0.5 truncate text-lg font-bold text-gray-900 sm:text-xl">
            {stats ? (
              figure(stats)
            ) : (
              <>
                <span className="block h-6 w-24 animate-pulse rounded bg-gray-200" aria-hidden />
                <span className="sr-only">Carregando</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
