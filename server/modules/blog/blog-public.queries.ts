import { and, asc, count, desc, eq, exists, ilike, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  BLOG_LIMITS,
  type BlogCategory,
  type BlogCategoryRef,
  type BlogPostCard,
  type BlogPostPublic,
  type BlogPostsPage,
  type BlogPublicQuery,
  keywordTags,
  readingTimeMinutes,
} from "../../../common/contract/blog";
import type { Db } from "../../../db/client";
import { blogCategories, blogPostCategories, blogPosts, blogSlugRedirects } from "../../../db/schema/blog";
import { pageCount, paging } from "../../lib/paging";
import { categoriesOfPosts, inAnyCategory } from "./blog-categories.queries";

// The public blog reads published posts only, always: every query below says so itself.
const published = eq(blogPosts.status, "published");

/** `%`, `_` and `\` typed in the search box are looked for as themselves, not as LIKE patterns. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  content: blogPosts.content,
  featuredImageUrl: blogPosts.featuredImageUrl,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  viewCount: blogPosts.viewCount,
};
type CardRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  featuredImageUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
  viewCount: number;
};

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

function toCard(row: CardRow, categories: BlogCategoryRef[]): BlogPostCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featured_image_url: row.featuredImageUrl,
    // A published post always has it (set when first published); the update time is a fallback.
    published_at: (row.publishedAt ?? row.updatedAt).toISOString(),
    view_count: row.viewCount,
    reading_time_minutes: readingTimeMinutes(row.content),
    categories,
  };
}

async function toCards(db: Db, rows: CardRow[]): Promise<BlogPostCard[]> {
  const categories = await categoriesOfPosts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCard(row, categories.get(row.id) ?? []));
}

const inCategorySlug = (slug: string) =>
  exists(
    sql`(select 1 from ${blogPostCategories} inner join ${blogCategories} on ${blogCategories.id} = ${blogPostCategories.categoryId} where ${blogPostCategories.postId} = ${blogPosts.id} and ${blogCategories.slug} = ${slug})`,
  );

/** GET /api/blog/posts: a page of published posts, newest first, by search and category slug. */
export async function listPublishedPosts(db: Db, query: BlogPublicQuery): Promise<BlogPostsPage> {
  const filters: (SQL | undefined)[] = [published];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern)));
  }
  if (query.category) filters.push(inCategorySlug(query.category.toLowerCase()));
  const where = and(...filters);
  const page = paging(query.page, query.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return {
    posts: await toCards(db, rows),
    ...page.envelope(total),
    total_pages: pageCount(total, page.pageSize),
  };
}

/** GET /api/blog/posts/featured: up to 3 published, featured posts, newest first. */
export async function listFeaturedPosts(db: Db): Promise<BlogPostCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(and(published, eq(blogPosts.isFeatured, true)))
    .orderBy(...newestFirst)
    .limit(BLOG_LIMITS.featured);
  return toCards(db, rows);
}

/** GET /api/blog/categories: every category with its count of published posts, by name. */
export async function listPublicCategories(db: Db): Promise<BlogCategory[]> {
  const rows = await db
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      slug: blogCategories.slug,
      description: blogCategories.description,
      meta_description: blogCategories.metaDescription,
      post_count: sql<number>`cast(count(${blogPosts.id}) as int)`,
    })
    .from(blogCategories)
    .leftJoin(blogPostCategories, eq(blogPostCategories.categoryId, blogCategories.id))
    .leftJoin(blogPosts, and(eq(blogPosts.id, blogPostCategories.postId), published))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.name), asc(blogCategories.id))
    .limit(500);
  return rows.map((row) => ({ ...row, post_count: Number(row.post_count) }));
}

async function toPublicPost(
  db: Db,
  row: CardRow & { metaDescription: string | null; metaKeywords: string | null },
) {
  const categories = await categoriesOfPosts(db, [row.id]);
  const post: BlogPostPublic = {
    ...toCard(row, categories.get(row.id) ?? []),
    content: row.content,
    updated_at: row.updatedAt.toISOString(),
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    tags: keywordTags(row.metaKeywords),
  };
  return post;
}

const postColumns = {
  ...cardColumns,
  metaDescription: blogPosts.metaDescription,
  metaKeywords: blogPosts.metaKeywords,
};

const isPossibleSlug = (slug: string) => slug.length > 0 && slug.length <= 200 && !/[\0/]/.test(slug);

/**
 * The published post at this slug, or at a former slug of it (`moved`: the caller answers 301 to
 * the current one). Null for an unknown slug, a draft or an archived post.
 */
export async function findPublishedPost(
  db: Db,
  rawSlug: string,
): Promise<{ post: BlogPostPublic; moved: boolean } | null> {
  const slug = rawSlug.toLowerCase();
  if (!isPossibleSlug(slug)) return null;
  const [row] = await db
    .select(postColumns)
    .from(blogPosts)
    .where(and(published, eq(blogPosts.slug, slug)))
    .limit(1);
  if (row) return { post: await toPublicPost(db, row), moved: false };
  const [former] = await db
    .select(postColumns)
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(published, eq(blogSlugRedirects.slug, slug)))
    .limit(1);
  return former ? { post: await toPublicPost(db, former), moved: true } : null;
}

/** A published post's slug by id (the view beacon), or null. */
export async function findPublishedSlug(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(and(published, eq(blogPosts.id, id)))
    .limit(1);
  return row?.slug ?? null;
}

/**
 * GET /api/blog/posts/related: up to 3 published posts sharing a category with the post, newest
 * first, then (when fewer share one) the latest other posts, so a post page always suggests reading.
 */
export async function listRelatedPosts(
  db: Db,
  postId: number | undefined,
  categoryIds: number[],
): Promise<BlogPostCard[]> {
  const notThis = postId ? ne(blogPosts.id, postId) : undefined;
  const rows: CardRow[] = [];
  if (categoryIds.length > 0) {
    rows.push(
      ...(await db
        .select(cardColumns)
        .from(blogPosts)
        .where(and(published, notThis, inAnyCategory(db, categoryIds)))
        .orderBy(...newestFirst)
        .limit(BLOG_LIMITS.related)),
    );
  }
  if (rows.length < BLOG_LIMITS.related) {
    const taken = rows.map((row) => row.id);
    rows.push(
      ...(await db
        .select(cardColumns)
        .from(blogPosts)
        .where(and(published, notThis, taken.length ? notInArray(blogPosts.id, taken) : undefined))
        .orderBy(...newestFirst)
        .limit(BLOG_LIMITS.related - rows.length)),
    );
  }
  return toCards(db, rows);
}

/** The RSS feed: the latest published posts, with their text. */
export async function listFeedPosts(db: Db, limit: number) {
  return db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      metaDescription: blogPosts.metaDescription,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The sitemap's posts: every published post's address and last change, newest first, bounded. */
export async function listSitemapPosts(db: Db, limit: number) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
}
