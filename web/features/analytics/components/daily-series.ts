import { addDays, dayOf } from "@common/time";

export type DailyPoint = { date: string; label: string; clicks: number };

/** A day's label on a chart's axis: 'dd/mm'. */
export const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The last `days` calendar days ending today (product time zone), with 0 for days the API left
 * out, so the chart's axis is continuous.
 */
export function dailySeries(
  daily: { date: string; clicks: number }[],
  days: number,
  today = dayOf(Date.now()),
): DailyPoint[] {
  const byDay = new Map<string, number>();
  for (const point of daily) {
    const day = point.date.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + point.clicks);
  }
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1);
    return { date, label: dayLabel(date), clicks: byDay.get(date) ?? 0 };
  });
}

export type ViewsAndClicksPoint = { date: string; label: string; views: number; clicks: number };

/** A page's days as the server sends them (every day of the period, zero-filled), labelled for the axis. */
export function viewsAndClicksSeries(
  daily: { date: string; views: number; clicks: number }[],
): ViewsAndClicksPoint[] {
  return daily.map(({ date, views, clicks }) => ({ date, label: dayLabel(date), views, clicks }));
}

/** A series of a daily chart: the points' field, its name in the legend, its colours and its unit. */
export type DailySeries<Key extends string> = {
  key: Key;
  name: string;
  stroke: string;
  fill: string;
  unit: [one: string, many: string];
};

export const CLICKS_SERIES: DailySeries<"clicks"> = {
  key: "clicks",
  name: "Cliques",
  stroke: "#2563eb",
  fill: "#3b82f6",
  unit: ["clique", "cliques"],
};

/** A page's two series: its views in blue and its blocks' clicks in green. */
export const VIEWS_AND_CLICKS_SERIES: [DailySeries<"views">, DailySeries<"clicks">] = [
  {
    key: "views",
    name: "Visualizações",
    stroke: "#2563eb",
    fill: "#3b82f6",
    unit: ["visualização", "visualizações"],
  },
  { ...CLICKS_SERIES, stroke: "#059669", fill: "#10b981" },
];
