import { addDays, dayOf } from "@common/time";

export type DailyPoint = { date: string; label: string; clicks: number };

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
    return { date, label: `${date.slice(8, 10)}/${date.slice(5, 7)}`, clicks: byDay.get(date) ?? 0 };
  });
}
