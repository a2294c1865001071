import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Every link page and short link belongs to a domain. The default domain is created at start from
 * PUBLIC_URL and answers any Host that no other active domain claims.
 */
export const domains = pgTable(
  "domains",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    domain: text().notNull(),
    displayName: text().notNull(),
    isActive: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    isPremium: boolean().notNull().default(false),
    needsActivation: boolean().notNull().default(false),
    /** Where the domain's root (https://domain/) sends visitors; null: the main site. */
    rootRedirectUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("domains_domain_key").on(sql`lower(${t.domain})`),
    uniqueIndex("domains_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);
