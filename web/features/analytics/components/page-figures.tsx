import { ANALYTICS_MESSAGES, type PageAnalytics } from "@common/contract/analytics";
import { BLOCK_TYPE_LABELS } from "@common/link-bio/block-summary";
import { Eye, Globe2, MousePointerClick, Percent, Users } from "lucide-react";
import { LABELLED_BREAKDOWNS } from "./breakdowns";
import { sumByLabel } from "./click-dimensions";
import { formatCtr } from "./click-through-rate";
import { countryName } from "./country";
import { CountryLabel } from "./country-label";
import { VIEWS_AND_CLICKS_SERIES, viewsAndClicksSeries } from "./daily-series";
import { DailyTrend } from "./daily-trend";
import { Breakdown, TrendSection } from "./figure-sections";
import { type FiguresColumn, FiguresTable } from "./figures-table";
import { OpenInAppFigures } from "./open-in-app-figures";
import { StatCard } from "./stat-card";

const whole = (n: number) => n.toLocaleString("pt-BR");

const VIEWS_AND_CLICKS: FiguresColumn[] = [
  { header: "Visualizações", width: "w-24" },
  { header: "Cliques", width: "w-16" },
];

const CLICKS_AND_CTR: FiguresColumn[] = [
  { header: "Cliques", width: "w-16" },
  { header: "CTR", width: "w-16" },
];

/**
 * A Link Bio page's figures over the period: views, unique visitors, clicks and CTR, views and
 * clicks by day, clicks per block, views and clicks by country, origin, device, browser and OS, and
 * "Abrir no app". `figures` is undefined while loading.
 */
export function PageFigures({ figures }: { figures: PageAnalytics | undefined }) {
  const loading = !figures;
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Visualizações" value={figures?.views} icon={Eye} />
        <StatCard label="Visitantes únicos" value={figures?.unique_visitors} icon={Users} tone="violet" />
        <StatCard label="Cliques" value={figures?.clicks} icon={MousePointerClick} tone="green" />
        <StatCard label="CTR" value={figures?.ctr} icon={Percent} tone="amber" format={formatCtr} />
      </div>

      <TrendSection title="Visualizações e cliques por dia" loading={loading}>
        {figures && (
          <DailyTrend
            points={viewsAndClicksSeries(figures.daily)}
            series={VIEWS_AND_CLICKS_SERIES}
            empty={ANALYTICS_MESSAGES.noPageData}
            height="h-72"
          />
        )}
      </TrendSection>

      <Breakdown
        title="Cliques por bloco"
        icon={<MousePointerClick className="h-4 w-4" aria-hidden />}
        loading={loading}
      >
        <FiguresTable
          labelHeader="Bloco"
          columns={CLICKS_AND_CTR}
          empty="Nenhum bloco que leve a algum lugar ainda: adicione links, redes sociais, WhatsApp ou Pix à página."
          rows={(figures?.blocks ?? []).map((block) => ({
            key: String(block.id),
            label: (
              <>
                <span className="text-gray-500">{BLOCK_TYPE_LABELS[block.type]}: </span>
                {block.title}
              </>
            ),
            title: `${BLOCK_TYPE_LABELS[block.type]}: ${block.title}`,
            figures: [whole(block.clicks), formatCtr(block.ctr)],
            measure: block.clicks,
          }))}
        />
      </Breakdown>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Breakdown title="Países" icon={<Globe2 className="h-4 w-4" aria-hidden />} loading={loading}>
          <FiguresTable
            labelHeader="País"
            columns={VIEWS_AND_CLICKS}
            empty={ANALYTICS_MESSAGES.noCountries}
            rows={(figures?.countries ?? []).map((c) => ({
              key: c.value || "?",
              label: <CountryLabel code={c.value} />,
              title: countryName(c.value),
              figures: [whole(c.views), whole(c.clicks)],
              measure: c.views,
            }))}
          />
        </Breakdown>
        {LABELLED_BREAKDOWNS.map(({ key, title, header, icon: Icon, empty, label }) => (
          <Breakdown
            key={key}
            title={title}
            icon={<Icon className="h-4 w-4" aria-hidden />}
            loading={loading}
          >
            <FiguresTable
              labelHeader={header}
              columns={VIEWS_AND_CLICKS}
              empty={empty}
              rows={sumByLabel(figures?.[key], label, ["views", "clicks"] as const)
                .sort((a, b) => b.views - a.views || b.clicks - a.clicks)
                .map((row) => ({
                  key: row.label,
                  label: row.label,
                  title: row.label,
                  figures: [whole(row.views), whole(row.clicks)],
                  measure: row.views,
                }))}
            />
          </Breakdown>
        ))}
        <OpenInAppFigures figures={figures?.in_app} />
      </div>
    </>
  );
}
