import { z } from "../zod";
import { BLOG_LIMITS } from "./blog-limits";
import { LINK_PAGE_MESSAGES } from "./link-pages";
import { pageFields } from "./paging";
import { httpUrlSchema } from "./urls";
import { timestampSchema, wholeNumberSchema } from "./wire";

// The blog (spec 2, 3, 5, 7, 8, 9): one contract for the server, the editor and the public pages.

export { BLOG_LIMITS };

export const BLOG_POST_STATUSES = ["draft", "published", "archived"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const BLOG_STATUS_LABELS: Record<BlogPostStatus, string> = {
  draft: "Rascunho",
  published: "Publicado",
  archived: "Arquivado",
};

export const BLOG_MESSAGES = {
  // Spec 8
  notFound: "Post não encontrado",
  loadFailed: "Erro ao carregar o post",
  postSaved: "Post salvo com sucesso!",
  postPublished: "Post publicado com sucesso!",
  saveFailedNetwork: "Erro de conexão ao salvar post",
  publishFailedNetwork: "Erro de conexão ao publicar post",
  postDeleted: "Post excluído com sucesso",
  postDeleteFailed: "Erro ao excluir post",
  categorySaved: "Categoria salva com sucesso",
  categorySaveFailed: "Erro ao salvar categoria",
  categoryDeleted: "Categoria excluída com sucesso",
  categoryDeleteFailed: "Erro ao excluir categoria",
  imageFailed: "Erro ao fazer upload da imagem",
  imageUrlInvalid: "Imagem destacada: informe uma URL válida ou envie um arquivo",
  // Spec 5
  confirmDeletePost: "Tem certeza que deseja excluir este post? Esta ação não pode ser desfeita.",
  confirmDeleteCategory: "Tem certeza que deseja excluir esta categoria?",
  validationPrefix: "Erro de validação: ",
  publishPrefix: "Erro na publicação: ",
  titleRequired: "Título é obrigatório",
  contentRequired: "Conteúdo é obrigatório",
  slugRequired: "Slug é obrigatório (mínimo 3 caracteres)",
  titleRequiredPublish: "Título é obrigatório para publicação",
  contentRequiredPublish: "Conteúdo é obrigatório para publicação",
  slugRequiredPublish: "Slug é obrigatório para publicação",
  titleTooLong: "Título deve ter no máximo 200 caracteres",
  titleTooLongDraft: "Título deve ter no máximo 500 caracteres",
  slugLength: "Slug deve ter entre 3 e 100 caracteres",
  slugPattern: "Slug deve conter apenas letras, números, - e _",
  excerptTooLong: "Excerpt deve ter no máximo 300 caracteres",
  metaDescriptionTooLong: "Meta description deve ter no máximo 160 caracteres",
  metaKeywordsTooLong: "Meta keywords deve ter no máximo 500 caracteres",
  // Beyond the spec (server-side rules it does not show)
  contentTooLong: "Conteúdo deve ter no máximo 200.000 caracteres",
  statusInvalid: "Status inválido",
  slugTaken: "Já existe um post com este slug",
  categoryInvalid: "Categoria inválida",
  tooManyCategories: "Escolha no máximo 20 categorias",
  categoryNameRequired: "Nome é obrigatório",
  categoryNameTooLong: "Nome deve ter no máximo 100 caracteres",
  categorySlugRequired: "Slug é obrigatório",
  categorySlugTooLong: "Slug deve ter no máximo 100 caracteres",
  categoryDescriptionTooLong: "Descrição deve ter no máximo 500 caracteres",
  categorySlugTaken: "Já existe uma categoria com este slug",
  categoryNotFound: "Categoria não encontrada",
  /** The editor leaving with unsaved changes. */
  unsavedChanges: "Você tem alterações não salvas. Deseja sair mesmo assim?",
} as const;

const SLUG_CHARS = /^[A-Za-z0-9_-]+$/;

const stripDiacritics = (value: string) => value.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/**
 * Spec 5, post slug: lowercase, punctuation removed, spaces and repeated hyphens become one hyphen,
 * edge hyphens trimmed. Accents are dropped first ("Introdução" becomes "introducao").
 */
export function normalizePostSlug(value: string): string {
  return stripDiacritics(value)
    .toLowerCase()
    .replace(/[^a-z0-9\s_-]/g, "")
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Spec 2, category slug from its name: lowercase, non-alphanumerics become hyphens, edges trimmed. */
export function categorySlugFromName(name: string): string {
  return stripDiacritics(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Spec 9: words of the post's text (tags removed) / 200, rounded up; at least 1 minute. */
export function readingTimeMinutes(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z0-9#]+;/gi, " ");
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / BLOG_LIMITS.wordsPerMinute));
}

/** Meta keywords as tags: comma separated, trimmed, empty ones dropped, duplicates removed. */
export function keywordTags(keywords: string | null | undefined): string[] {
  if (!keywords) return [];
  return [
    ...new Set(
      keywords
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/**
 * POST /api/admin/blog/posts and PUT /api/admin/blog/posts/{id} (spec 5 and 7). Every failure is
 * reported, not only the first: the server answers them as `validation_errors` and the editor
 * joins them as 'Erro de validação: ...'. The content is sanitised by the server after this.
 */
export const blogPostBodySchema = z
  .object({
    title: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v ?? ""),
    slug: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ?? "").toLowerCase()),
    content: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v ?? ""),
    excerpt: optionalText(BLOG_LIMITS.excerpt, BLOG_MESSAGES.excerptTooLong),
    meta_description: optionalText(BLOG_LIMITS.metaDescription, BLOG_MESSAGES.metaDescriptionTooLong),
    meta_keywords: optionalText(BLOG_LIMITS.metaKeywords, BLOG_MESSAGES.metaKeywordsTooLong),
    featured_image_url: z
      .string()
      .trim()
      .max(8 * 1024 * 1024, LINK_PAGE_MESSAGES.imageTooLarge)
      .nullish()
      .transform((value, ctx) => {
        // An image read in the browser (stored as a file by the server), one of our files, or a URL.
        if (!value) return null;
        if (value.startsWith("data:")) {
          if (/^data:image\/(png|jpe?g|gif|webp)[;,]/i.test(value)) return value;
          ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.imageFailed });
          return z.NEVER;
        }
        if (/^\/uploads\/[A-Za-z0-9._-]+$/.test(value)) return value;
        const url = httpUrlSchema.safeParse(value);
        if (url.success) return url.data;
        ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.imageUrlInvalid });
        return z.NEVER;
      }),
    status: z
      .enum(BLOG_POST_STATUSES, { error: BLOG_MESSAGES.statusInvalid })
      .nullish()
      .transform((v) => v ?? "draft"),
    is_featured: z
      .unknown()
      .optional()
      .transform((v) => v === true || v === "true" || v === 1 || v === "1" || v === "on"),
    category_ids: z
      .array(
        z.coerce
          .number({ error: BLOG_MESSAGES.categoryInvalid })
          .int()
          .positive(BLOG_MESSAGES.categoryInvalid),
      )
      .max(BLOG_LIMITS.categoriesPerPost, BLOG_MESSAGES.tooManyCategories)
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])]),
  })
  .superRefine((post, ctx) => {
    const publishing = post.status === "published";
    const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!post.title)
      fail("title", publishing ? BLOG_MESSAGES.titleRequiredPublish : BLOG_MESSAGES.titleRequired);
    else if (publishing && post.title.length > BLOG_LIMITS.titlePublish)
      fail("title", BLOG_MESSAGES.titleTooLong);
    else if (post.title.length > BLOG_LIMITS.titleDraft) fail("title", BLOG_MESSAGES.titleTooLongDraft);
    if (!post.content)
      fail("content", publishing ? BLOG_MESSAGES.contentRequiredPublish : BLOG_MESSAGES.contentRequired);
    else if (post.content.length > BLOG_LIMITS.content) fail("content", BLOG_MESSAGES.contentTooLong);
    if (!post.slug) fail("slug", publishing ? BLOG_MESSAGES.slugRequiredPublish : BLOG_MESSAGES.slugRequired);
    else if (post.slug.length < BLOG_LIMITS.slugMin)
      fail("slug", publishing ? BLOG_MESSAGES.slugLength : BLOG_MESSAGES.slugRequired);
    // NOTE: a draft's slug too long is not 'obrigatório (mínimo 3)': it names the real bound.
    else if (post.slug.length > BLOG_LIMITS.slugMax) fail("slug", BLOG_MESSAGES.slugLength);
    else if (!SLUG_CHARS.test(post.slug)) fail("slug", BLOG_MESSAGES.slugPattern);
  });
