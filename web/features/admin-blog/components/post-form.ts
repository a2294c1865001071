import {
  BLOG_MESSAGES,
  type BlogPost,
  type BlogPostBody,
  type BlogPostStatus,
  blogPostBodySchema,
  normalizePostSlug,
} from "@common/contract/blog";
import { ApiError } from "@web/lib/api-client";

/** The editor's fields, as typed. */
export type PostFormValues = {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  meta_description: string;
  meta_keywords: string;
  featured_image_url: string | null;
  status: BlogPostStatus;
  is_featured: boolean;
  category_ids: number[];
};

/** Spec 4: a new post starts as a draft. */
export const NEW_POST_VALUES: PostFormValues = {
  title: "",
  slug: "",
  content: "",
  excerpt: "",
  meta_description: "",
  meta_keywords: "",
  featured_image_url: null,
  status: "draft",
  is_featured: false,
  category_ids: [],
};

export const postFormValues = (post: BlogPost): PostFormValues => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  excerpt: post.excerpt ?? "",
  meta_description: post.meta_description ?? "",
  meta_keywords: post.meta_keywords ?? "",
  featured_image_url: post.featured_image_url,
  status: post.status,
  is_featured: post.is_featured,
  category_ids: post.category_ids ?? post.categories.map((category) => category.id),
});

/**
 * The slug as it is typed (spec 5: normalised while editing). A trailing space or hyphen stays
 * until the next character, so "meu post" can be typed; the edge hyphen goes on blur and on save.
 */
export function typedSlug(value: string): string {
  const slug = normalizePostSlug(value);
  return slug && /[\s-]$/.test(value) ? `${slug}-` : slug;
}

const optional = (value: string) => value.trim() || null;

/** Spec 5, before sending: text trimmed, empty optional text null, category_ids always an array. */
export function postBody(values: PostFormValues, status: BlogPostStatus = values.status): BlogPostBody {
  return {
    title: values.title.trim(),
    slug: normalizePostSlug(values.slug),
    content: values.content.trim(),
    excerpt: optional(values.excerpt),
    meta_description: optional(values.meta_description),
    meta_keywords: optional(values.meta_keywords),
    featured_image_url: values.featured_image_url?.trim() || null,
    status,
    is_featured: values.is_featured === true,
    category_ids: [...values.category_ids],
  };
}

const FIELD_ORDER = ["title", "slug", "content", "excerpt", "meta_description", "meta_keywords"];

/** Spec 5: every failure of the contract's check, joined after the prefix; null when valid. */
export function postValidationError(body: BlogPostBody, publishing: boolean): string | null {
  const parsed = blogPostBodySchema.safeParse(body);
  if (parsed.success) return null;
  // In the form's order, whatever order the schema's checks ran in.
  const rank = (path: PropertyKey[]) => {
    const index = FIELD_ORDER.indexOf(String(path[0]));
    return index < 0 ? FIELD_ORDER.length : index;
  };
  const issues = [...parsed.error.issues].sort((a, b) => rank(a.path) - rank(b.path));
  const messages = [...new Set(issues.map((issue) => issue.message))];
  return (publishing ? BLOG_MESSAGES.publishPrefix : BLOG_MESSAGES.validationPrefix) + messages.join(", ");
}

/**
 * Spec 8, a failed save or publish: the server's validation_errors joined the same way, else its
 * error, else 'Erro ao salvar post ({status})'; a request that never arrived, the connection text.
 */
export function postSaveError(error: unknown, publishing: boolean): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 0) return publishing ? BLOG_MESSAGES.publishFailedNetwork : BLOG_MESSAGES.saveFailedNetwork;
  const body = (error as ApiError).body;
  const list = body?.validation_errors;
  if (Array.isArray(list) && list.length > 0) {
    return (publishing ? BLOG_MESSAGES.publishPrefix : BLOG_MESSAGES.validationPrefix) + list.join(", ");
  }
  if (typeof body?.error === "string" && body.error) return body.error;
  return publishing ? `Erro ao publicar post (${status})` : `Erro ao salvar post (${status})`;
}
