import type {
  AdvancedAnalytics,
  AnalyticsPeriod,
  AnalyticsSummary,
  PageAnalytics,
  TargetAnalytics,
} from "../../../common/contract/analytics";
import { BLOCK_TYPE_LABELS, blockSummary } from "../../../common/link-bio/block-summary";
import { dayOf } from "../../../common/time";
import type { Db } from "../../../db/client";
import { listBlocks } from "../link-pages/link-pages.queries";
import { toLinkBioBlock } from "../link-pages/link-pages.wire";
import {
  type BreakdownDimension,
  botClicks,
  type ClickScope,
  clicksPerBlock,
  clicksPerDay,
  type DayRange,
  pageFiguresPerDay,
  pageTopValues,
  summaryTotals,
  topCountries,
  topValues,
} from "./analytics.queries";
import { daysBetween, earlierDay, laterDay, rangeDays, summaryPeriods } from "./analytics-periods";
import { analyticsFloorDay } from "./analytics-retention";
import { inAppFigures } from "./in-app-figures";

export async function getSummary(db: Db, userId: number, now = Date.now()): Promise<AnalyticsSummary> {
  const floor = await analyticsFloorDay(db, userId, now);
  const [totals, countries] = await Promise.all([
    summaryTotals(db, userId, summaryPeriods(now), floor),
    topCountries(db, userId, floor),
  ]);
  return {
    clicks_today: totals.today,
    clicks_this_week: totals.week,
    clicks_this_month: totals.month,
    total_clicks: totals.total,
    previous: {
      clicks_yesterday: totals.yesterday,
      clicks_last_week: totals.lastWeek,
      clicks_last_month: totals.lastMonth,
    },
    top_countries: countries,
    bot_clicks: totals.bots,
  };
}

/** Clicks of every day of the range, zero-filled, oldest first; and the unique visitors' sum. */
async function dailyClicks(db: Db, scope: ClickScope, period: Period) {
  const rows = await clicksPerDay(db, scope, period);
  const byDay = new Map(rows.map((row) => [row.day, row.clicks]));
  return {
    daily: period.days.map((date) => ({ date, clicks: byDay.get(date) ?? 0 })),
    visitors: rows.reduce((sum, row) => sum + row.visitors, 0),
  };
}

export async function getAdvanced(
  db: Db,
  userId: number,
  query: AnalyticsPeriod,
  now = Date.now(),
): Promise<AdvancedAnalytics> {
  const period = await periodOf(db, userId, query, now);
  return { daily_clicks: (await dailyClicks(db, { kind: "user", userId }, period)).daily };
}

/** The drill-down of one short link or Link Bio page; the caller has checked the owner. */
export async function getTargetAnalytics(
  db: Db,
  scope: Exclude<ClickScope, { kind: "user" }>,
  query: AnalyticsPeriod,
  now = Date.now(),
): Promise<TargetAnalytics> {
  return targetFigures(db, scope, await periodOf(db, scope.userId, query, now));
}

/**
 * What a read covers: every day of the period asked for (the last `range` days, or `from`..`to`
 * up to today), and the days whose figures are read: from the first the plan's retention still
 * shows.
 */
type Period = DayRange & { days: string[] };

async function periodOf(db: Db, userId: number, query: AnalyticsPeriod, now: number): Promise<Period> {
  const today = dayOf(now);
  const days =
    query.from && query.to
      ? daysBetween(query.from, earlierDay(query.to, today))
      : rangeDays(query.range, now);
  const first = days[0] ?? query.from ?? today;
  return {
    days,
    from: laterDay(first, await analyticsFloorDay(db, userId, now)),
    to: days[days.length - 1] ?? first,
  };
}

