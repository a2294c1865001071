import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { belongsTo, pointsTo } from "./columns";
import { domains } from "./domains";
import { users } from "./users";

/**
 * What the owner's search box reads (title, target, code), with a newline between the fields so a
 * search cannot match across them: one trigram index serves ILIKE '%...%' on it.
 */
export const SHORT_URL_SEARCH_TEXT =
  "(coalesce(title, '') || chr(10) || original_url || chr(10) || short_code)";

export const shortenedUrls = pgTable(
  "shortened_urls",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    domainId: pointsTo(() => domains.id),
    shortCode: text().notNull(),
    originalUrl: text().notNull(),
    title: text(),
    clickCount: bigint({ mode: "number" }).notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    /**
     * Redirect rules (a power option), evaluated in order, first match wins: by device, country or
     * language, each with its own target. Loaded with the link into the redirect cache.
     */
    rules: jsonb().$type<RedirectRule[]>().notNull().default([]),
    /** After this many redirects the link expires; null: no limit. */
    clickLimit: integer(),
    /** Redirects counted against click_limit, updated atomically as each one passes. */
    limitUsed: integer().notNull().default(0),
    /** Where an expired link (date or click limit) sends visitors; null: the unavailable-link notice. */
    expiredUrl: text(),
    /** argon2 hash of the link's password; null: no password. */
    passwordHash: text(),
    /**
     * "Abrir no app" (issue 36): a visitor inside a social app's in-app browser is sent to the
     * target's own app, or out to the system browser (server/modules/open-in-app). On by default.
     */
    openInApp: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("shortened_urls_domain_code_key").on(t.domainId, t.shortCode),
    // The owner's list, newest first, ties by id (an import writes many rows in one instant).
    index("shortened_urls_user_idx").on(t.userId, t.createdAt, t.id),
    // The list's search among a million links (pg_trgm).
    index("shortened_urls_search_idx").using("gin", sql`${sql.raw(SHORT_URL_SEARCH_TEXT)} gin_trgm_ops`),
  ],
);

export type RedirectRule = {
  type: "device" | "country" | "language";
  /** device: ios | android | desktop; country: ISO 3166-1 alpha-2; language: a primary tag (pt, en). */
  value: string;
  url: string;
};

/**
 * Personal API keys: `Authorization: Bearer atk_…`. Only a SHA-256 of the key is kept;
 * the prefix (first characters) is shown so the owner can tell keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    /** e.g. links:read, links:write, pages:read, pages:write. */
    scopes: jsonb().$type<string[]>().notNull().default([]),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

/** Outgoing webhooks: signed with HMAC-SHA256 under `secret`. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    url: text().notNull(),
    secret: text().notNull(),
    /** link.clicked, link.created */
    events: jsonb().$type<string[]>().notNull().default([]),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhooks_user_idx").on(t.userId)],
);

/** Each webhook call and its retries: pending until delivered or given up (failed). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    webhookId: belongsTo(() => webhooks.id),
    event: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
  ],
);
