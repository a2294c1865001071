import { z } from "../zod";

export type AnalyticsSummary = {
  clicks_today: number;
  clicks_this_week: number;
  clicks_this_month: number;
  total_clicks: number;
  /** The same figures for the period before each, for the real change on the cards. */
  previous: { clicks_yesterday: number; clicks_last_week: number; clicks_last_month: number };
  top_countries: { country: string; clicks: number }[];
  bot_clicks: number;
};

export const analyticsRangeSchema = z.object({
  range: z.enum(["7d", "30d", "90d", "365d"], { error: "Período inválido" }).optional().default("30d"),
});

export type AdvancedAnalytics = {
  daily_clicks: { date: string; clicks: number }[];
};

/** Drill-down of one short link or one Link Bio page. */
export type TargetAnalytics = AdvancedAnalytics & {
  total_clicks: number;
  countries: { value: string; clicks: number }[];
  referrers: { value: string; clicks: number }[];
  devices: { value: string; clicks: number }[];
  browsers: { value: string; clicks: number }[];
  os: { value: string; clicks: number }[];
};

export const ANALYTICS_MESSAGES = {
  noClicks: "Nenhum dado de cliques ainda",
  noCountries: "Nenhum dado de localização ainda",
} as const;
