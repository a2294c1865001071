import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@web/components/ui/spinner";
import { Search } from "lucide-react";
import { type FormEvent, Suspense, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  type BlogListFilters,
  blogCategoriesQuery,
  blogFeaturedQuery,
  blogListSearch,
  blogPostsQuery,
} from "../api/blog";
import { BlogPostCardView } from "./blog-post-card";

const SEARCH_DELAY_MS = 300;

export const resultCountLabel = (total: number) =>
  total === 1 ? "1 post encontrado" : `${total} posts encontrados`;

/**
 * Under the blog's header. `addressed` are the address's filters as the route read them (with the
 * contract's schema, which the island's own script does without); a search sets its filters here
 * and puts them in the address, which the app's router then reads back the same.
 */
export function BlogListContent({ addressed }: { addressed: BlogListFilters }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState(addressed);
  // In the app, back and forward change the address: the list follows it.
  const { search, category, page } = addressed;
  useEffect(() => {
    setFilters((current) =>
      current.search === search && current.category === category && current.page === page
        ? current
        : { search, category, page },
    );
  }, [search, category, page]);
  const apply = (next: BlogListFilters) => {
    setFilters(next);
    void navigate(`${paths.blog}${blogListSearch(next)}`, { replace: true, preventScrollReset: true });
  };
  const posts = useQuery(blogPostsQuery(filters));
  const featured = useQuery(blogFeaturedQuery).data ?? [];
  const categories = useQuery(blogCategoriesQuery).data ?? [];
  const filtering = Boolean(filters.search || filters.category);
  const showFeatured = !filtering && filters.page === 1 && featured.length > 0;

  return (
    <>
      <section className="border-b border-gray-200/80 bg-gradient-to-b from-brand-50/70 to-white">
        <div className="mx-auto max-w-7xl px-4 pt-12 pb-10 sm:px-6 sm:pt-16 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Blog</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
            Dicas para divulgar seus links e entender seus cliques
          </h1>
          <p className="mt-3 max-w-2xl text-base text-pretty text-gray-600 sm:text-lg">
            Guias sobre páginas Link Bio, links curtos, QR Codes e análise de cliques.
          </p>
          <BlogSearchForm filters={filters} categories={categories} onApply={apply} />
        </div>
      </section>

      {/* NOTE: nothing here suspends. A boundary lets React hydrate the cards later, in slices
          that yield to the browser, instead of in one long task with the header (as the landing). */}
      <Suspense>
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          {showFeatured && (
            <section aria-labelledby="blog-featured" className="mb-12">
              <h2 id="blog-featured" className="text-xl font-bold tracking-tight text-gray-900">
                Destaques
              </h2>
              <div className="mt-5 grid gap-6 md:grid-cols-3">
                {featured.map((post, i) => (
                  <BlogPostCardView key={post.id} post={post} eager={i === 0} />
                ))}
              </div>
            </section>
          )}

          <section aria-labelledby="blog-results">
            <h2 id="blog-results" className="text-xl font-bold tracking-tight text-gray-900">
              {filtering ? "Resultados" : "Todos os posts"}
            </h2>
            {posts.isPending ? (
              <Spinner />
            ) : posts.isError ? (
              <p className="mt-6 text-gray-600" role="alert">
                Não foi possível carregar os posts. Tente novamente.
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-gray-600" role="status" aria-live="polite">
                  {resultCountLabel(posts.data.total)}
                </p>
                {posts.data.posts.length === 0 ? (
                  <div className="mt-6 rounded-2xl border border-dashed border-gray-300 px-6 py-14 text-center">
                    <p className="text-lg font-semibold text-gray-900">Nenhum post encontrado</p>
                    <p className="mt-2 text-sm text-gray-600">
                      {filtering
                        ? "Tente outra busca ou outra categoria."
                        : "Os primeiros posts estão a caminho. Volte em breve."}
                    </p>
                    {filtering && (
                      <Link
                        to={paths.blog}
                        className="mt-4 inline-flex rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                      >
                        Ver todos os posts
                      </Link>
                    )}
                  </div>
                ) : (
                  <div className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {posts.data.posts.map((post) => (
                      <BlogPostCardView key={post.id} post={post} />
                    ))}
                  </div>
                )}
                <BlogPagination filters={filters} totalPages={posts.data.total_pages} />
              </>
            )}
          </section>
        </div>
      </Suspense>
    </>
  );
}

function BlogSearchForm({
  filters,
  categories,
  onApply,
}: {
  filters: BlogListFilters;
  categories: { id: number; name: string; slug: string; post_count: number }[];
  onApply: (filters: BlogListFilters) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applied = useRef(filters.search);

  // Back and forward change the address: the box follows it (not the searches it made itself).
  useEffect(() => {
    if (filters.search !== applied.current) setSearch(filters.search);
    applied.current = filters.search;
  }, [filters.search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: { search: string; category: string }) => {
    clearTimeout(timer.current);
    applied.current = next.search;
    onApply({ ...next, page: 1 });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply({ search: search.trim(), category: filters.category });
  };

  return (
    <search className="mt-8">
      <form method="get" action={paths.blog} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor="blog-search" className="sr-only">
            Buscar posts
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <input
            id="blog-search"
            name="search"
            type="search"
            value={search}
            maxLength={100}
            placeholder="Buscar por título ou resumo"
            onChange={(event) => {
              const value = event.target.value;
              setSearch(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => apply({ search: value.trim(), category: filters.category }),
                SEARCH_DELAY_MS,
              );
            }}
            className="block w-full rounded-lg border-0 bg-white py-2.5 pr-3 pl-10 text-base text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </div>
        <div className="sm:w-64">
          <label htmlFor="blog-category" className="sr-only">
            Categoria
          </label>
          <select
            id="blog-category"
            name="category"
            value={filters.category}
            onChange={(event) => apply({ search: search.trim(), category: event.target.value })}
            className="block w-full rounded-lg border-0 bg-white py-2.5 pr-8 pl-3 text-base text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          >
            <option value="">Todas as categorias</option>
            {categories.map((category) => (
              <option key={category.id} value={category.slug}>
                {category.name} ({category.post_count})
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Buscar
        </button>
      </form>
    </search>
  );
}

/** Pages as links (they work without JavaScript): previous, numbers around the current one, next. */
function BlogPagination({ filters, totalPages }: { filters: BlogListFilters; totalPages: number }) {
  if (totalPages <= 1) return null;
  const current = Math.min(filters.page, totalPages);
  const first = Math.max(1, Math.min(current - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => first + i);
  const href = (page: number) => `${paths.blog}${blogListSearch({ ...filters, page })}`;
  const base =
    "inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
  return (
    <nav aria-label="Paginação" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {current > 1 && (
        <Link
          to={href(current - 1)}
          className={`${base} text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50`}
        >
          Anterior
        </Link>
      )}
      {pages.map((page) =>
        page === current ? (
          <span key={page} aria-current="page" className={`${base} bg-brand-600 text-white`}>
            {page}
          </span>
        ) : (
          <Link
            key={page}
            to={href(page)}
            aria-label={`Página ${page}`}
            className={`${base} text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50`}
          >
            {page}
          </Link>
        ),
      )}
      {current < totalPages && (
        <Link
          to={href(current + 1)}
          className={`${base} text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50`}
        >
          Próxima
        </Link>
      )}
    </nav>
  );
}
