import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../../db/client";
import { clickDaily, clickDailyUser, linkPages, pageDaily, shortenedUrls } from "../../../db/schema";
import type { SummaryPeriods } from "./analytics-periods";

// Every query here reads the daily rollups, never the events: a dashboard costs the same for 10
// clicks or 10 million. Account-wide figures read the per-owner sums (click_daily_user), so they do
// not grow with the number of links either; one target's figures read click_daily.

/** Whose clicks: all of a user's, one short link's, or one Link Bio page's (its blocks of every type). */
export type ClickScope =
  | { kind: "user"; userId: number }
  | { kind: "short_url"; userId: number; id: number }
  | { kind: "link_page"; userId: number; id: number };

/** One target's scope: its rows of click_daily (an account's figures read click_daily_user). */
type TargetScope = Exclude<ClickScope, { kind: "user" }>;

function scopeFilter(scope: TargetScope): SQL {
  const owner = eq(clickDaily.userId, scope.userId);
  if (scope.kind === "short_url") {
    return and(owner, eq(clickDaily.targetType, "short_url"), eq(clickDaily.targetId, scope.id))!;
  }
  // 'short_url' written out, not bound: it is what lets the planner use click_daily_page_idx, whose
  // rows are those of the pages' blocks only, whatever plan it keeps.
  return and(owner, sql`${clickDaily.targetType} <> 'short_url'`, eq(clickDaily.linkPageId, scope.id))!;
}

const since = (floor: string | null) => (floor ? gte(clickDailyUser.day, floor) : undefined);

const sumWhere = (condition: SQL | undefined) =>
  sql<number>`coalesce(sum(${clickDailyUser.clicks}) filter (where ${condition}), 0)`.mapWith(Number);

/** The summary cards' figures in one pass over the user's "total" and "bot" rows (per owner). */
export async function summaryTotals(db: Db, userId: number, p: SummaryPeriods, floor: string | null) {
  const human = eq(clickDailyUser.dimension, "total");
  const between = (from: string, to: string) =>
    and(human, gte(clickDailyUser.day, from), sql`${clickDailyUser.day} <= ${to}`);
  const [row] = await db
    .select({
      today: sumWhere(and(human, eq(clickDailyUser.day, p.today))),
      yesterday: sumWhere(and(human, eq(clickDailyUser.day, p.yesterday))),
      week: sumWhere(between(p.weekStart, p.today)),
      lastWeek: sumWhere(between(p.lastWeekStart, p.lastWeekEnd)),
      month: sumWhere(between(p.monthStart, p.today)),
      lastMonth: sumWhere(between(p.lastMonthStart, p.lastMonthEnd)),
      total: sumWhere(human),
      bots: sumWhere(eq(clickDailyUser.dimension, "bot")),
    })
    .from(clickDailyUser)
    .where(
      and(
        eq(clickDailyUser.userId, userId),
        inArray(clickDailyUser.dimension, ["total", "bot"]),
        since(floor),
      ),
    );
  return row!;
}

/**
 * The user's top countries by clicks; unknown ("", shown 'Desconhecido') ranks like any country, as
 * in a link's own breakdown, so the two never disagree. Unknown has no row (decision 031): it is the
 * total less the known countries.
 */
export async function topCountries(db: Db, userId: number, floor: string | null, limit = 10) {
  type Row = { country: string; clicks: unknown };
  const rows = rowsOf<Row>(
    await db.execute(sql`
    with sums as (
      select ${clickDailyUser.dimension} as dimension, ${clickDailyUser.value} as value,
             sum(${clickDailyUser.clicks}) as clicks
      from ${clickDailyUser}
      where ${clickDailyUser.userId} = ${userId} and ${clickDailyUser.dimension} in ('total', 'country')
        and not (${clickDailyUser.dimension} = 'country' and ${clickDailyUser.value} = '')
        ${floor ? sql`and ${clickDailyUser.day} >= ${floor}` : sql``}
      group by ${clickDailyUser.dimension}, ${clickDailyUser.value}),
    every as (
      select value, clicks from sums where dimension = 'country'
      union all
      select '', coalesce(sum(clicks) filter (where dimension = 'total'), 0)
                 - coalesce(sum(clicks) filter (where dimension = 'country'), 0)
      from sums)
    select value as country, clicks from every where clicks > 0
    order by clicks desc, value limit ${limit}`),
  );
  return rows.map((row) => ({ country: row.country, clicks: Number(row.clicks) }));
}

