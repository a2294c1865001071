import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  or,
  type SQL,
  sql,
  sum,
} from "drizzle-orm";
import type { BlogPostStatus, BlogStats } from "../../../common/contract/blog";
import type { Db } from "../../../db/client";
import { blogCategories, blogPostCategories, blogPosts, blogSlugRedirects } from "../../../db/schema";
import { likePattern } from "../../lib/like-pattern";
import { paging } from "../../lib/paging";
import { inAnyCategory } from "./blog-categories.queries";

// The SQL of the blog's admin side; every function takes the database (or a transaction).

export type BlogPostDbRow = typeof blogPosts.$inferSelect;
export type BlogCategoryDbRow = typeof blogCategories.$inferSelect;

/** Every admin list of categories is read whole; this bounds it should someone make thousands. */
export const CATEGORY_LIST_MAX = 1000;

/** Newest first: the publish date, else the creation date (spec 2, the table's date column). */
const newestFirst = [
  desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`),
  desc(blogPosts.id),
];

export type AdminPostFilters = {
  search?: string;
  status?: BlogPostStatus;
  category_id?: number;
  page: number;
  limit: number;
};

/** One page of posts (without their content) and the number of posts that match the filters. */
export async function listAdminPosts(db: Db, filters: AdminPostFilters) {
  const where: SQL[] = [];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    where.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern))!);
  }
  if (filters.status) where.push(eq(blogPosts.status, filters.status));
  if (filters.category_id !== undefined) {
    where.push(inAnyCategory(db, [filters.category_id]));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const { content: _content, ...columns } = getTableColumns(blogPosts);
  const page = paging(filters.page, filters.limit);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(blogPosts)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(blogPosts).where(condition),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findPost(db: Db, id: number): Promise<BlogPostDbRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ?? null;
}

/** Locks the post's row until the transaction ends (two saves of one post do not interleave). */
export async function findPostForUpdate(db: Db, id: number): Promise<BlogPostDbRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
  return row ?? null;
}

export async function postSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      exceptId === undefined
        ? eq(blogPosts.slug, slug)
        : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)),
    );
  return !!row;
}

export async function insertPost(db: Db, values: typeof blogPosts.$inferInsert): Promise<BlogPostDbRow> {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return row!;
}

export async function updatePost(
  db: Db,
  id: number,
  values: Partial<typeof blogPosts.$inferInsert>,
): Promise<BlogPostDbRow> {
  const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
  return row!;
}

/** Deletes the post (its category links and former slugs go with it); answers its former slugs. */
export async function deletePost(db: Db, id: number): Promise<string[]> {
  const former = await formerSlugsOf(db, id);
  await db.delete(blogPosts).where(eq(blogPosts.id, id));
  return former;
}

export async function formerSlugsOf(db: Db, postId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: blogSlugRedirects.slug })
    .from(blogSlugRedirects)
    .where(eq(blogSlugRedirects.postId, postId));
  return rows.map((row) => row.slug);
}

/**
 * A post now answers at `slug`: a former slug of the same name (this post's or another's) stops
 * redirecting. With `formerSlug`, the post's old address redirects to it from now on.
 */
export async function moveSlug(db: Db, postId: number, slug: string, formerSlug?: string): Promise<void> {
  await db.delete(blogSlugRedirects).where(eq(blogSlugRedirects.slug, slug));
  if (formerSlug !== undefined && formerSlug !== slug) {
    await db
      .insert(blogSlugRedirects)
      .values({ slug: formerSlug, postId })
      .onConflictDoUpdate({ target: blogSlugRedirects.slug, set: { postId, createdAt: new Date() } });
  }
}

export async function setPostCategories(db: Db, postId: number, categoryIds: number[]): Promise<void> {
  await db.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
  if (categoryIds.length > 0) {
    await db.insert(blogPostCategories).values(categoryIds.map((categoryId) => ({ postId, categoryId })));
  }
}

/** Which of these category ids exist. */
export async function existingCategoryIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(inArray(blogCategories.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The four stat cards over every post (spec 2), not over a page. */
export async function postStats(db: Db): Promise<BlogStats> {
  const [row] = await db
    .select({
      total: count(),
      published: count(sql`case when ${blogPosts.status} = 'published' then 1 end`),
      draft: count(sql`case when ${blogPosts.status} = 'draft' then 1 end`),
      archived: count(sql`case when ${blogPosts.status} = 'archived' then 1 end`),
      views: sum(blogPosts.viewCount),
    })
    .from(blogPosts);
  return {
    total: Number(row?.total ?? 0),
    published: Number(row?.published ?? 0),
    draft: Number(row?.draft ?? 0),
    archived: Number(row?.archived ?? 0),
    views: Number(row?.views ?? 0),
  };
}

/** Every category by name, with the number of posts in it (any status). */
export async function listCategoriesWithCounts(db: Db) {
  return db
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      slug: blogCategories.slug,
      description: blogCategories.description,
      metaDescription: blogCategories.metaDescription,
      postCount:
        sql<number>`(select count(*) from ${blogPostCategories} where ${blogPostCategories.categoryId} = ${blogCategories.id})`.mapWith(
          Number,
        ),
    })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name), asc(blogCategories.id))
    .limit(CATEGORY_LIST_MAX);
}

export async function findCategory(db: Db, id: number): Promise<BlogCategoryDbRow | null> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id));
  return row ?? null;
}

export async function categorySlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(
      exceptId === undefined
        ? eq(blogCategories.slug, slug)
        : and(eq(blogCategories.slug, slug), ne(blogCategories.id, exceptId)),
    );
  return !!row;
}

export async function countPostsInCategory(db: Db, categoryId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(blogPostCategories)
    .where(eq(blogPostCategories.categoryId, categoryId));
  return row?.value ?? 0;
}

export async function insertCategory(
  db: Db,
  values: typeof blogCategories.$inferInsert,
): Promise<BlogCategoryDbRow> {
  const [row] = await db.insert(blogCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  id: number,
  values: Partial<typeof blogCategories.$inferInsert>,
): Promise<BlogCategoryDbRow | null> {
  const [row] = await db.update(blogCategories).set(values).where(eq(blogCategories.id, id)).returning();
  return row ?? null;
}

/** Deletes the category; its links to posts go with it (the posts stay). */
export async function deleteCategory(db: Db, id: number): Promise<BlogCategoryDbRow | null> {
  const [row] = await db.delete(blogCategories).where(eq(blogCategories.id, id)).returning();
  return row ?? null;
}
