import { z } from "../zod";
import { BLOCK_TYPES } from "./link-blocks";
import { wholeNumberSchema } from "./wire";

/**
 * GET /api/analytics: the signed-in user's clicks on short links and Link Bio links, bots excluded
 * (counted apart in bot_clicks). Days are calendar days in America/Sao_Paulo: today; the last 7 days
 * including today; this calendar month so far; all history. previous: yesterday, the 7 days before
 * the last 7, and the whole previous calendar month. top_countries: all history, unknown as "".
 */
export const analyticsSummarySchema = z.object({
  clicks_today: wholeNumberSchema,
  clicks_this_week: wholeNumberSchema,
  clicks_this_month: wholeNumberSchema,
  total_clicks: wholeNumberSchema,
  /** The same figures for the period before each, for the real change on the cards. */
  previous: z.object({
    clicks_yesterday: wholeNumberSchema,
    clicks_last_week: wholeNumberSchema,
    clicks_last_month: wholeNumberSchema,
  }),
  top_countries: z.array(z.object({ country: z.string(), clicks: wholeNumberSchema })),
  bot_clicks: wholeNumberSchema,
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

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
export const advancedAnalyticsSchema = z.object({
  daily_clicks: z.array(z.object({ date: z.string(), clicks: wholeNumberSchema })),
});
export type AdvancedAnalytics = z.infer<typeof advancedAnalyticsSchema>;

/**
 * Drill-down of one short link or one Link Bio page (its links' clicks), over the range asked for:
 * total_clicks and every list cover that range; bots are only in bot_clicks. Lists are the top 10,
 * most clicks first; value "" is "unknown" (for referrers: direct visits, no referrer).
 */
const clicksByValue = z.array(z.object({ value: z.string(), clicks: wholeNumberSchema }));
export const targetAnalyticsSchema = advancedAnalyticsSchema.extend({
  total_clicks: wholeNumberSchema,
  bot_clicks: wholeNumberSchema,
  countries: clicksByValue,
  referrers: clicksByValue,
  devices: clicksByValue,
  browsers: clicksByValue,
  os: clicksByValue,
});
export type TargetAnalytics = z.infer<typeof targetAnalyticsSchema>;

/**
 * One Link Bio page's drill-down, with the clicks of each of its blocks over the range (human
 * clicks, most first; blocks deleted since are gone with their clicks). `type` tells a link from a
 * social icon, a WhatsApp or Pix button, a player or a contact card; `title` is what the editor
 * shows of the block.
 */
export const pageAnalyticsSchema = targetAnalyticsSchema.extend({
  blocks: z.array(
    z.object({
      id: wholeNumberSchema,
      type: z.enum(BLOCK_TYPES),
      title: z.string(),
      clicks: wholeNumberSchema,
    }),
  ),
});
export type PageAnalytics = z.infer<typeof pageAnalyticsSchema>;

export const ANALYTICS_MESSAGES = {
  shortUrlNotFound: "URL não encontrada",
  linkPageNotFound: "Página não encontrada",
  noClicks: "Nenhum dado de cliques ainda",
  noCountries: "Nenhum dado de localização ainda",
} as const;
