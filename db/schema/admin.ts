import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { subscriptionPlans } from "./billing";
import { users } from "./users";

/**
 * The administrator's settings (spec 3, System config): one row, id 1. Enforced on the server:
 * maintenance, registrations, the plan of new users, the cap on free users, the platform fee.
 */
export const systemConfig = pgTable(
  "system_config",
  {
    id: integer().primaryKey().default(1),
    maintenanceMode: boolean().notNull().default(false),
    registrationEnabled: boolean().notNull().default(true),
    /** The plan new users get; null: the free plan. */
    defaultPlanId: integer().references(() => subscriptionPlans.id, { onDelete: "set null" }),
    /** How many accounts on the free plan registration allows; null: no cap. */
    maxFreeUsers: integer().default(1000),
    /** Percent kept by the platform, in hundredths (500 = 5%). */
    platformFeeBasisPoints: integer().notNull().default(500),
    /** Refuse targets on other URL shorteners (bit.ly, tinyurl.com…): they hide where a link goes. */
    blockOtherShorteners: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("system_config_one_row", sql`${t.id} = 1`)],
);

/**
 * Every change an administrator makes: who, what, when, and the record before and after. Written in
 * the same transaction as the change. The actor is kept by id and email, so the line survives the
 * actor's deletion.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    /** e.g. user.update, user.deactivate, user.delete, plan.create, settings.update, payment.refund. */
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    /** The target's email or name, for reading the log after the target is gone. */
    targetLabel: text(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

/**
 * Running totals for the admin overview, one row (id 1), kept by statement-level triggers on users,
 * shortened_urls and links (migration 0008): the overview reads two numbers instead of scanning
 * every user and every link.
 */
export const appTotals = pgTable("app_totals", {
  id: integer().primaryKey().default(1),
  usersCount: bigint({ mode: "number" }).notNull().default(0),
  clicksTotal: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * Domains no link may point to (abuse prevention): refused at save, and existing links to them stop
 * redirecting and show a warning page. Subdomains are covered. Stored lower-case, as punycode.
 */
export const blockedDomains = pgTable("blocked_domains", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  domain: text().notNull().unique(),
  reason: text().notNull().default(""),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * 'Denunciar link' (abuse reports): what a visitor reported, for the administrator's queue. The reporter
 * is kept only as an HMAC of the IP (repeat reports are refused), and an optional e-mail.
 */
export const linkReports = pgTable(
  "link_reports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The reported address as given (a short link of ours, or a target). */
    url: text().notNull(),
    shortUrlId: integer(),
    reason: text().$type<"phishing" | "malware" | "spam" | "illegal" | "other">().notNull(),
    details: text().notNull().default(""),
    reporterEmail: text(),
    reporterHash: text().notNull(),
    status: text().$type<"open" | "dismissed" | "actioned">().notNull().default("open"),
    resolvedBy: integer().references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("link_reports_status_idx").on(t.status, t.createdAt),
    // A reporter's open report of a link (the duplicate check of every post).
    index("link_reports_open_reporter_idx").on(t.reporterHash, t.url).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The batches of events appended to click_events (decision 026). A batch whose commit was in doubt
 * (the connection dropped during COMMIT) is retried under the same id, and a second write is
 * refused, so no event is appended twice. A batch's events are the ids seq·65536 + 1 … + rows;
 * the rollup worker sums them into the figures and sets rolled_up in the same transaction, so none
 * is summed twice or lost. Purged a day after, once rolled up.
 */
export const clickBatches = pgTable(
  "click_batches",
  {
    id: text().primaryKey(),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** From click_batch_seq (starts at 2^20: its events' ids start at 2^36, above any identity). */
    seq: bigint({ mode: "number" }),
    rows: integer().notNull().default(0),
    /** True by default: batches of the code before the worker summed their own events. */
    rolledUp: boolean().notNull().default(true),
  },
  (t) => [index("click_batches_pending_idx").on(t.seq).where(sql`not ${t.rolledUp}`)],
);
