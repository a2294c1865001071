import {
  isUnlimited,
  PRICING_PATH,
  UNLIMITED_LABEL,
  USAGE_WARNING_RATIO,
  type Usage,
  type UsageLimits,
} from "@common/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@web/lib/api-client";
import { usageLimitsQuery } from "@web/lib/plans";
import { Inbox, LayoutTemplate, Link2, type LucideIcon, MousePointerClick } from "lucide-react";
import { Link } from "react-router";

const METERS: { key: keyof UsageLimits; label: string; icon: LucideIcon; full: string }[] = [
  {
    key: "link_pages",
    label: "Link Bios",
    icon: LayoutTemplate,
    full: "Limite atingido: faça upgrade para criar mais Link Bios.",
  },
  {
    key: "shortened_urls",
    label: "URLs encurtadas",
    icon: Link2,
    full: "Limite atingido: faça upgrade para encurtar mais URLs.",
  },
  {
    key: "clicks_this_month",
    label: "Cliques este mês",
    icon: MousePointerClick,
    full: "Limite de cliques do mês atingido.",
  },
  {
    key: "leads_this_month",
    label: "Contatos este mês",
    icon: Inbox,
    full: "Limite de contatos do mês atingido: os novos ficam guardados e aparecem com um upgrade ou no próximo mês.",
  },
];

/** The share of a finite limit in use (0 to 1; a limit of 0 is full at once). */
export function usageRatio({ used, limit }: Usage): number {
  if (isUnlimited(limit)) return 0;
  if (limit <= 0) return 1;
  return Math.min(1, used / limit);
}

/** 'Uso do plano': one bar per limit, warning above USAGE_WARNING_RATIO of a finite limit (spec 5). */
export function UsageMeters() {
  const limits = useQuery(usageLimitsQuery);
  const anyWarning =
    limits.data && METERS.some(({ key }) => usageRatio(limits.data[key]) > USAGE_WARNING_RATIO);

  return (
    <section
      aria-labelledby="usage-title"
      className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="usage-title" className="text-base font-semibold text-gray-900">
        Uso do plano
      </h2>
      {limits.isPending ? (
        <ul className="mt-5 space-y-6" aria-label="Carregando uso">
          {METERS.map(({ key }) => (
            <li key={key} className="space-y-2">
              <div className="h-4 w-1/2 animate-pulse rounded bg-gray-200" />
              <div className="h-2 w-full animate-pulse rounded-full bg-gray-100" />
            </li>
          ))}
        </ul>
      ) : limits.isError ? (
        <div className="mt-4 text-sm">
          <p role="alert" className="text-red-600">
            {errorMessage(limits.error, "Não foi possível carregar o uso do plano.")}
          </p>
          <button
            type="button"
            onClick={() => void limits.refetch()}
            className="mt-2 font-medium text-brand-600 hover:underline"
          >
            Tentar novamente
          </button>
        </div>
      ) : (
        <>
          <ul className="mt-5 space-y-5">
            {METERS.map(({ key, ...meter }) => (
              <UsageMeter key={key} {...meter} usage={limits.data[key]} />
            ))}
          </ul>
          {anyWarning && (
            <Link
              to={PRICING_PATH}
              className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Ver planos com mais espaço
            </Link>
          )}
        </>
      )}
    </section>
  );
}

function UsageMeter({
  label,
  icon: Icon,
  full,
  usage,
}: {
  label: string;
  icon: LucideIcon;
  full: string;
  usage: Usage;
}) {
  const unlimited = isUnlimited(usage.limit);
  const ratio = usageRatio(usage);
  const warning = !unlimited && ratio > USAGE_WARNING_RATIO;
  const reached = !unlimited && ratio >= 1;
  const used = usage.used.toLocaleString("pt-BR");
  const limit = unlimited ? UNLIMITED_LABEL : usage.limit?.toLocaleString("pt-BR");
  return (
    <li data-state={warning ? "warning" : "ok"}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-medium text-gray-700">
          <Icon className="h-4 w-4 text-gray-400" aria-hidden />
          {label}
        </span>
        <span className="text-gray-500 tabular-nums">
          <strong className={`font-semibold ${warning ? "text-amber-700" : "text-gray-900"}`}>{used}</strong>{" "}
          / {limit}
        </span>
      </div>
      {unlimited ? (
        <p className="mt-2 text-xs text-gray-500">Sem limite no seu plano.</p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={usage.limit ?? 0}
            aria-valuenow={Math.min(usage.used, usage.limit ?? 0)}
            aria-valuetext={`${used} de ${limit}`}
            className="mt-2 h-2 overflow-hidden rounded-full bg-gray-100"
          >
            <div
              className={`h-full rounded-full transition-[width] ${
                reached ? "bg-red-500" : warning ? "bg-amber-500" : "bg-brand-600"
              }`}
              style={{ width: `${Math.max(ratio > 0 ? 2 : 0, Math.round(ratio * 100))}%` }}
            />
          </div>
          {warning && (
            <p className={`mt-1.5 text-xs font-medium ${reached ? "text-red-700" : "text-amber-700"}`}>
              {reached ? full : `Você já usou ${Math.round(ratio * 100)}% do limite.`}
            </p>
          )}
        </>
      )}
    </li>
  );
}
