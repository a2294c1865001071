import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { FormError } from "@web/components/ui/notice";
import { errorMessage } from "@web/lib/api-client";
import { ChevronRight, LayoutTemplate } from "lucide-react";
import { Link } from "react-router";
import { analyticsLinkPagesQuery } from "../api/analytics";

/** Pages listed here; the others are a tap away on Link Bio, whose cards each lead to their figures. */
const LISTED = 10;

/**
 * The overview's way into each Link Bio page's own figures (views, CTR, blocks); nothing while the
 * user has no page (the shortcut below creates one).
 */
export function AnalyticsPageLinks() {
  const pages = useQuery(analyticsLinkPagesQuery);
  if (pages.isSuccess && pages.data.length === 0) return null;
  return (
    <section
      aria-labelledby="estatisticas-por-link-bio"
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2
        id="estatisticas-por-link-bio"
        className="flex items-center gap-2 text-base font-semibold text-gray-900"
      >
        <LayoutTemplate className="h-4 w-4 text-gray-400" aria-hidden />
        Estatísticas por Link Bio
      </h2>
      <p className="mb-3 text-sm text-gray-500">
        Abra uma página para ver suas visualizações, cliques e CTR.
      </p>
      {pages.isPending ? (
        <div className="space-y-3">
          {[0, 1].map((n) => (
            <div key={n} className="h-10 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : pages.isError ? (
        <FormError>{errorMessage(pages.error, "Erro ao carregar suas Link Bios")}</FormError>
      ) : (
        <ul className="-mx-2 divide-y divide-gray-100">
          {pages.data.slice(0, LISTED).map((page) => (
            <li key={page.id}>
              <Link
                to={paths.analyticsDetail("link-pages", page.id)}
                className="group flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-gray-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-gray-900">{page.title}</span>
                  <span className="block truncate text-xs text-gray-500">/p/{page.slug}</span>
                </span>
                <span className="shrink-0 text-sm tabular-nums text-gray-600">
                  {page.click_count.toLocaleString("pt-BR")} {page.click_count === 1 ? "clique" : "cliques"}
                </span>
                <ChevronRight
                  className="h-4 w-4 shrink-0 text-gray-300 group-hover:text-brand-600"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages.isSuccess && pages.data.length > LISTED && (
        <Link
          to={paths.linkPages}
          className="mt-2 inline-block text-sm font-medium text-brand-600 hover:underline"
        >
          Ver todas as {pages.data.length} Link Bios
        </Link>
      )}
    </section>
  );
}
