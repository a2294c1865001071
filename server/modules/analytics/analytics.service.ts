import type {
  AdvancedAnalytics,
  AnalyticsRange,
  AnalyticsSummary,
  PageAnalytics,
  TargetAnalytics,
} from "../../../common/contract/analytics";
import { BLOCK_TYPE_LABELS, blockSummary } from "../../../common/link-bio/block-summary";
import type { Db } from "../../../db/client";
import { listBlocks } from "../link-pages/link-pages.queries";
import { toLinkBioBlock } from "../link-pages/link-pages.wire";
import {
  type BreakdownDimension,
  botClicks,
  type ClickScope,
  clicksPerBlock,
  clicksPerDay,
  summaryTotals,
  topCountries,
  topValues,
} from "./analytics.queries";
import { laterDay, rangeDays, summaryPeriods } from "./analytics-periods";
import { analyticsFloorDay } from "./analytics-retention";

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

/** Clicks of every day of the range, zero-filled, oldest first. */
async function dailyClicks(db: Db, scope: ClickScope, days: string[], from: string) {
  const rows = await clicksPerDay(db, scope, from);
  const byDay = new Map(rows.map((row) => [row.day, row.clicks]));
  return days.map((date) => ({ date, clicks: byDay.get(date) ?? 0 }));
}

export async function getAdvanced(
  db: Db,
  userId: number,
  range: AnalyticsRange,
  now = Date.now(),
): Promise<AdvancedAnalytics> {
  const { days, from } = await rangeOf(db, userId, range, now);
  return { daily_clicks: await dailyClicks(db, { kind: "user", userId }, days, from) };
}

/** The drill-down of one short link or Link Bio page; the caller has checked the owner. */
export async function getTargetAnalytics(
  db: Db,
  scope: Exclude<ClickScope, { kind: "user" }>,
  range: AnalyticsRange,
  now = Date.now(),
): Promise<TargetAnalytics> {
  const { days, from } = await rangeOf(db, scope.userId, range, now);
  return targetFigures(db, scope, days, from);
}

/** The range's days and the first one the plan's retention still shows. */
async function rangeOf(db: Db, userId: number, range: AnalyticsRange, now: number) {
  const days = rangeDays(range, now);
  return { days, from: laterDay(days[0]!, await analyticsFloorDay(db, userId, now)) };
}

async function targetFigures(
  db: Db,
  scope: Exclude<ClickScope, { kind: "user" }>,
  days: string[],
  from: string,
): Promise<TargetAnalytics> {
  const [daily, bots, values] = await Promise.all([
    dailyClicks(db, scope, days, from),
    botClicks(db, scope, from),
    topValues(db, scope, from),
  ]);
  const list = (dimension: BreakdownDimension) =>
    values.filter((row) => row.dimension === dimension).map(({ value, clicks }) => ({ value, clicks }));
  return {
    daily_clicks: daily,
    total_clicks: daily.reduce((sum, day) => sum + day.clicks, 0),
    bot_clicks: bots,
    countries: list("country"),
    referrers: list("referrer"),
    devices: list("device"),
    browsers: list("browser"),
    os: list("os"),
  };
}

/**
 * One Link Bio page's drill-down with the clicks of each of its blocks: the blocks that lead
 * somewhere, in the page's order when tied, each named as the editor names it.
 */
export async function getPageAnalytics(
  db: Db,
  scope: Extract<ClickScope, { kind: "link_page" }>,
  range: AnalyticsRange,
  now = Date.now(),
): Promise<PageAnalytics> {
  const { days, from } = await rangeOf(db, scope.userId, range, now);
  const [target, perBlock, blocks] = await Promise.all([
    targetFigures(db, scope, days, from),
    clicksPerBlock(db, scope, from),
    listBlocks(db, scope.id),
  ]);
  const clicks = new Map(perBlock.map((row) => [row.id, row.clicks]));
  const rows = blocks
    .filter((row) => LEADS_SOMEWHERE.has(row.type) || clicks.has(row.id))
    .map((row) => {
      const block = toLinkBioBlock(row);
      return {
        id: row.id,
        type: row.type,
        title: blockSummary(block) || BLOCK_TYPE_LABELS[row.type],
        clicks: clicks.get(row.id) ?? 0,
      };
    });
  // Most clicked first; a tie keeps the page's order (sort is stable).
  return { ...target, blocks: rows.sort((a, b) => b.clicks - a.clicks) };
}

/** The blocks a visitor can tap to go somewhere: what the per-block table lists, clicked or not. */
const LEADS_SOMEWHERE = new Set(["link", "image", "social", "embed", "whatsapp", "pix", "contact"]);
