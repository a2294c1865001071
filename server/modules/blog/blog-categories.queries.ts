import { and, asc, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import type { BlogCategoryRef } from "../../../common/contract/blog";
import type { Db } from "../../../db/client";
import { blogCategories, blogPostCategories, blogPosts } from "../../../db/schema/blog";

/** The categories of each post, by name; posts without any are absent from the map. Admin and public side alike. */
export async function categoriesOfPosts(db: Db, postIds: number[]): Promise<Map<number, BlogCategoryRef[]>> {
  const byPost = new Map<number, BlogCategoryRef[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({
      postId: blogPostCategories.postId,
      id: blogCategories.id,
      name: blogCategories.name,
      slug: blogCategories.slug,
    })
    .from(blogPostCategories)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
    .where(inArray(blogPostCategories.postId, postIds))
    .orderBy(asc(blogCategories.name), asc(blogCategories.id));
  for (const { postId, ...category } of rows) {
    const list = byPost.get(postId) ?? [];
    list.push(category);
    byPost.set(postId, list);
  }
  return byPost;
}

/** The post (of the outer query on blog_posts) is in at least one of these categories. */
export function inAnyCategory(db: Db, categoryIds: number[]): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(blogPostCategories)
      .where(
        and(eq(blogPostCategories.postId, blogPosts.id), inArray(blogPostCategories.categoryId, categoryIds)),
      ),
  );
}
