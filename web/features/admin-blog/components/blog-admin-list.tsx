import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_POST_STATUSES,
  BLOG_STATUS_LABELS,
  type BlogPostRow,
} from "@common/contract/blog";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { BackLink } from "@web/components/ui/back-link";
import { Button, ButtonLink } from "@web/components/ui/button";
import { EmptyState } from "@web/components/ui/empty-state";
import { FilterSelect, optionsOf } from "@web/components/ui/filter-field";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { adminTabPath } from "@web/lib/admin-tabs";
import { FileText, FolderOpen, Plus } from "lucide-react";
import { useState } from "react";
import { blogCategoriesQuery } from "../api/blog-categories";
import { type BlogPostFilters, blogPostsQuery, blogStatsQuery } from "../api/blog-posts";
import { useDeletePost } from "../api/use-delete-post";
import { BlogCategoryModal } from "./blog-category-modal";
import { BlogPostTable } from "./blog-post-table";
import { BlogStatCards } from "./blog-stat-cards";

/** /admin/blog 'Gerenciar Blog' (spec 2): stat cards, search and filters, the paged table, categories. */
export function BlogAdminList() {
  const {
    filters: typed,
    change,
    page,
    pager,
    field,
  } = useListFilters<BlogPostFilters>({
    search: "",
    status: "",
    categoryId: null,
  });
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const filters: BlogPostFilters = { ...typed, search: useDebouncedSearch(typed.search) };
  const filtered = Boolean(filters.search || filters.status || filters.categoryId !== null);

  const list = useQuery(blogPostsQuery(filters, page));
  const stats = useQuery(blogStatsQuery);
  const categories = useQuery(blogCategoriesQuery);
  const remove = useDeletePost();
  const confirmed = useConfirmedAction();
  const rows = list.data?.posts ?? [];

  const onDelete = (post: BlogPostRow) =>
    confirmed({
      title: `Excluir o post “${post.title}”?`,
      body: BLOG_MESSAGES.confirmDeletePost,
      confirmLabel: "Excluir post",
      danger: true,
      action: () => remove.mutateAsync(post.id),
      errorFallback: BLOG_MESSAGES.postDeleteFailed,
      success: BLOG_MESSAGES.postDeleted,
    });

  return (
    <div className="space-y-6">
      <div>
        <BackLink to={adminTabPath("blog")}>Painel Admin</BackLink>
        <PageHeader
          title="Gerenciar Blog"
          description="Posts, categorias e o que aparece no blog público."
          actions={
            <>
              <Button variant="secondary" onClick={() => setCategoriesOpen(true)}>
                <FolderOpen className="h-4 w-4" aria-hidden />
                Gerenciar Categorias
              </Button>
              <ButtonLink to={paths.newBlogPost}>
                <Plus className="h-4 w-4" aria-hidden />
                Novo Post
              </ButtonLink>
            </>
          }
        />
      </div>

      <BlogStatCards stats={stats.data} />

      <PagedList
        label="Lista de posts"
        toolbar={
          <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:flex-wrap sm:items-center">
            <SearchField
              label="Buscar posts"
              hideLabel
              {...field("search")}
              maxLength={BLOG_LIMITS.searchMax}
              placeholder="Buscar por título ou resumo"
              className="flex-1 sm:min-w-64"
            />
            <div className="grid gap-3 sm:flex">
              <FilterSelect
                label="Status"
                hideLabel
                {...field("status")}
                all="Todos os status"
                options={optionsOf(BLOG_POST_STATUSES, BLOG_STATUS_LABELS)}
                selectClassName="sm:w-auto"
              />
              <FilterSelect
                label="Categoria"
                hideLabel
                value={typed.categoryId === null ? "" : String(typed.categoryId)}
                onChange={(id) => change({ categoryId: id ? Number(id) : null })}
                all="Todas as categorias"
                options={(categories.data ?? []).map((category): [string, string] => [
                  String(category.id),
                  category.name,
                ])}
                selectClassName="sm:w-auto"
              />
            </div>
          </div>
        }
        query={list}
        rows={rows}
        pager={pager}
        loadingLabel="Carregando posts"
        errorFallback="Erro ao carregar posts"
        empty={
          <EmptyState
            icon={FileText}
            title="Nenhum post encontrado"
            text={
              filtered ? "Tente ajustar os filtros de busca." : "Comece escrevendo o primeiro post do blog."
            }
            action={
              !filtered && (
                <ButtonLink to={paths.newBlogPost}>
                  <Plus className="h-4 w-4" aria-hidden />
                  Criar Primeiro Post
                </ButtonLink>
              )
            }
          />
        }
      >
        <BlogPostTable
          posts={rows}
          onDelete={(post) => void onDelete(post)}
          deletingId={remove.isPending ? (remove.variables ?? null) : null}
        />
      </PagedList>

      {categoriesOpen && <BlogCategoryModal onClose={() => setCategoriesOpen(false)} />}
    </div>
  );
}
