import type { FastifyInstance } from "fastify";
import {
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogCategoryRef,
  type BlogPost,
  type BlogPostInput,
  type BlogPostRow,
  type blogCategoryBodySchema,
  blogPostBodySchema,
} from "../../../common/contract/blog";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { isUniqueViolation } from "../../lib/database-errors";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { deleteUpload, saveImageDataUrl } from "../uploads/image-store";
import {
  type BlogCategoryDbRow,
  type BlogPostDbRow,
  categorySlugTaken,
  countPostsInCategory,
  deleteCategory,
  deletePost,
  existingCategoryIds,
  findCategory,
  findPost,
  findPostForUpdate,
  insertCategory,
  insertPost,
  moveSlug,
  postSlugTaken,
  setPostCategories,
  updateCategory,
  updatePost,
} from "./blog-admin.queries";
import { categoriesOfPosts } from "./blog-categories.queries";
import { blogChanged } from "./blog-events";
import { sanitizeBlogHtml } from "./blog-sanitize";

// The blog's admin rules (spec 3, 4, 5, 7): validation with every message at once, sanitised HTML,
// unique slugs with redirects from former ones, the featured image as a file, and an audit line
// for every change.

type App = Pick<FastifyInstance, "db" | "config" | "bus">;
type CategoryInput = z.output<typeof blogCategoryBodySchema>;

/** The order the editor's fields are read in, so validation_errors read top to bottom. */
const FIELD_ORDER = [
  "title",
  "content",
  "slug",
  "excerpt",
  "meta_description",
  "meta_keywords",
  "featured_image_url",
  "status",
  "is_featured",
  "category_ids",
];

/**
 * 400 with every broken rule: `error` joins them as the editor shows them ('Erro de validação: a, b',
 * 'Erro na publicação: ...' when publishing), `validation_errors` lists them, `details` by field.
 */
function validationFailed(issues: { field: string; message: string }[], publishing: boolean): HttpError {
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const sorted = [...issues].sort((a, b) => rank(a.field) - rank(b.field));
  const messages = [...new Set(sorted.map((issue) => issue.message))];
  const details: Record<string, string> = {};
  for (const issue of sorted) details[issue.field] ??= issue.message;
  const prefix = publishing ? BLOG_MESSAGES.publishPrefix : BLOG_MESSAGES.validationPrefix;
  return new HttpError(400, `${prefix}${messages.join(", ")}`, details, messages);
}

/** The editor's body, checked against spec 5; the content comes back sanitised. */
export function parsePostBody(body: unknown): BlogPostInput {
  const raw = body ?? {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw badRequest("Dados inválidos.");
  const publishing = (raw as { status?: unknown }).status === "published";
  const parsed = blogPostBodySchema.safeParse(raw);
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? "body"),
        message: issue.message,
      })),
      publishing,
    );
  }
  const content = sanitizeBlogHtml(parsed.data.content);
  // Nothing left once the scripts and the like are gone: as empty as no content at all.
  if (!content) {
    const message = publishing ? BLOG_MESSAGES.contentRequiredPublish : BLOG_MESSAGES.contentRequired;
    throw validationFailed([{ field: "content", message }], publishing);
  }
  return { ...parsed.data, content };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toBlogPostRow(
  row: Omit<BlogPostDbRow, "content">,
  categories: BlogCategoryRef[],
): BlogPostRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featured_image_url: row.featuredImageUrl,
    status: row.status,
    is_featured: row.isFeatured,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    view_count: row.viewCount,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    categories,
    category_ids: categories.map((category) => category.id),
  };
}

export function toBlogPost(row: BlogPostDbRow, categories: BlogCategoryRef[]): BlogPost {
  return { ...toBlogPostRow(row, categories), content: row.content };
}

/** GET /api/admin/blog/posts/{id}: the post with its categories, or 404. */
export async function getAdminPost(db: Db, id: number): Promise<BlogPost> {
  const row = await findPost(db, id);
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  const categories = await categoriesOfPosts(db, [row.id]);
  return toBlogPost(row, categories.get(row.id) ?? []);
}

/** What the audit log keeps of a post: enough to tell what changed, not its whole content. */
const auditOfPost = (row: BlogPostDbRow, categoryIds: number[]) => ({
  slug: row.slug,
  title: row.title,
  status: row.status,
  is_featured: row.isFeatured,
  featured_image_url: row.featuredImageUrl,
  category_ids: categoryIds,
  content_length: row.content.length,
});

