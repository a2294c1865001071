import { lazy, Suspense } from "react";
import type { ViewsAndClicksPoint } from "./daily-series";

const ViewsClicksChart = lazy(() =>
  import("./views-clicks-chart").then((m) => ({ default: m.ViewsClicksChart })),
);

export const NO_PAGE_DATA = "Nenhum dado de visualizações ou cliques ainda";

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

/** A page's views and clicks by day, or the empty text when the period has neither. */
export function ViewsClicksTrend({ points }: { points: ViewsAndClicksPoint[] }) {
  const views = points.reduce((sum, p) => sum + p.views, 0);
  const clicks = points.reduce((sum, p) => sum + p.clicks, 0);
  if (views === 0 && clicks === 0) {
    return (
      <div className="flex h-64 items-center justify-center rounded-lg bg-gray-50 px-4 text-center text-sm text-gray-500">
        {NO_PAGE_DATA}
      </div>
    );
  }
  return (
    <div
      className="h-72"
      role="img"
      aria-label={`${count(views, "visualização", "visualizações")} e ${count(clicks, "clique", "cliques")} no período`}
    >
      <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-gray-100" />}>
        <ViewsClicksChart points={points} />
      </Suspense>
    </div>
  );
}
