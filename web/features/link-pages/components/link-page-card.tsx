import type { LinkPage } from "@common/contract/link-pages";
import { paths, previewOf } from "@common/paths";
import { formatDateBR } from "@common/time";
import { CopyButton } from "@web/components/ui/copy-button";
import { QrCodeButton } from "@web/components/ui/qr-code-button";
import { BarChart3, Calendar, ExternalLink, Link2, MousePointerClick } from "lucide-react";
import { Link } from "react-router";
import { LinkPageActions } from "./link-page-actions";

/** One card of /link-pages. Edit and delete appear on hover on desktop, always on touch screens. */
export function LinkPageCard({
  page,
  publicUrl,
  onDelete,
  deleting,
}: {
  page: LinkPage;
  publicUrl: string;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <article className="group relative flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-gray-900">{page.title}</h2>
          <p className="truncate text-sm text-brand-600">/p/{page.slug}</p>
        </div>
        <div className="flex shrink-0 gap-1 transition-opacity focus-within:opacity-100 md:opacity-0 md:group-hover:opacity-100">
          <LinkPageActions page={page} onDelete={onDelete} deleting={deleting} />
        </div>
      </div>
      {page.description && <p className="mt-2 line-clamp-2 text-sm text-gray-600">{page.description}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-500">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            page.is_active ? "bg-green-100 text-green-700" : "bg-gray-100 text-gray-600"
          }`}
        >
          {page.is_active ? "Ativa" : "Inativa"}
        </span>
        <span className="inline-flex items-center gap-1">
          <Calendar className="h-4 w-4" aria-hidden />
          {formatDateBR(page.created_at)}
        </span>
        <span className="inline-flex items-center gap-1">
          <Link2 className="h-4 w-4" aria-hidden />
          {page.links_count ?? 0} {(page.links_count ?? 0) === 1 ? "link" : "links"}
        </span>
        <span className="inline-flex items-center gap-1">
          <MousePointerClick className="h-4 w-4" aria-hidden />
          {page.click_count} {page.click_count === 1 ? "clique" : "cliques"}
        </span>
      </div>
      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
          <a
            href={previewOf(publicUrl)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
            Visualizar
          </a>
          <CopyButton text={publicUrl} variant="outline" />
          <QrCodeButton url={publicUrl} fileName={`qrcode-${page.slug}`} />
        </div>
        <Link
          to={paths.analyticsDetail("link-pages", page.id)}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          <BarChart3 className="h-4 w-4" aria-hidden />
          Ver estatísticas
        </Link>
      </div>
    </article>
  );
}
