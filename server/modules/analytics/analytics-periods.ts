import { addDays, dayOf } from "../../../common/time";

/** The calendar days (YYYY-MM-DD, product time zone) the summary cards compare. */
export type SummaryPeriods = {
  today: string;
  yesterday: string;
  /** Last 7 days including today, and the 7 before them. */
  weekStart: string;
  lastWeekStart: string;
  lastWeekEnd: string;
  /** This calendar month so far, and the whole month before it. */
  monthStart: string;
  lastMonthStart: string;
  lastMonthEnd: string;
};

export function summaryPeriods(now: Date | number = Date.now()): SummaryPeriods {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return {
    today,
    yesterday: addDays(today, -1),
    weekStart: addDays(today, -6),
    lastWeekStart: addDays(today, -13),
    lastWeekEnd: addDays(today, -7),
    monthStart,
    lastMonthStart: `${lastMonthEnd.slice(0, 8)}01`,
    lastMonthEnd,
  };
}

/** Every day of a range ending today, oldest first: "30d" is today and the 29 days before. */
export function rangeDays(range: `${number}d`, now: Date | number = Date.now()): string[] {
  const count = Number.parseInt(range, 10);
  const today = dayOf(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/** Every day from `from` to `to`, inclusive, oldest first; none when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The earlier of two days (YYYY-MM-DD). */
export const earlierDay = (a: string, b: string) => (a < b ? a : b);

/** The latest of two optional lower bounds (a range start and a retention floor). */
export const laterDay = (a: string, b: string | null) => (b && b > a ? b : a);
