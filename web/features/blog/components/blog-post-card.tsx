import type { BlogPostCard } from "@common/contract/blog";
import { BLOG_LIMITS } from "@common/contract/blog-limits";
import { paths } from "@common/paths";
import { formatDateBR } from "@common/time";
import { Clock, FileText } from "lucide-react";
import { Link } from "react-router";

/** "5 min de leitura" (spec 9: words / 200, rounded up). */
export const readingTimeLabel = (minutes: number) => `${minutes} min de leitura`;

/** A post's image, or a neutral tile when it has none; the box keeps its shape before it loads. */
export function BlogPostImage({
  src,
  className = "",
  eager = false,
}: {
  src: string | null;
  className?: string;
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={`flex items-center justify-center bg-gradient-to-br from-brand-50 to-indigo-100 text-brand-600 ${className}`}
        aria-hidden
      >
        <FileText className="h-10 w-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={1200}
      height={630}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}

/** A card of the public blog (spec 2): image, up to 2 categories, title, excerpt, date, reading time. */
export function BlogPostCardView({
  post,
  headingLevel = 3,
  eager = false,
}: {
  post: BlogPostCard;
  headingLevel?: 2 | 3;
  /** The first image on screen: loaded at once (it is the page's largest paint). */
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 transition-shadow hover:shadow-md">
      <BlogPostImage src={post.featured_image_url} eager={eager} className="aspect-[1200/630] w-full" />
      <div className="flex flex-1 flex-col p-5">
        {post.categories.length > 0 && (
          <ul className="mb-3 flex flex-wrap gap-2" aria-label="Categorias">
            {post.categories.slice(0, BLOG_LIMITS.cardCategories).map((category) => (
              <li
                key={category.id}
                className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700"
              >
                {category.name}
              </li>
            ))}
          </ul>
        )}
        <Heading className="text-lg font-bold tracking-tight text-gray-900">
          <Link
            to={paths.blogPost(post.slug)}
            className="rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {/* The whole card is the link's target area. */}
            <span className="absolute inset-0" aria-hidden />
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-sm text-gray-600">{post.excerpt}</p>}
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-xs text-gray-600">
          <time dateTime={post.published_at}>{formatDateBR(post.published_at)}</time>
          <span className="inline-flex items-center gap-1">
            <Clock className="h-3.5 w-3.5" aria-hidden />
            {readingTimeLabel(post.reading_time_minutes)}
          </span>
        </p>
      </div>
    </article>
  );
}
