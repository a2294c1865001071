import { z } from "../zod";
import { BLOCK_TYPES } from "./link-blocks";
import { optionalDaySchema, wholeNumberSchema } from "./wire";

export const ANALYTICS_PERIOD_MESSAGES = {
  invalid: "Período inválido",
  invalidDate: "Data inválida",
  bothDays: "Informe a data inicial e a final",
  reversed: "A data final deve ser igual ou posterior à data inicial",
  tooLong: "O período pode ter no máximo 366 dias",
} as const;

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

/** The longest period `from`/`to` may span: a year and a day (a leap year's 366 days). */
export const MAX_PERIOD_DAYS = 366;

const dayDistance = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The period of an analytics read: `range` (the last 7, 30, 90 or 365 days, today included), or
 * `from` and `to` (YYYY-MM-DD, São Paulo days, inclusive, at most MAX_PERIOD_DAYS), which win.
 */
export const analyticsRangeSchema = z
  .object({
    range: z
      .enum(["7d", "30d", "90d", "365d"], { error: ANALYTICS_PERIOD_MESSAGES.invalid })
      .optional()
      .default("30d"),
    from: optionalDaySchema(ANALYTICS_PERIOD_MESSAGES.invalidDate),
    to: optionalDaySchema(ANALYTICS_PERIOD_MESSAGES.invalidDate),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [query.from ? "to" : "from"],
        message: ANALYTICS_PERIOD_MESSAGES.bothDays,
      });
    } else if (query.from && query.to) {
      const span = dayDistance(query.from, query.to);
      if (span < 0)
        ctx.addIssue({ code: "custom", path: ["to"], message: ANALYTICS_PERIOD_MESSAGES.reversed });
      else if (span >= MAX_PERIOD_DAYS) {
        ctx.addIssue({ code: "custom", path: ["to"], message: ANALYTICS_PERIOD_MESSAGES.tooLong });
      }
    }
  });

export type AnalyticsPeriod = z.infer<typeof analyticsRangeSchema>;
export type AnalyticsRange = AnalyticsPeriod["range"];

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

/**
 * "Abrir no app" (issue 36) over the period. A visit is a short link's human click, or a page's
 * view. `visits`: those made inside a social app's in-app browser, `share` of all visits; `app_opens`
 * and `browser_opens`: clicks sent on to the target's app or to the system browser, `app_open_share`
 * of the clicks made in-app (0 without any); `apps`: which in-app browsers, most visits first.
 */
export const inAppFiguresSchema = z.object({
  visits: wholeNumberSchema,
  share: z.number().min(0),
  app_opens: wholeNumberSchema,
  browser_opens: wholeNumberSchema,
  app_open_share: z.number().min(0),
  apps: z.array(z.object({ value: z.string(), visits: wholeNumberSchema })),
});
export type InAppFigures = z.infer<typeof inAppFiguresSchema>;

export const targetAnalyticsSchema = advancedAnalyticsSchema.extend({
  total_clicks: wholeNumberSchema,
  /** The sum of each day's unique visitors (people who clicked, counted once a day). */
  unique_visitors: wholeNumberSchema,
  bot_clicks: wholeNumberSchema,
  countries: clicksByValue,
  referrers: clicksByValue,
  devices: clicksByValue,
  browsers: clicksByValue,
  os: clicksByValue,
  in_app: inAppFiguresSchema,
});
export type TargetAnalytics = z.infer<typeof targetAnalyticsSchema>;

/**
 * One Link Bio page's figures over the period (`GET /api/link-pages/{id}/analytics`, also at
 * `/api/analytics/link-pages/{id}`): its views (people: never bots, prefetches, HEAD or the owner's
 * "Visualizar"), unique visitors (the sum of each day's: nothing identifies a visitor across days),
 * its blocks' human clicks and the click-through rate (clicks / views, 0 without views). `daily` has
 * every day of the period, zero-filled; the breakdowns are the top 10 by views, then clicks.
 */
const viewsAndClicksByValue = z.array(
  z.object({ value: z.string(), views: wholeNumberSchema, clicks: wholeNumberSchema }),
);
export const pageAnalyticsSchema = targetAnalyticsSchema.extend({
  views: wholeNumberSchema,
  unique_visitors: wholeNumberSchema,
  clicks: wholeNumberSchema,
  ctr: z.number().min(0),
  daily: z.array(
    z.object({
      date: z.string(),
      views: wholeNumberSchema,
      unique_visitors: wholeNumberSchema,
      clicks: wholeNumberSchema,
    }),
  ),
  blocks: z.array(
    z.object({
      id: wholeNumberSchema,
      type: z.enum(BLOCK_TYPES),
      title: z.string(),
      clicks: wholeNumberSchema,
      /** The block's clicks over the page's views, 0 without views. */
      ctr: z.number().min(0),
    }),
  ),
  countries: viewsAndClicksByValue,
  referrers: viewsAndClicksByValue,
  devices: viewsAndClicksByValue,
  browsers: viewsAndClicksByValue,
  os: viewsAndClicksByValue,
});
export type PageAnalytics = z.infer<typeof pageAnalyticsSchema>;

export const ANALYTICS_MESSAGES = {
  shortUrlNotFound: "URL não encontrada",
  linkPageNotFound: "Página não encontrada",
  noClicks: "Nenhum dado de cliques ainda",
  /** A page's chart with neither views nor clicks in the period (ours: the spec has no page figures). */
  noPageData: "Nenhum dado de visualizações ou cliques ainda",
  noCountries: "Nenhum dado de localização ainda",
} as const;
