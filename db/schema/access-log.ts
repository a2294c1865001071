import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The account events Marco Civil da Internet (Lei 12.965/2014, art. 15) asks us to log. */
export const ACCESS_EVENTS = [
  "login",
  "login_google",
  "logout",
  "password_change",
  "password_reset",
  "email_change",
  "google_link",
  "google_unlink",
  "account_deletion",
] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

/**
 * The access log of art. 15: who (account), what, when, from which IP and port. Kept apart from
 * analytics, readable only by the administrator, and purged after 6 months by a scheduled job.
 * The user is kept by id and e-mail without a foreign key: the law wants the line kept for its
 * 6 months even when the account is deleted.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    email: text().notNull(),
    event: text().$type<AccessEvent>().notNull(),
    ip: text().notNull(),
    port: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("access_log_created_idx").on(t.createdAt),
    index("access_log_user_idx").on(t.userId, t.createdAt),
  ],
);
