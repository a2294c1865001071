import type { AnalyticsSummary } from "@common/contract/analytics";
import { percentChange } from "./percent-change";

export type Period = "today" | "week" | "month" | "all";

export const PERIODS: { value: Period; label: string }[] = [
  { value: "today", label: "Hoje" },
  { value: "week", label: "Esta Semana" },
  { value: "month", label: "Este Mês" },
  { value: "all", label: "Todos os Tempos" },
];

/** Spec 9: the default period is the week. */
export const DEFAULT_PERIOD: Period = "week";

export type PeriodFigure = { clicks: number; change: { value: number | null; versus: string } | undefined };

/** A period's clicks and its real change against the period before (none for all time). */
export function periodFigure(summary: AnalyticsSummary, period: Period): PeriodFigure {
  const { previous } = summary;
  switch (period) {
    case "today":
      return {
        clicks: summary.clicks_today,
        change: { value: percentChange(summary.clicks_today, previous.clicks_yesterday), versus: "vs ontem" },
      };
    case "week":
      return {
        clicks: summary.clicks_this_week,
        change: {
          value: percentChange(summary.clicks_this_week, previous.clicks_last_week),
          versus: "vs semana anterior",
        },
      };
    case "month":
      return {
        clicks: summary.clicks_this_month,
        change: {
          value: percentChange(summary.clicks_this_month, previous.clicks_last_month),
          versus: "vs mês anterior",
        },
      };
    case "all":
      return { clicks: summary.total_clicks, change: undefined };
  }
}
