import type { LucideIcon } from "lucide-react";
import { TrendingDown, TrendingUp } from "lucide-react";
import { formatChange } from "./percent-change";

type Props = {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  /** Percent change against the previous period and what it is compared with ('vs ontem'). */
  change?: { value: number | null; versus: string };
  tone?: "brand" | "green" | "violet" | "amber";
  /** How the value reads; a pt-BR whole number by default. */
  format?: (value: number) => string;
};

const tones = {
  brand: "bg-brand-50 text-brand-600",
  green: "bg-green-50 text-green-600",
  violet: "bg-violet-50 text-violet-600",
  amber: "bg-amber-50 text-amber-600",
};

/** A figure card; a skeleton while the value is undefined. */
export function StatCard({
  label,
  value,
  icon: Icon,
  change,
  tone = "brand",
  format = (n) => n.toLocaleString("pt-BR"),
}: Props) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-gray-500">{label}</p>
        <span
          className={`hidden h-9 w-9 shrink-0 items-center sm:flex justify-center rounded-lg ${tones[tone]}`}
        >
          <Icon className="h-5 w-5" aria-hidden />
        </span>
      </div>
      {value === undefined ? (
        <div className="mt-2 h-8 w-20 animate-pulse rounded bg-gray-200">
          <span className="sr-only">Carregando</span>
        </div>
      ) : (
        <p className="mt-1 text-2xl font-bold tracking-tight text-gray-900 tabular-nums sm:text-3xl">
          {format(value)}
        </p>
      )}
      {change && value !== undefined && change.value !== null && (
        <p
          className={`mt-2 inline-flex items-center gap-1 text-xs font-medium ${
            change.value > 0 ? "text-green-700" : change.value < 0 ? "text-red-700" : "text-gray-500"
          }`}
        >
          {change.value > 0 && <TrendingUp className="h-3.5 w-3.5" aria-hidden />}
          {change.value < 0 && <TrendingDown className="h-3.5 w-3.5" aria-hidden />}
          {formatChange(change.value, change.versus)}
        </p>
      )}
    </div>
  );
}
