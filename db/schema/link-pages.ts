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

export const linkPages = pgTable(
  "link_pages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(() => users.id),
    domainId: pointsTo(() => domains.id),
    slug: text().notNull(),
    title: text().notNull(),
    description: text(),
    profileImageUrl: text(),
    backgroundColor: text().notNull().default("#ffffff"),
    textColor: text().notNull().default("#000000"),
    // Validated against the spec's option lists before it is stored (common/button-style.ts).
    buttonStyle: jsonb().$type<Record<string, string>>().notNull().default({}),
    buttonFont: text().notNull().default("Inter"),
    buttonSize: text().notNull().default("medium"),
    isActive: boolean().notNull().default(true),
    clickCount: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("link_pages_domain_slug_key").on(t.domainId, t.slug),
    index("link_pages_user_idx").on(t.userId),
  ],
);

export const links = pgTable(
  "links",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkPageId: belongsTo(() => linkPages.id),
    title: text().notNull(),
    url: text().notNull(),
    customStyle: jsonb().$type<Record<string, string>>().notNull().default({}),
    position: integer().notNull().default(0),
    clickCount: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("links_page_position_idx").on(t.linkPageId, t.position, t.id)],
);