export type BlogPostBody = z.input<typeof blogPostBodySchema>;
export type BlogPostInput = z.output<typeof blogPostBodySchema>;

/** POST /api/admin/blog/categories and PUT /api/admin/blog/categories/{id}. */
export const blogCategoryBodySchema = z.object({
  name: z
    .string({ error: BLOG_MESSAGES.categoryNameRequired })
    .trim()
    .min(1, BLOG_MESSAGES.categoryNameRequired)
    .max(BLOG_LIMITS.categoryName, BLOG_MESSAGES.categoryNameTooLong),
  slug: z
    .string({ error: BLOG_MESSAGES.categorySlugRequired })
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(
      z
        .string()
        .min(1, BLOG_MESSAGES.categorySlugRequired)
        .max(BLOG_LIMITS.slugMax, BLOG_MESSAGES.categorySlugTooLong)
        .regex(SLUG_CHARS, BLOG_MESSAGES.slugPattern),
    ),
  description: optionalText(BLOG_LIMITS.categoryDescription, BLOG_MESSAGES.categoryDescriptionTooLong),
  meta_description: optionalText(BLOG_LIMITS.metaDescription, BLOG_MESSAGES.metaDescriptionTooLong),
});
export type BlogCategoryBody = z.input<typeof blogCategoryBodySchema>;