/** The first and last day of a read, inclusive (YYYY-MM-DD, São Paulo days). */
export type DayRange = { from: string; to: string };

const within = (
  column: typeof clickDaily.day | typeof clickDailyUser.day | typeof pageDaily.day,
  days: DayRange,
) => and(gte(column, days.from), lte(column, days.to));

/**
 * Human clicks (and, for a target, unique visitors: the short link's) per day of the range (days
 * without clicks are absent: the caller zero-fills).
 */
export async function clicksPerDay(db: Db, scope: ClickScope, days: DayRange) {
  if (scope.kind === "user") {
    return db
      .select({
        day: clickDailyUser.day,
        clicks: sql<number>`sum(${clickDailyUser.clicks})`.mapWith(Number),
        visitors: sql<number>`0`.mapWith(Number),
      })
      .from(clickDailyUser)
      .where(
        and(
          eq(clickDailyUser.userId, scope.userId),
          eq(clickDailyUser.dimension, "total"),
          within(clickDailyUser.day, days),
        ),
      )
      .groupBy(clickDailyUser.day);
  }
  return db
    .select({
      day: clickDaily.day,
      clicks: sql<number>`sum(${clickDaily.clicks})`.mapWith(Number),
      visitors: sql<number>`sum(${clickDaily.visitors})`.mapWith(Number),
    })
    .from(clickDaily)
    .where(and(scopeFilter(scope), eq(clickDaily.dimension, "total"), within(clickDaily.day, days)))
    .groupBy(clickDaily.day);
}

export async function botClicks(db: Db, scope: TargetScope, days: DayRange): Promise<number> {
  const [row] = await db
    .select({ clicks: sumWhere(sql`true`) })
    .from(clickDaily)
    .where(and(scopeFilter(scope), eq(clickDaily.dimension, "bot"), within(clickDaily.day, days)));
  return row?.clicks ?? 0;
}

/**
 * The breakdowns read with the figures. "in_app" (which app's in-app browser) and "opened" (app or
 * browser) are "Abrir no app"'s (issue 36): a dozen values at most, read whole to be summed.
 */
export const BREAKDOWN_DIMENSIONS = [
  "country",
  "referrer",
  "device",
  "browser",
  "os",
  "in_app",
  "opened",
] as const;
const READ_WHOLE = sql`('in_app', 'opened')`;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/**
 * The breakdowns whose unknown value ("": no country, no referrer, an agent not recognised) has no
 * row of its own (decision 031): it is the day's total less the known values, derived here. Rows of
 * "" written before are skipped, as their sums are in the total.
 */
const DERIVED_UNKNOWN = ["country", "referrer", "device", "browser", "os"] as const;
const derivedIn = sql.raw(`(${DERIVED_UNKNOWN.map((dimension) => `'${dimension}'`).join(", ")})`);
const derivedRows = sql.raw(`(values ${DERIVED_UNKNOWN.map((dimension) => `('${dimension}')`).join(", ")})`);

/** The top values of every breakdown dimension from a day on, ranked inside each dimension. */
export async function topValues(db: Db, scope: TargetScope, days: DayRange, limit = 10) {
  type Row = { dimension: BreakdownDimension; value: string; clicks: unknown };
  // Both drivers answer { rows }; the clicks sum is a string (pg) or a number (PGlite).
  const rows = rowsOf<Row>(
    await db.execute(sql`
    with sums as materialized (
      select ${clickDaily.dimension} as dimension, ${clickDaily.value} as value,
             sum(${clickDaily.clicks}) as clicks
      from ${clickDaily}
      where ${scopeFilter(scope)}
        and ${inArray(clickDaily.dimension, ["total", ...BREAKDOWN_DIMENSIONS])}
        and ${within(clickDaily.day, days)}
        and not (${clickDaily.value} = '' and ${clickDaily.dimension} in ${derivedIn})
      group by ${clickDaily.dimension}, ${clickDaily.value}),
    every as (
      select dimension, value, clicks from sums where dimension <> 'total'
      union all
      select d.dimension, '', (select coalesce(sum(clicks), 0) from sums where dimension = 'total')
        - (select coalesce(sum(clicks), 0) from sums where dimension = d.dimension)
      from ${derivedRows} as d(dimension))
    select dimension, value, clicks from (
      select dimension, value, clicks,
             row_number() over (partition by dimension order by clicks desc, value) as rank
      from every where clicks > 0
    ) ranked
    where rank <= ${limit} or dimension in ${READ_WHOLE}
    order by dimension, rank`),
  );
  return rows.map((row) => ({
    dimension: row.dimension,
    value: row.value,
    clicks: Number(row.clicks),
  }));
}

