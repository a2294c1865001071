import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_POST_STATUSES,
  BLOG_STATUS_LABELS,
  type BlogPostRow,
  type BlogPostStatus,
} from "@common/contract/blog";
import { useQuery } from "@tanstack/react-query";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { ListStates } from "@web/components/ui/list-states";
import { PageHeader } from "@web/components/ui/page-header";
import { PaginationFooter } from "@web/components/ui/pagination";
import { errorMessage } from "@web/lib/api-client";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { ArrowLeft, FileText, FolderOpen, Plus, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { blogCategoriesQuery } from "../api/blog-categories";
import { type BlogPostFilters, blogPostsQuery, blogStatsQuery } from "../api/blog-posts";
import { useDeletePost } from "../api/use-delete-post";
import { NEW_POST_PATH } from "./blog-admin-paths";
import { BlogCategoryModal } from "./blog-category-modal";
import { BlogPostTable } from "./blog-post-table";
import { BlogStatCards } from "./blog-stat-cards";

const selectClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:w-auto sm:text-sm";
const primaryLink =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50";

/** /admin/blog 'Gerenciar Blog' (spec 2): stat cards, search and filters, the paged table, categories. */
export function BlogAdminList() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<BlogPostStatus | "">("");
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const filters: BlogPostFilters = { search: useDebouncedValue(search.trim()), status, categoryId };
  const filtered = Boolean(filters.search || status || categoryId !== null);

  const list = useQuery(blogPostsQuery(filters, page));
  const stats = useQuery(blogStatsQuery);
  const categories = useQuery(blogCategoriesQuery);
  const remove = useDeletePost();
  const confirm = useConfirm();
  const rows = list.data?.posts ?? [];
  const totalPages = Math.ceil((list.data?.total ?? 0) / BLOG_LIMITS.adminPageSize);

  // After deleting the last post of the last page, show the page before it.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const onDelete = async (post: BlogPostRow) => {
    const deleted = await confirm({
      title: `Excluir o post “${post.title}”?`,
      body: BLOG_MESSAGES.confirmDeletePost,
      confirmLabel: "Excluir post",
      danger: true,
      action: () => remove.mutateAsync(post.id),
      describeError: (error) => errorMessage(error, BLOG_MESSAGES.postDeleteFailed),
    });
    if (deleted) toast.success(BLOG_MESSAGES.postDeleted);
  };

  return (
    <div className="space-y-6">
      <div>
        <Link
          to="/admin?tab=blog"
          className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-gray-600 hover:text-gray-900"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Painel Admin
        </Link>
        <PageHeader
          title="Gerenciar Blog"
          description="Posts, categorias e o que aparece no blog público."
          actions={
            <>
              <button type="button" onClick={() => setCategoriesOpen(true)} className={secondaryButton}>
                <FolderOpen className="h-4 w-4" aria-hidden />
                Gerenciar Categorias
              </button>
              <Link to={NEW_POST_PATH} className={primaryLink}>
                <Plus className="h-4 w-4" aria-hidden />
                Novo Post
              </Link>
            </>
          }
        />
      </div>

      <BlogStatCards stats={stats.data} />

      <section
        className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
        aria-label="Lista de posts"
      >
        <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:flex-wrap sm:items-center">
          <label className="relative block min-w-0 flex-1 sm:min-w-64">
            <span className="sr-only">Buscar posts</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
              aria-hidden
            />
            <input
              type="search"
              value={search}
              maxLength={BLOG_LIMITS.searchMax}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="Buscar por título ou resumo"
              className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
            />
          </label>
          <div className="grid gap-3 sm:flex">
            <label>
              <span className="sr-only">Status</span>
              <select
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as BlogPostStatus | "");
                  setPage(1);
                }}
                className={selectClass}
              >
                <option value="">Todos os status</option>
                {BLOG_POST_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {BLOG_STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="sr-only">Categoria</span>
              <select
                value={categoryId ?? ""}
                onChange={(event) => {
                  setCategoryId(event.target.value ? Number(event.target.value) : null);
                  setPage(1);
                }}
                className={selectClass}
              >
                <option value="">Todas as categorias</option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>

        <ListStates
          query={list}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando posts"
          errorFallback="Erro ao carregar posts"
          empty={
            <div className="flex flex-col items-center px-4 py-12 text-center">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gray-100 text-gray-400">
                <FileText className="h-6 w-6" aria-hidden />
              </span>
              <p className="mt-3 font-semibold text-gray-900">Nenhum post encontrado</p>
              {filtered ? (
                <p className="mt-1 text-sm text-gray-500">Tente ajustar os filtros de busca.</p>
              ) : (
                <>
                  <p className="mt-1 text-sm text-gray-500">Comece escrevendo o primeiro post do blog.</p>
                  <Link to={NEW_POST_PATH} className={`${primaryLink} mt-4`}>
                    <Plus className="h-4 w-4" aria-hidden />
                    Criar Primeiro Post
                  </Link>
                </>
              )}
            </div>
          }
        >
          <div className={list.isPlaceholderData ? "opacity-60" : ""}>
            <BlogPostTable
              posts={rows}
              onDelete={(post) => void onDelete(post)}
              deletingId={remove.isPending ? (remove.variables ?? null) : null}
            />
          </div>
        </ListStates>

        <PaginationFooter page={page} totalPages={totalPages} onPage={setPage} />
      </section>

      {categoriesOpen && <BlogCategoryModal onClose={() => setCategoriesOpen(false)} />}
    </div>
  );
}