const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1).default(1);
const searchParam = z
  .string()
  .trim()
  .max(BLOG_LIMITS.searchMax)
  .catch("")
  .optional()
  .transform((v) => v || undefined);

/** GET /api/blog/posts and the /blog page's form: ?search=&category={slug}&page=. Bad values fall back. */
export const blogPublicQuerySchema = z.object({
  search: searchParam,
  category: z
    .string()
    .trim()
    .max(BLOG_LIMITS.slugMax)
    .catch("")
    .optional()
    .transform((v) => v || undefined),
  page: pageParam,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BLOG_LIMITS.pageSizeMax)
    .catch(BLOG_LIMITS.pageSize)
    .default(BLOG_LIMITS.pageSize),
});
export type BlogPublicQuery = z.output<typeof blogPublicQuerySchema>;

/** GET /api/blog/posts/related?post_id=&category_ids=1,2 */
export const blogRelatedQuerySchema = z.object({
  post_id: z.coerce.number().int().positive().max(2147483647).optional().catch(undefined),
  category_ids: z
    .string()
    .max(500)
    .optional()
    .catch(undefined)
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0 && id <= 2147483647)
        .slice(0, BLOG_LIMITS.categoriesPerPost),
    ),
});

/** GET /api/admin/blog/posts?search=&status=&category_id=&page= (an array, as the spec reads it). */
export const blogAdminQuerySchema = z.object({
  search: searchParam,
  status: z.enum(BLOG_POST_STATUSES).optional().catch(undefined),
  category_id: z.coerce.number().int().positive().max(2147483647).optional().catch(undefined),
  page: pageParam,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BLOG_LIMITS.adminPageSizeMax)
    .catch(BLOG_LIMITS.adminPageSize)
    .default(BLOG_LIMITS.adminPageSize),
});

export const blogCategoryRefSchema = z.object({ id: wholeNumberSchema, name: z.string(), slug: z.string() });
export type BlogCategoryRef = z.infer<typeof blogCategoryRefSchema>;

export const blogCategorySchema = blogCategoryRefSchema.extend({
  description: z.string().nullable(),
  meta_description: z.string().nullable(),
  /** Published posts in it (public) or all posts in it (admin). */
  post_count: wholeNumberSchema,
});
export type BlogCategory = z.infer<typeof blogCategorySchema>;
export const blogCategoryListSchema = z.array(blogCategorySchema);

/** A post as the admin API returns it (spec 3). */
export const blogPostSchema = z.object({
  id: wholeNumberSchema,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  /** Sanitised HTML, rendered as stored. */
  content: z.string(),
  featured_image_url: z.string().nullable(),
  status: z.enum(BLOG_POST_STATUSES),
  is_featured: z.boolean(),
  published_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  view_count: wholeNumberSchema,
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  categories: z.array(blogCategoryRefSchema),
  category_ids: z.array(wholeNumberSchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** A row of the admin list: the post without its content. */
export const blogPostRowSchema = blogPostSchema.omit({ content: true });
export type BlogPostRow = z.infer<typeof blogPostRowSchema>;
export const blogPostRowListSchema = z.array(blogPostRowSchema);

/** GET /api/admin/blog/stats: the four stat cards (spec 2), over every post, not a page. */
export const blogStatsSchema = z.object({
  total: wholeNumberSchema,
  published: wholeNumberSchema,
  draft: wholeNumberSchema,
  archived: wholeNumberSchema,
  views: wholeNumberSchema,
});
export type BlogStats = z.infer<typeof blogStatsSchema>;

/** A card of the public blog: published posts only. */
export const blogPostCardSchema = z.object({
  id: wholeNumberSchema,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  featured_image_url: z.string().nullable(),
  published_at: timestampSchema,
  view_count: wholeNumberSchema,
  reading_time_minutes: wholeNumberSchema,
  categories: z.array(blogCategoryRefSchema),
});
export type BlogPostCard = z.infer<typeof blogPostCardSchema>;
export const blogPostCardListSchema = z.array(blogPostCardSchema);

/** GET /api/blog/posts/slug/{slug}: the public post. */
export const blogPostPublicSchema = blogPostCardSchema.extend({
  content: z.string(),
  updated_at: timestampSchema,
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  tags: z.array(z.string()),
});
export type BlogPostPublic = z.infer<typeof blogPostPublicSchema>;

/** GET /api/blog/posts */
export const blogPostsPageSchema = z.object({
  posts: z.array(blogPostCardSchema),
  ...pageFields,
  total_pages: wholeNumberSchema,
});
export type BlogPostsPage = z.infer<typeof blogPostsPageSchema>;

/** POST /api/blog/posts/{id}/view: the view is taken (counted once per visitor and day). */
export const blogViewTakenSchema = z.object({ ok: z.literal(true) });