async function targetFigures(
  db: Db,
  scope: Exclude<ClickScope, { kind: "user" }>,
  period: Period,
): Promise<TargetAnalytics> {
  const [clicks, bots, values] = await Promise.all([
    dailyClicks(db, scope, period),
    botClicks(db, scope, period),
    topValues(db, scope, period),
  ]);
  const list = (dimension: BreakdownDimension) =>
    values.filter((row) => row.dimension === dimension).map(({ value, clicks }) => ({ value, clicks }));
  return {
    daily_clicks: clicks.daily,
    total_clicks: clicks.daily.reduce((sum, day) => sum + day.clicks, 0),
    unique_visitors: clicks.visitors,
    bot_clicks: bots,
    countries: list("country"),
    referrers: list("referrer"),
    devices: list("device"),
    browsers: list("browser"),
    os: list("os"),
    in_app: inAppFigures(
      values.map((row) => ({ ...row, visits: row.clicks })),
      clicks.daily.reduce((sum, day) => sum + day.clicks, 0),
    ),
  };
}

/**
 * One Link Bio page's figures: views, unique visitors, clicks and CTR per day and over the period
 * (page_daily), the clicks and CTR of each block that leads somewhere, in the page's order when
 * tied, each named as the editor names it (click_daily), and the breakdowns by views and clicks.
 */
export async function getPageAnalytics(
  db: Db,
  scope: Extract<ClickScope, { kind: "link_page" }>,
  query: AnalyticsPeriod,
  now = Date.now(),
): Promise<PageAnalytics> {
  const period = await periodOf(db, scope.userId, query, now);
  const [perDay, values, perBlock, blocks, bots] = await Promise.all([
    pageFiguresPerDay(db, scope, period),
    pageTopValues(db, scope, period),
    clicksPerBlock(db, scope, period),
    listBlocks(db, scope.id),
    botClicks(db, scope, period),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const daily = period.days.map((date) => {
    const row = byDay.get(date);
    return { date, views: row?.views ?? 0, unique_visitors: row?.visitors ?? 0, clicks: row?.clicks ?? 0 };
  });
  const sum = (pick: (day: (typeof daily)[number]) => number) => daily.reduce((n, day) => n + pick(day), 0);
  const views = sum((day) => day.views);
  const clicks = sum((day) => day.clicks);
  const ctrOf = (n: number) => (views > 0 ? n / views : 0);
  const blockClicks = new Map(perBlock.map((row) => [row.id, row.clicks]));
  const rows = blocks
    .filter((row) => LEADS_SOMEWHERE.has(row.type) || blockClicks.has(row.id))
    .map((row) => {
      const n = blockClicks.get(row.id) ?? 0;
      return {
        id: row.id,
        type: row.type,
        title: blockSummary(toLinkBioBlock(row)) || BLOCK_TYPE_LABELS[row.type],
        clicks: n,
        ctr: ctrOf(n),
      };
    });
  const list = (dimension: BreakdownDimension) =>
    values
      .filter((row) => row.dimension === dimension)
      .map(({ value, views, clicks }) => ({ value, views, clicks }));
  return {
    views,
    unique_visitors: sum((day) => day.unique_visitors),
    clicks,
    ctr: ctrOf(clicks),
    daily,
    // Most clicked first; a tie keeps the page's order (sort is stable).
    blocks: rows.sort((a, b) => b.clicks - a.clicks),
    countries: list("country"),
    referrers: list("referrer"),
    devices: list("device"),
    browsers: list("browser"),
    os: list("os"),
    in_app: inAppFigures(
      values.map((row) => ({ ...row, visits: row.views })),
      views,
    ),
    // The click drill-down's own names, as before views were counted.
    daily_clicks: daily.map(({ date, clicks }) => ({ date, clicks })),
    total_clicks: clicks,
    bot_clicks: bots,
  };
}

/** The blocks a visitor can tap to go somewhere: what the per-block table lists, clicked or not. */
const LEADS_SOMEWHERE = new Set(["link", "image", "social", "embed", "whatsapp", "pix", "contact"]);
