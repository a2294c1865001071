import { plural } from "@web/lib/plural";
import { lazy, Suspense } from "react";
import type { DailySeries } from "./daily-series";

// lazy() keeps no type parameter: inside, the chart is checked with Key = string; DailyTrend's own
// parameter checks what its callers pass.
const DailyChart = lazy(() => import("./daily-chart").then((m) => ({ default: m.DailyChart })));

/**
 * The chart of the period's days, named for screen readers by its totals ("40 visualizações e 3
 * cliques no período"), or the empty text when every series is zero on every day.
 */
export function DailyTrend<Key extends string>({
  points,
  series,
  empty,
  height = "h-64",
}: {
  points: ({ label: string } & Record<Key, number>)[];
  series: DailySeries<Key>[];
  empty: string;
  height?: "h-64" | "h-72";
}) {
  const totals = series.map((s) => points.reduce((sum, point) => sum + point[s.key], 0));
  if (totals.every((total) => total === 0)) {
    return (
      <div className="flex h-64 items-center justify-center rounded-lg bg-gray-50 px-4 text-center text-sm text-gray-500">
        {empty}
      </div>
    );
  }
  const label = `${series.map((s, i) => plural(totals[i]!, ...s.unit)).join(" e ")} no período`;
  return (
    <div className={height} role="img" aria-label={label}>
      <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-gray-100" />}>
        <DailyChart points={points} series={series} />
      </Suspense>
    </div>
  );
}