/** The human clicks of each block of a page over the range (a page holds at most 100 blocks). */
export async function clicksPerBlock(
  db: Db,
  scope: Extract<ClickScope, { kind: "link_page" }>,
  days: DayRange,
) {
  return db
    .select({
      id: clickDaily.targetId,
      clicks: sql<number>`sum(${clickDaily.clicks})`.mapWith(Number),
    })
    .from(clickDaily)
    .where(and(scopeFilter(scope), eq(clickDaily.dimension, "total"), within(clickDaily.day, days)))
    .groupBy(clickDaily.targetId);
}

type PageScope = Extract<ClickScope, { kind: "link_page" }>;
const pageFilter = (scope: PageScope, days: DayRange) =>
  and(eq(pageDaily.userId, scope.userId), eq(pageDaily.linkPageId, scope.id), within(pageDaily.day, days));

/** A page's views, unique visitors and clicks per day of the range (days without any are absent). */
export async function pageFiguresPerDay(db: Db, scope: PageScope, days: DayRange) {
  return db
    .select({
      day: pageDaily.day,
      views: sql<number>`sum(${pageDaily.views})`.mapWith(Number),
      visitors: sql<number>`sum(${pageDaily.visitors})`.mapWith(Number),
      clicks: sql<number>`sum(${pageDaily.clicks})`.mapWith(Number),
    })
    .from(pageDaily)
    .where(and(pageFilter(scope, days), eq(pageDaily.dimension, "total")))
    .groupBy(pageDaily.day);
}

/**
 * A page's top values of every breakdown dimension over the range: by views, then clicks; unknown
 * values derived as in topValues.
 */
export async function pageTopValues(db: Db, scope: PageScope, days: DayRange, limit = 10) {
  type Row = { dimension: BreakdownDimension; value: string; views: unknown; clicks: unknown };
  const rows = rowsOf<Row>(
    await db.execute(sql`
    with sums as materialized (
      select ${pageDaily.dimension} as dimension, ${pageDaily.value} as value,
             sum(${pageDaily.views}) as views, sum(${pageDaily.clicks}) as clicks
      from ${pageDaily}
      where ${pageFilter(scope, days)} and ${inArray(pageDaily.dimension, ["total", ...BREAKDOWN_DIMENSIONS])}
        and not (${pageDaily.value} = '' and ${pageDaily.dimension} in ${derivedIn})
      group by ${pageDaily.dimension}, ${pageDaily.value}),
    every as (
      select dimension, value, views, clicks from sums where dimension <> 'total'
      union all
      select d.dimension, '',
        greatest((select coalesce(sum(views), 0) from sums where dimension = 'total')
          - (select coalesce(sum(views), 0) from sums where dimension = d.dimension), 0),
        greatest((select coalesce(sum(clicks), 0) from sums where dimension = 'total')
          - (select coalesce(sum(clicks), 0) from sums where dimension = d.dimension), 0)
      from ${derivedRows} as d(dimension))
    select dimension, value, views, clicks from (
      select dimension, value, views, clicks,
             row_number() over (partition by dimension order by views desc, clicks desc, value) as rank
      from every where views > 0 or clicks > 0
    ) ranked
    where rank <= ${limit} or dimension in ${READ_WHOLE}
    order by dimension, rank`),
  );
  return rows.map((row) => ({
    dimension: row.dimension,
    value: row.value,
    views: Number(row.views),
    clicks: Number(row.clicks),
  }));
}

export async function ownsShortenedUrl(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shortenedUrls.id })
    .from(shortenedUrls)
    .where(and(eq(shortenedUrls.id, id), eq(shortenedUrls.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function ownsLinkPage(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: linkPages.id })
    .from(linkPages)
    .where(and(eq(linkPages.id, id), eq(linkPages.userId, userId)))
    .limit(1);
  return Boolean(row);
}
