import { BLOG_LIMITS, type BlogPostRow } from "@common/contract/blog";
import { paths } from "@common/paths";
import { formatDateBR } from "@common/time";
import { ColumnHeader, DataTable } from "@web/components/data-table/data-table";
import { Badge } from "@web/components/ui/badge";
import { IconButton, IconLink } from "@web/components/ui/icon-button";
import { ExternalLink, ImageIcon, Pencil, Trash2 } from "lucide-react";
import { BlogStatusBadge } from "./blog-status-badge";

const count = new Intl.NumberFormat("pt-BR");

function PostCategories({ post }: { post: BlogPostRow }) {
  if (post.categories.length === 0) return <span className="text-gray-400">—</span>;
  const shown = post.categories.slice(0, BLOG_LIMITS.cardCategories);
  const more = post.categories.length - shown.length;
  return (
    <div className="flex flex-wrap gap-1">
      {shown.map((category) => (
        <Badge key={category.id} tone="brand">
          {category.name}
        </Badge>
      ))}
      {more > 0 && (
        <Badge tone="gray">
          <span
            title={post.categories
              .slice(shown.length)
              .map((c) => c.name)
              .join(", ")}
          >
            +{more}
          </span>
        </Badge>
      )}
    </div>
  );
}

const cell = "block md:table-cell md:px-4 md:py-3 md:align-middle";
/** On a phone the label of a cell, shown before its value (the header row is hidden there). */
const phoneLabel = "mr-2 text-xs font-medium text-gray-500 md:hidden";

/**
 * The page of posts (spec 2). On a phone each row becomes a card: the same table, laid out as
 * blocks, so one markup serves both widths.
 */
export function BlogPostTable({
  posts,
  onDelete,
  deletingId,
}: {
  posts: BlogPostRow[];
  onDelete: (post: BlogPostRow) => void;
  deletingId: number | null;
}) {
  return (
    <DataTable
      stackOnPhone
      head={
        <>
          {["Post", "Status", "Categorias", "Visualizações", "Data"].map((label) => (
            <ColumnHeader key={label}>{label}</ColumnHeader>
          ))}
          <ColumnHeader className="text-right">Ações</ColumnHeader>
        </>
      }
    >
      {posts.map((post) => (
        <tr key={post.id} className="flex flex-wrap items-center gap-x-5 gap-y-2 p-4 md:table-row md:p-0">
          <td className={`${cell} w-full md:w-auto md:max-w-md`}>
            <div className="flex items-start gap-3">
              {post.featured_image_url ? (
                <img
                  src={post.featured_image_url}
                  alt=""
                  loading="lazy"
                  className="h-12 w-16 shrink-0 rounded-md border border-gray-200 object-cover"
                />
              ) : (
                <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-400">
                  <ImageIcon className="h-5 w-5" aria-hidden />
                </span>
              )}
              <div className="min-w-0">
                <p className="font-semibold break-words text-gray-900">{post.title}</p>
                {post.excerpt && <p className="line-clamp-2 text-xs text-gray-500">{post.excerpt}</p>}
                {post.is_featured && (
                  <span className="mt-1 inline-block">
                    <Badge tone="violet">Destaque</Badge>
                  </span>
                )}
              </div>
            </div>
          </td>
          <td className={cell}>
            <BlogStatusBadge status={post.status} />
          </td>
          <td className={`${cell} max-md:order-last max-md:flex max-md:w-full max-md:items-center`}>
            <span className={phoneLabel}>Categorias</span>
            <PostCategories post={post} />
          </td>
          <td className={`${cell} tabular-nums`}>
            <span className={phoneLabel}>Visualizações</span>
            {count.format(post.view_count)}
          </td>
          <td className={`${cell} whitespace-nowrap text-gray-600`}>
            <span className={phoneLabel}>Data</span>
            {formatDateBR(post.published_at ?? post.created_at)}
          </td>
          <td className={`${cell} max-md:-my-1 max-md:ml-auto`}>
            <div className="flex justify-end gap-1">
              {post.status === "published" && (
                <IconLink
                  icon={ExternalLink}
                  label={`Ver ${post.title}`}
                  title="Ver"
                  href={paths.blogPost(post.slug)}
                  tone="neutral"
                />
              )}
              <IconLink
                icon={Pencil}
                label={`Editar ${post.title}`}
                title="Editar"
                to={paths.editBlogPost(post.id)}
                tone="brand"
              />
              <IconButton
                icon={Trash2}
                label={`Excluir ${post.title}`}
                title="Excluir"
                onClick={() => onDelete(post)}
                disabled={deletingId === post.id}
                tone="danger"
              />
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
