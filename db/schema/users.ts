import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo } from "./columns";

/**
 * What the admin's user search reads (email, then the full name): one trigram index serves ILIKE
 * '%...%' on it (a newline between the fields, so a search cannot match across them).
 */
export const USER_SEARCH_TEXT = "(email || chr(10) || first_name || ' ' || last_name)";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    // Null for accounts that only sign in with Google (a later issue).
    passwordHash: text(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    profilePictureUrl: text(),
    isAdmin: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    // The administrator's per-user limits: null follows the plan, -1 is unlimited.
    customMaxLinkPages: integer(),
    customMaxShortenedUrls: integer(),
    customMaxClicksPerMonth: integer(),
    customMaxLeadsPerMonth: integer(),
    // When the user followed our verification link (null: not yet).
    emailVerifiedAt: timestamp({ withTimezone: true }),
    // Google's stable account id (the id token's `sub`) once Google sign-in is linked.
    googleSub: text(),
    // Set when the account's deletion began (account-deletion.ts): the account is closed, and its
    // rows go in slices; a deletion cut short by a restart is finished by a scheduled job.
    deletionStartedAt: timestamp({ withTimezone: true }),
    /** How the owner hears of a new lead by e-mail (issue 37): "off", "each" or "daily". */
    leadMail: text().$type<"off" | "each" | "daily">().notNull().default("off"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_key").on(t.googleSub).where(sql`${t.googleSub} is not null`),
    // The admin's user list (newest first, a page at a time) and the new-users-this-month count.
    index("users_created_idx").on(t.createdAt, t.id),
    // The admin's sort by name, an index scan instead of sorting 100k rows.
    index("users_name_sort_idx").on(sql`lower(trim(${t.firstName} || ' ' || ${t.lastName}))`, t.id),
    // The admin's search, a trigram index (pg_trgm) for ILIKE '%...%' among 100k users.
    index("users_search_idx").using("gin", sql`${sql.raw(USER_SEARCH_TEXT)} gin_trgm_ops`),
    // The deletions to finish: almost always none.
    index("users_deletion_idx").on(t.deletionStartedAt).where(sql`${t.deletionStartedAt} is not null`),
  ],
);

/**
 * Each user's counts, kept by triggers on shortened_urls, link_pages and links
 * (migration 0019), so that the admin's list, its sorts and the plan limits never count a
 * million rows. clicks: human clicks of the user's short links and Link Bio buttons (the sum of
 * their click_count columns).
 */
export const userUsage = pgTable(
  "user_usage",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    shortLinks: integer().notNull().default(0),
    linkPages: integer().notNull().default(0),
    clicks: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    // The admin's sorts by usage, a page at a time (every user has a row).
    index("user_usage_short_links_idx").on(t.shortLinks, t.userId),
    index("user_usage_link_pages_idx").on(t.linkPages, t.userId),
    index("user_usage_clicks_idx").on(t.clicks, t.userId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // sha256 of the cookie's token: a leaked table does not hand out sessions.
    tokenHash: text().primaryKey(),
    userId: belongsTo(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use links sent by e-mail: password reset (1 hour), e-mail verification and e-mail change. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    // google_reauth: a fresh Google sign-in, spent to delete an account without a password.
    purpose: text({
      enum: ["password_reset", "email_verification", "email_change", "google_reauth"],
    }).notNull(),
    // For email_change: the new address, which becomes the account's when the link is followed.
    newEmail: text(),
    // sha256 of the link's token, like sessions: a leaked table does not hand out links.
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_key").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.userId, t.purpose),
  ],
);

/**
 * A Google sign-in in progress (OpenID Connect with PKCE): created when the browser is sent to the
 * provider, deleted when the callback spends it. Keyed by the hash of `state`, so a callback is
 * accepted once, by whichever process receives it. Ten minutes to live.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    stateHash: text().primaryKey(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    /** login (sign in or sign up), link (add Google to the signed-in account), reauth (before deletion). */
    intent: text({ enum: ["login", "link", "reauth"] }).notNull(),
    /** The signed-in user for link and reauth. */
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("oauth_states_expires_idx").on(t.expiresAt)],
);
