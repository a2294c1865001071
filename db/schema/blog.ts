import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { BlogPostStatus } from "../../common/contract/blog";
import { belongsTo } from "./columns";
import { users } from "./users";

/** Blog categories (spec 3): the public blog filters by slug. */
export const blogCategories = pgTable(
  "blog_categories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    metaDescription: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blog_categories_slug_key").on(t.slug)],
);

/** Blog posts (spec 3). Content is HTML sanitised on save and rendered as stored. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    title: text().notNull(),
    excerpt: text(),
    content: text().notNull(),
    /** A stored image (/uploads/…) or an http(s) URL; data URLs are turned into files on save. */
    featuredImageUrl: text(),
    status: text().$type<BlogPostStatus>().notNull().default("draft"),
    isFeatured: boolean().notNull().default(false),
    /** Set the first time the post is published; kept when it is edited or archived. */
    publishedAt: timestamp({ withTimezone: true }),
    viewCount: integer().notNull().default(0),
    metaDescription: text(),
    metaKeywords: text(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_public_idx").on(t.status, t.publishedAt),
    index("blog_posts_featured_idx")
      .on(t.publishedAt)
      .where(sql`${t.isFeatured} and ${t.status} = 'published'`),
  ],
);

export const blogPostCategories = pgTable(
  "blog_post_categories",
  {
    postId: belongsTo(() => blogPosts.id),
    categoryId: belongsTo(() => blogCategories.id),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.categoryId] }),
    index("blog_post_categories_category_idx").on(t.categoryId),
  ],
);

/**
 * A post's former slugs: /blog/{old} answers 301 to the post's current address, so a shared link or
 * a search engine's index keeps working after the slug is edited. A slug taken by another post later
 * is removed from here.
 */
export const blogSlugRedirects = pgTable("blog_slug_redirects", {
  slug: text().primaryKey(),
  postId: belongsTo(() => blogPosts.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
