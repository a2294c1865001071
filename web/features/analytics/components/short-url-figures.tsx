import { ANALYTICS_MESSAGES, type TargetAnalytics } from "@common/contract/analytics";
import { Globe2, MousePointerClick, Users } from "lucide-react";
import { LABELLED_BREAKDOWNS } from "./breakdowns";
import { sumByLabel } from "./click-dimensions";
import { CountryLabel } from "./country-label";
import { CLICKS_SERIES, dailySeries } from "./daily-series";
import { DailyTrend } from "./daily-trend";
import { Breakdown, TrendSection } from "./figure-sections";
import { OpenInAppFigures } from "./open-in-app-figures";
import { RankedList } from "./ranked-list";
import { StatCard } from "./stat-card";

/**
 * A short link's figures over the last `days` days: clicks and unique visitors, clicks by day, and
 * clicks by country, origin, device, browser and OS, and "Abrir no app". `figures` is undefined while
 * loading.
 */
export function ShortUrlFigures({ figures, days }: { figures: TargetAnalytics | undefined; days: number }) {
  const loading = !figures;
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Cliques" value={figures?.total_clicks} icon={MousePointerClick} />
        <StatCard label="Visitantes únicos" value={figures?.unique_visitors} icon={Users} tone="violet" />
      </div>

      <TrendSection title="Cliques por dia" loading={loading}>
        {figures && (
          <DailyTrend
            points={dailySeries(figures.daily_clicks, days)}
            series={[CLICKS_SERIES]}
            empty={ANALYTICS_MESSAGES.noClicks}
          />
        )}
      </TrendSection>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Breakdown title="Países" icon={<Globe2 className="h-4 w-4" aria-hidden />} loading={loading}>
          <RankedList
            empty={ANALYTICS_MESSAGES.noCountries}
            items={(figures?.countries ?? []).map((c) => ({
              key: c.value || "?",
              label: <CountryLabel code={c.value} />,
              clicks: c.clicks,
            }))}
          />
        </Breakdown>
        {LABELLED_BREAKDOWNS.map(({ key, title, icon: Icon, empty, label }) => (
          <Breakdown
            key={key}
            title={title}
            icon={<Icon className="h-4 w-4" aria-hidden />}
            loading={loading}
          >
            <RankedList
              empty={empty}
              items={sumByLabel(figures?.[key], label, ["clicks"] as const).map((row) => ({
                key: row.label,
                label: row.label,
                clicks: row.clicks,
              }))}
            />
          </Breakdown>
        ))}
        <OpenInAppFigures figures={figures?.in_app} />
      </div>
    </>
  );
}