async function checkCategories(db: Db, ids: number[]): Promise<void> {
  const known = await existingCategoryIds(db, ids);
  if (ids.some((id) => !known.has(id))) {
    throw badRequest(BLOG_MESSAGES.categoryInvalid, { category_ids: BLOG_MESSAGES.categoryInvalid });
  }
}

const slugConflict = () => conflict(BLOG_MESSAGES.slugTaken, { slug: BLOG_MESSAGES.slugTaken });

/**
 * What featured_image_url stores: a data URL becomes a file of ours; an /uploads/ path is kept only
 * if it is already this post's (a post can never claim, and later delete, another record's file);
 * an http(s) URL is kept as given.
 */
async function storeFeaturedImage(app: App, value: string | null, current: string | null) {
  if (!value) return null;
  if (value.startsWith("data:")) return saveImageDataUrl(app.config.dataDir, value);
  if (value.startsWith("/") && value !== current) {
    throw badRequest(BLOG_MESSAGES.imageUrlInvalid, { featured_image_url: BLOG_MESSAGES.imageUrlInvalid });
  }
  return value;
}

function columnsOf(input: BlogPostInput) {
  return {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    status: input.status,
    isFeatured: input.is_featured,
    metaDescription: input.meta_description,
    metaKeywords: input.meta_keywords,
  };
}

export async function createAdminPost(app: App, actor: Actor, input: BlogPostInput): Promise<BlogPost> {
  await checkCategories(app.db, input.category_ids);
  if (await postSlugTaken(app.db, input.slug)) throw slugConflict();
  const image = await storeFeaturedImage(app, input.featured_image_url, null);
  let row: BlogPostDbRow;
  try {
    row = await app.db.transaction(async (tx) => {
      const now = new Date();
      const inserted = await insertPost(tx, {
        ...columnsOf(input),
        featuredImageUrl: image,
        publishedAt: input.status === "published" ? now : null,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await moveSlug(tx, inserted.id, inserted.slug);
      await setPostCategories(tx, inserted.id, input.category_ids);
      await recordAudit(tx, actor, {
        action: "blog.post.create",
        targetType: "blog_post",
        targetId: inserted.id,
        targetLabel: inserted.title,
        after: auditOfPost(inserted, input.category_ids),
      });
      return inserted;
    });
  } catch (error) {
    if (image !== input.featured_image_url) await deleteUpload(app.config.dataDir, image);
    throw isUniqueViolation(error) ? slugConflict() : error;
  }
  // A visitor may have asked for this address before it existed: its cached 404 must go.
  blogChanged(app.bus, row.slug);
  return getAdminPost(app.db, row.id);
}

export async function updateAdminPost(
  app: App,
  actor: Actor,
  id: number,
  input: BlogPostInput,
): Promise<BlogPost> {
  const current = await findPost(app.db, id);
  if (!current) throw notFound(BLOG_MESSAGES.notFound);
  await checkCategories(app.db, input.category_ids);
  if (await postSlugTaken(app.db, input.slug, id)) throw slugConflict();
  const image = await storeFeaturedImage(app, input.featured_image_url, current.featuredImageUrl);
  let before: BlogPostDbRow;
  let row: BlogPostDbRow;
  try {
    [before, row] = await app.db.transaction(async (tx) => {
      const locked = await findPostForUpdate(tx, id);
      if (!locked) throw notFound(BLOG_MESSAGES.notFound);
      const previousCategories = (await categoriesOfPosts(tx, [id])).get(id) ?? [];
      const now = new Date();
      const updated = await updatePost(tx, id, {
        ...columnsOf(input),
        featuredImageUrl: image,
        // Spec 3: set the first time the post is published, kept through edits and archiving.
        publishedAt: locked.publishedAt ?? (input.status === "published" ? now : null),
        updatedAt: now,
      });
      await moveSlug(tx, id, updated.slug, locked.slug);
      await setPostCategories(tx, id, input.category_ids);
      await recordAudit(tx, actor, {
        action: "blog.post.update",
        targetType: "blog_post",
        targetId: id,
        targetLabel: updated.title,
        before: auditOfPost(
          locked,
          previousCategories.map((category) => category.id),
        ),
        after: auditOfPost(updated, input.category_ids),
      });
      return [locked, updated] as const;
    });
  } catch (error) {
    if (image !== input.featured_image_url && image !== current.featuredImageUrl) {
      await deleteUpload(app.config.dataDir, image);
    }
    throw isUniqueViolation(error) ? slugConflict() : error;
  }
  if (before.featuredImageUrl !== row.featuredImageUrl)
    await deleteUpload(app.config.dataDir, before.featuredImageUrl);
  blogChanged(app.bus, before.slug, row.slug);
  return getAdminPost(app.db, id);
}

export async function deleteAdminPost(app: App, actor: Actor, id: number): Promise<void> {
  const { row, formerSlugs } = await app.db.transaction(async (tx) => {
    const locked = await findPostForUpdate(tx, id);
    if (!locked) throw notFound(BLOG_MESSAGES.notFound);
    const categoryIds = ((await categoriesOfPosts(tx, [id])).get(id) ?? []).map((category) => category.id);
    const former = await deletePost(tx, id);
    await recordAudit(tx, actor, {
      action: "blog.post.delete",
      targetType: "blog_post",
      targetId: id,
      targetLabel: locked.title,
      before: auditOfPost(locked, categoryIds),
    });
    return { row: locked, formerSlugs: former };
  });
  await deleteUpload(app.config.dataDir, row.featuredImageUrl);
  // Its address and its former addresses (cached as redirects) answer 404 from now on.
  blogChanged(app.bus, row.slug, ...formerSlugs);
}

// ---------------------------------------------------------------------------------------------
// Categories

export function toBlogCategory(row: BlogCategoryDbRow, postCount: number): BlogCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    meta_description: row.metaDescription,
    post_count: postCount,
  };
}

