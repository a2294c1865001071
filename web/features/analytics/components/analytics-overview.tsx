import { ANALYTICS_MESSAGES } from "@common/contract/analytics";
import { useQuery } from "@tanstack/react-query";
import { FormError } from "@web/components/ui/notice";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { TipsCard } from "@web/components/ui/tips-card";
import { errorMessage } from "@web/lib/api-client";
import {
  CalendarDays,
  CalendarRange,
  Globe2,
  Infinity as InfinityIcon,
  MousePointerClick,
} from "lucide-react";
import { useState } from "react";
import { advancedAnalyticsQuery, analyticsSummaryQuery } from "../api/analytics";
import { AnalyticsPageLinks } from "./analytics-page-links";
import { DEFAULT_PERIOD, PERIODS, type Period, periodFigure } from "./analytics-periods";
import { AnalyticsShortcuts } from "./analytics-shortcuts";
import { CountryLabel } from "./country-label";
import { CLICKS_SERIES, dailySeries } from "./daily-series";
import { DailyTrend } from "./daily-trend";
import { RankedList } from "./ranked-list";
import { StatCard } from "./stat-card";

const CHART_DAYS = 30;

const TIPS = [
  "Use títulos claros e chamadas para ação nos seus links.",
  "Compartilhe seu Link Bio na bio do Instagram, TikTok e WhatsApp.",
  "Códigos personalizados são mais fáceis de lembrar e inspiram confiança.",
  "Use o QR Code dos seus links em materiais impressos e eventos.",
];

/** /analytics: the account's clicks by period, the 30-day trend and the top countries. */
export function AnalyticsOverview() {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const summary = useQuery(analyticsSummaryQuery);
  const advanced = useQuery(advancedAnalyticsQuery("30d"));
  const data = summary.data;
  const chosen = data ? periodFigure(data, period) : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Analytics</h1>
          <p className="mt-1 text-sm text-gray-500">Acompanhe os cliques dos seus links e Link Bios.</p>
        </div>
        <SegmentedControl label="Período" options={PERIODS} value={period} onChange={setPeriod} />
      </div>

      {summary.isError && <FormError>{errorMessage(summary.error, "Erro ao carregar analytics")}</FormError>}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total de Cliques"
          value={chosen?.clicks}
          icon={MousePointerClick}
          change={chosen?.change}
        />
        <StatCard label="Todos os Tempos" value={data?.total_clicks} icon={InfinityIcon} tone="violet" />
        <StatCard
          label="Hoje"
          value={data?.clicks_today}
          icon={CalendarDays}
          tone="green"
          change={data && periodFigure(data, "today").change}
        />
        <StatCard
          label="Esta Semana"
          value={data?.clicks_this_week}
          icon={CalendarRange}
          tone="amber"
          change={data && periodFigure(data, "week").change}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="tendencia-de-cliques"
          className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm lg:col-span-2"
        >
          <h2 id="tendencia-de-cliques" className="text-base font-semibold text-gray-900">
            Tendência de Cliques
          </h2>
          <p className="mb-4 text-sm text-gray-500">Últimos 30 dias</p>
          {advanced.isPending ? (
            <div className="h-64 animate-pulse rounded-lg bg-gray-100" />
          ) : advanced.isError ? (
            <p role="alert" className="flex h-64 items-center justify-center text-sm text-red-600">
              {errorMessage(advanced.error, "Erro ao carregar o gráfico")}
            </p>
          ) : (
            <DailyTrend
              points={dailySeries(advanced.data.daily_clicks, CHART_DAYS)}
              series={[CLICKS_SERIES]}
              empty={ANALYTICS_MESSAGES.noClicks}
            />
          )}
        </section>

        <section
          aria-labelledby="paises-principais"
          className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
        >
          <h2
            id="paises-principais"
            className="mb-4 flex items-center gap-2 text-base font-semibold text-gray-900"
          >
            <Globe2 className="h-4 w-4 text-gray-400" aria-hidden />
            Países Principais
          </h2>
          {summary.isPending ? (
            <div className="space-y-3">
              {[0, 1, 2, 3].map((n) => (
                <div key={n} className="h-6 animate-pulse rounded bg-gray-100" />
              ))}
            </div>
          ) : (
            <RankedList
              empty={ANALYTICS_MESSAGES.noCountries}
              items={(data?.top_countries ?? []).map((c) => ({
                key: c.country || "?",
                label: <CountryLabel code={c.country} />,
                clicks: c.clicks,
              }))}
            />
          )}
        </section>
      </div>

      <AnalyticsPageLinks />

      <AnalyticsShortcuts />

      <TipsCard title="Dicas para aumentar seus cliques" tips={TIPS} />
    </div>
  );
}
