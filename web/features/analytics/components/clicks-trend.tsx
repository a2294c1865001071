import { ANALYTICS_MESSAGES } from "@common/contract/analytics";
import { lazy, Suspense } from "react";
import type { DailyPoint } from "./daily-series";

const ClicksChart = lazy(() => import("./clicks-chart").then((m) => ({ default: m.ClicksChart })));

/** The clicks-by-day chart, or the spec's empty text when there is not a single click. */
export function ClicksTrend({ points }: { points: DailyPoint[] }) {
  const total = points.reduce((sum, p) => sum + p.clicks, 0);
  if (total === 0) {
    return (
      <div className="flex h-64 items-center justify-center rounded-lg bg-gray-50 text-sm text-gray-500">
        {ANALYTICS_MESSAGES.noClicks}
      </div>
    );
  }
  return (
    <div className="h-64" role="img" aria-label={`${total} ${total === 1 ? "clique" : "cliques"} no período`}>
      <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-gray-100" />}>
        <ClicksChart points={points} />
      </Suspense>
    </div>
  );
}
