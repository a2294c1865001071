import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { BLOCK_TYPES, type BlockType } from "../../common/contract/link-blocks";
import type { BackgroundType } from "../../common/contract/link-pages";
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
    // The background beyond a solid colour, the 18+ gate and the search-engine texts (decision 024).
    backgroundType: text().$type<BackgroundType>().notNull().default("solid"),
    backgroundGradientTo: text(),
    backgroundGradientDirection: text(),
    backgroundImageUrl: text(),
    isSensitive: boolean().notNull().default(false),
    seoTitle: text(),
    seoDescription: text(),
    clickCount: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("link_pages_domain_slug_key").on(t.domainId, t.slug),
    index("link_pages_user_idx").on(t.userId),
  ],
);

/**
 * A page's blocks (decision 024): the spec's links are the rows of type `link`, which keep their
 * title, url and custom_style in columns; every other type keeps its data in `data`.
 */
export const links = pgTable(
  "links",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkPageId: belongsTo(() => linkPages.id),
    type: text().$type<BlockType>().notNull().default("link"),
    title: text(),
    url: text(),
    customStyle: jsonb().$type<Record<string, string>>().notNull().default({}),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    position: integer().notNull().default(0),
    clickCount: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("links_page_position_idx").on(t.linkPageId, t.position, t.id),
    check("links_type_check", sql.raw(`${"type"} in (${BLOCK_TYPES.map((type) => `'${type}'`).join(", ")})`)),
    check(
      "links_link_fields_check",
      sql`${t.type} <> 'link' or (${t.title} is not null and ${t.url} is not null)`,
    ),
    check(
      "links_window_check",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);
