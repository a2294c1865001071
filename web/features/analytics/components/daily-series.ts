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
