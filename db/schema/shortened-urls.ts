import { bigint, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { domains } from "./domains";
import { users } from "./users";

export const shortenedUrls = pgTable(
  "shortened_urls",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domainId: integer()
      .notNull()
      .references(() => domains.id),
    shortCode: text().notNull(),
    originalUrl: text().notNull(),
    title: text(),
    clickCount: bigint({ mode: "number" }).notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("shortened_urls_domain_code_key").on(t.domainId, t.shortCode),
    index("shortened_urls_user_idx").on(t.userId, t.createdAt),
  ],
);
