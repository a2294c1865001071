import { BLOG_MESSAGES, type BlogPostPublic } from "@common/contract/blog";
import { paths } from "@common/paths";
import { formatDateBR } from "@common/time";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Spinner } from "@web/components/ui/spinner";
import { Island } from "@web/lib/island";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { ArrowRight, ChevronRight, Clock, Eye } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { blogKeys, blogPostQuery, blogRelatedQuery, recordBlogView } from "../api/blog";
import { BlogLayout } from "./blog-layout";
import { BlogPostCardView, BlogPostImage, readingTimeLabel } from "./blog-post-card";
import { BlogShare } from "./blog-share";

const viewsLabel = (views: number) =>
  views === 1 ? "1 visualização" : `${views.toLocaleString("pt-BR")} visualizações`;

/**
 * /blog/{slug} (spec 2): breadcrumbs, the post as stored (sanitised on save), reading time, views,
 * tags, share links, up to 3 related posts and a call to action. 'Post não encontrado' for a slug
 * with no published post.
 */
export function BlogPostView({ slug }: { slug: string }) {
  const query = useQuery(blogPostQuery(slug));
  const navigate = useNavigate();
  const post = query.data;

  // A former address opened inside the app: the post's own address (the server answers 301).
  useEffect(() => {
    if (post && post.slug !== slug) void navigate(paths.blogPost(post.slug), { replace: true });
  }, [post, slug, navigate]);

  useDocumentTitle(post ? `${post.title} · Blog Atalho` : null);

  return (
    <BlogLayout>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <BlogPostMissing message={BLOG_MESSAGES.loadFailed} />
      ) : post ? (
        <BlogPostArticle post={post} />
      ) : (
        <BlogPostMissing message={BLOG_MESSAGES.notFound} />
      )}
    </BlogLayout>
  );
}

function BlogPostMissing({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{message}</h1>
      <p className="mt-3 text-gray-600">O endereço pode ter mudado ou o post não está mais publicado.</p>
      <Link
        to={paths.blog}
        className="mt-6 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Ver todos os posts
      </Link>
    </div>
  );
}

/** Counts the view once when the post was opened inside the app (the server counted a page it sent). */
function useCountView(postId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = blogKeys.viewed(postId);
    if (queryClient.getQueryData(key)) return;
    queryClient.setQueryData(key, true);
    recordBlogView(postId).catch(() => {});
  }, [postId, queryClient]);
}

// Content elements styled like a prose column (no typography plugin): the stored HTML's own tags.
const CONTENT_CLASS = [
  "text-base leading-7 text-gray-800 sm:text-lg sm:leading-8",
  "[&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-gray-900",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-gray-900",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-gray-900",
  "[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-gray-900 [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold",
  "[&_p]:mt-5 [&>*:first-child]:mt-0",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-gray-700 [&_blockquote]:italic",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_figure]:mt-6 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-gray-600",
  "[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-gray-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_table]:mt-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-left [&_table]:text-sm",
  "[&_th]:border-b [&_th]:border-gray-300 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_td]:border-b [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-2",
  "[&_hr]:my-10 [&_hr]:border-gray-200",
].join(" ");

function BlogPostArticle({ post }: { post: BlogPostPublic }) {
  useCountView(post.id);
  const related = useQuery(blogRelatedQuery(post)).data ?? [];
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-8 pb-12 sm:px-6 sm:pt-10">
        <nav aria-label="Trilha de navegação" className="text-sm text-gray-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="rounded hover:text-gray-900">
                Início
              </Link>
            </li>
            <li aria-hidden>
              <ChevronRight className="h-4 w-4" />
            </li>
            <li>
              <Link to={paths.blog} className="rounded hover:text-gray-900">
                Blog
              </Link>
            </li>
            <li aria-hidden>
              <ChevronRight className="h-4 w-4" />
            </li>
            <li aria-current="page" className="min-w-0 truncate font-medium text-gray-900">
              {post.title}
            </li>
          </ol>
        </nav>

        <header className="mt-6">
          {post.categories.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Categorias">
              {post.categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`${paths.blog}?category=${encodeURIComponent(category.slug)}`}
                    className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-100"
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
            {post.title}
          </h1>
          {post.excerpt && <p className="mt-4 text-lg text-pretty text-gray-600">{post.excerpt}</p>}
          <p className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-600">
            <time dateTime={post.published_at}>{formatDateBR(post.published_at)}</time>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="h-4 w-4" aria-hidden />
              {readingTimeLabel(post.reading_time_minutes)}
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="blog-views">
              <Eye className="h-4 w-4" aria-hidden />
              {viewsLabel(post.view_count)}
            </span>
          </p>
        </header>

        {post.featured_image_url && (
          <BlogPostImage
            src={post.featured_image_url}
            eager
            className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-gray-100"
          />
        )}

        <div
          className={`mt-8 ${CONTENT_CLASS}`}
          // Sanitised by the server when it was saved (server/modules/blog/blog-sanitize.ts).
          dangerouslySetInnerHTML={{ __html: post.content }}
        />

        {post.tags.length > 0 && (
          <section aria-labelledby="blog-tags" className="mt-10">
            <h2 id="blog-tags" className="text-sm font-semibold text-gray-900">
              Tags
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700">
                  {`#${tag}`}
                </li>
              ))}
            </ul>
          </section>
        )}

        <Suspense>
          <Island name="blog-share" component={BlogShare} props={{ slug: post.slug, title: post.title }} />
        </Suspense>
      </article>

      {/* NOTE: nothing here suspends: the boundary splits hydration into slices (as the landing). */}
      <Suspense>
        {related.length > 0 && (
          <section aria-labelledby="blog-related" className="border-t border-gray-200 bg-gray-50">
            <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
              <h2 id="blog-related" className="text-xl font-bold tracking-tight text-gray-900">
                Posts relacionados
              </h2>
              <div className="mt-5 grid gap-6 md:grid-cols-3">
                {related.map((item) => (
                  <BlogPostCardView key={item.id} post={item} />
                ))}
              </div>
            </div>
          </section>
        )}

        <section aria-labelledby="blog-cta" className="px-4 py-14 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-700 via-brand-700 to-indigo-800 px-6 py-12 text-center shadow-xl sm:px-12">
            <h2
              id="blog-cta"
              className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl"
            >
              Seu próximo link pode começar a contar cliques hoje
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-pretty text-brand-50">
              Crie sua página Link Bio e seus links curtos em poucos minutos.
            </p>
            <Link
              to={paths.dashboard}
              className="mt-7 inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Começar Grátis
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </div>
        </section>
      </Suspense>
    </>
  );
}
