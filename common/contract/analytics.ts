import { z } from "../zod";

/**
 * GET /api/analytics: the signed-in user's clicks on short links and Link Bio links, bots excluded
 * (counted apart in bot_clicks). Days are calendar days in America/Sao_Paulo: today; the last 7 days
 * including today; this calendar month so far; all history. previous: yesterday, the 7 days before
 * the last 7, and the whole previous calendar month. top_countries: all history, unknown as "".
 */
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

export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>["range"];

export const analyticsTargetParamsSchema = z.object({
  id: z.coerce
    .number({ error: "Id inválido" })
    .int("Id inválido")
    .positive("Id inválido")
    .max(2147483647, "Id inválido"),
});

/** Every day of the range ending today, zero-filled, oldest first (YYYY-MM-DD, São Paulo days). */
export type AdvancedAnalytics = {
  daily_clicks: { date: string; clicks: number }[];
};

/**
 * Drill-down of one short link or one Link Bio page (its links' clicks), over the range asked for:
 * total_clicks and every list cover that range; bots are only in bot_clicks. Lists are the top 10,
 * most clicks first; value "" is "unknown" (for referrers: direct visits, no referrer).
 */
export type TargetAnalytics = AdvancedAnalytics & {
  total_clicks: number;
  bot_clicks: number;
  countries: { value: string; clicks: number }[];
  referrers: { value: string; clicks: number }[];
  devices: { value: string; clicks: number }[];
  browsers: { value: string; clicks: number }[];
  os: { value: string; clicks: number }[];
};

export const ANALYTICS_MESSAGES = {
  shortUrlNotFound: "URL não encontrada",
  linkPageNotFound: "Página não encontrada",
  noClicks: "Nenhum dado de cliques ainda",
  noCountries: "Nenhum dado de localização ainda",
} as const;