const categoryConflict = () =>
  conflict(BLOG_MESSAGES.categorySlugTaken, { slug: BLOG_MESSAGES.categorySlugTaken });

const categoryColumns = (input: CategoryInput) => ({
  name: input.name,
  slug: input.slug,
  description: input.description,
  metaDescription: input.meta_description,
});

const auditOfCategory = (row: BlogCategoryDbRow) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  meta_description: row.metaDescription,
});

export async function createAdminCategory(
  app: App,
  actor: Actor,
  input: CategoryInput,
): Promise<BlogCategory> {
  if (await categorySlugTaken(app.db, input.slug)) throw categoryConflict();
  try {
    const row = await app.db.transaction(async (tx) => {
      const inserted = await insertCategory(tx, categoryColumns(input));
      await recordAudit(tx, actor, {
        action: "blog.category.create",
        targetType: "blog_category",
        targetId: inserted.id,
        targetLabel: inserted.name,
        after: auditOfCategory(inserted),
      });
      return inserted;
    });
    blogChanged(app.bus);
    return toBlogCategory(row, 0);
  } catch (error) {
    throw isUniqueViolation(error) ? categoryConflict() : error;
  }
}

export async function updateAdminCategory(
  app: App,
  actor: Actor,
  id: number,
  input: CategoryInput,
): Promise<BlogCategory> {
  const current = await findCategory(app.db, id);
  if (!current) throw notFound(BLOG_MESSAGES.categoryNotFound);
  if (await categorySlugTaken(app.db, input.slug, id)) throw categoryConflict();
  try {
    const row = await app.db.transaction(async (tx) => {
      const updated = await updateCategory(tx, id, { ...categoryColumns(input), updatedAt: new Date() });
      if (!updated) throw notFound(BLOG_MESSAGES.categoryNotFound);
      await recordAudit(tx, actor, {
        action: "blog.category.update",
        targetType: "blog_category",
        targetId: id,
        targetLabel: updated.name,
        before: auditOfCategory(current),
        after: auditOfCategory(updated),
      });
      return updated;
    });
    blogChanged(app.bus);
    return toBlogCategory(row, await countPostsInCategory(app.db, id));
  } catch (error) {
    throw isUniqueViolation(error) ? categoryConflict() : error;
  }
}

export async function deleteAdminCategory(app: App, actor: Actor, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const posts = await countPostsInCategory(tx, id);
    const deleted = await deleteCategory(tx, id);
    if (!deleted) throw notFound(BLOG_MESSAGES.categoryNotFound);
    await recordAudit(tx, actor, {
      action: "blog.category.delete",
      targetType: "blog_category",
      targetId: id,
      targetLabel: deleted.name,
      before: { ...auditOfCategory(deleted), post_count: posts },
    });
  });
  blogChanged(app.bus);
}
