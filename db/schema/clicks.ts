import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { BlockType } from "../../common/contract/link-blocks";
import { belongsTo } from "./columns";
import { users } from "./users";

/**
 * What a click is on: a short link, or a block of a Link Bio page, named by the block's type
 * (`link` for its buttons, `social`, `whatsapp`, `pix`…: decision 024). Every type but `short_url`
 * is a row of `links`.
 */
export type ClickTarget = "short_url" | BlockType;

/** What an event is on: a click's target, or a Link Bio page for a page view (issue 35). */
export type EventTarget = ClickTarget | "link_page";

/**
 * The clicks, appended in batches: one row per target, second and visitor class, with how many
 * clicks it holds (a burst on one link is a few rows, not thousands: the writes share the thread
 * that answers redirects). Never a raw IP (LGPD): only the derived classes below.
 * Targets are plain ids, not foreign keys, so that a delete does not wait on this table; deleting a
 * target deletes its rows in the same transaction.
 */
export const clickEvents = pgTable(
  "click_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key (migration 0022): a user's rows go with the user (the users_forget_clicks
    // trigger), and a click batch only writes rows of targets it holds locked, whose owner exists.
    // The key's check ran once per row: about a fifth of a batch of cold clicks on PGlite (EXPLAIN
    // ANALYZE), where it runs on the thread that answers redirects. click_daily_user keeps its key:
    // a batch writes only a few rows of it per owner.
    userId: integer().notNull(),
    targetType: text().$type<EventTarget>().notNull(),
    targetId: integer().notNull(),
    // The Link Bio page of a link click, so a page's clicks can be read without a join.
    linkPageId: integer(),
    /** The second the clicks happened in. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    clicks: integer().notNull().default(1),
    country: text(),
    referrerHost: text(),
    device: text(),
    browser: text(),
    os: text(),
    isBot: boolean().notNull().default(false),
    /**
     * Who, for the event's day only: the first 8 bytes of HMAC(the day's salt, network + agent)
     * (server/lib/daily-visitor-key.ts). Null for bots and for events older than issue 35.
     */
    visitor: bigint({ mode: "bigint" }),
    /** The social app whose in-app browser the visitor was in ("Instagram", "TikTok"…), or null. */
    inApp: text(),
    /** Where "Abrir no app" sent the visitor: "app", "browser", or null (a plain answer). */
    opened: text().$type<OpenedIn>(),
  },
  (t) => [
    index("click_events_target_idx").on(t.targetType, t.targetId, t.occurredAt),
    index("click_events_user_idx").on(t.userId, t.occurredAt),
  ],
);

/** Where "Abrir no app" sent a visitor out of an in-app browser (issue 36). */
export type OpenedIn = "app" | "browser";

/**
 * The dimensions a click is summed under in the daily rollup. Only known values have rows: "in_app"
 * (the app whose in-app browser it came from) and "opened" (OpenedIn) describe some events only,
 * and an unknown country, referrer, device, browser or OS is the "total" less the known values,
 * derived when read (decision 031).
 */
export type RollupDimension =
  | "total"
  | "bot"
  | "country"
  | "referrer"
  | "device"
  | "browser"
  | "os"
  | "in_app"
  | "opened";

/**
 * Daily sums per owner, target and dimension (day in the product's time zone). Dashboards read
 * this, never the events. Human clicks are summed under "total" and each known value of every
 * other dimension; bots only under "bot".
 */
export const clickDaily = pgTable(
  "click_daily",
  {
    // No foreign key, as in click_events (migration 0022).
    userId: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    targetType: text().$type<ClickTarget>().notNull(),
    targetId: integer().notNull(),
    linkPageId: integer().notNull().default(0),
    dimension: text().$type<RollupDimension>().notNull(),
    value: text().notNull().default(""),
    clicks: bigint({ mode: "number" }).notNull().default(0),
    /** A short link's unique visitors of the day, on its "total" rows (0 elsewhere). */
    visitors: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId, t.dimension, t.value, t.day] }),
    // A Link Bio page's figures. Only its blocks' rows: a short link's carry link_page_id 0, and
    // each of them cost an entry here for nothing (migration 0023). No index leads with the owner
    // but the key: account-wide figures read click_daily_user, and the retention purge finds its
    // users there (analytics-retention.ts). Each index is written once per new row, up to eight rows
    // per click of a link not clicked yet that day: on PGlite, ~20% of writing a cold click.
    index("click_daily_page_idx")
      .on(t.linkPageId, t.dimension, t.day)
      .where(sql`${t.targetType} <> 'short_url'`),
  ],
);

/** The dimensions click_daily_user keeps (decision 031), as an SQL list: `dimension in …`. */
export const OWNER_DIMENSIONS_SQL = "('total', 'bot', 'country')";

/**
 * The same sums per owner only, whatever the target, of the dimensions account-wide figures read
 * (OWNER_DIMENSIONS_SQL): the cards, trend and top countries read ~365 rows per dimension a year
 * here, however many links the user has. Rows of other dimensions written before are never read.
 * Written in the same transaction as click_daily; forgetting a target's clicks subtracts them here
 * too (server/modules/clicks/forget-clicks.ts).
 */
export const clickDailyUser = pgTable(
  "click_daily_user",
  {
    userId: belongsTo(() => users.id),
    dimension: text().$type<RollupDimension>().notNull(),
    day: date({ mode: "string" }).notNull(),
    value: text().notNull().default(""),
    clicks: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dimension, t.day, t.value] })],
);

/** The dimensions of a page's daily figures: a page is read by these, views and clicks side by side. */
export type PageDimension = Exclude<RollupDimension, "bot">;

/**
 * A Link Bio page's daily figures per dimension: its views (people, never bots), its blocks' human
 * clicks, and on "total" rows its unique visitors. A page's analytics read only this (and
 * click_daily for the clicks of each block). No foreign key, as in click_daily.
 */
export const pageDaily = pgTable(
  "page_daily",
  {
    userId: integer().notNull(),
    linkPageId: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    dimension: text().$type<PageDimension>().notNull(),
    value: text().notNull().default(""),
    views: integer().notNull().default(0),
    visitors: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.linkPageId, t.dimension, t.day, t.value] })],
);

/**
 * The visitors already counted for a page or a short link on a day: the day's unique visitors are
 * the rows a batch adds here. Kept two days (yesterday for late events), then purged: a visitor
 * hash never outlives its day's salt by more than a day.
 */
export const visitorDays = pgTable(
  "visitor_days",
  {
    scopeType: text().$type<"link_page" | "short_url">().notNull(),
    scopeId: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    visitor: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scopeType, t.scopeId, t.day, t.visitor] })],
);

/**
 * Each day's random salt for visitor hashes, shared by every process and surviving restarts (a new
 * salt mid-day would count the day's visitors twice); deleted once its day is over.
 */
export const visitorSalts = pgTable("visitor_salts", {
  day: date({ mode: "string" }).primaryKey(),
  /** 32 random bytes, base64. */
  salt: text().notNull(),
});
