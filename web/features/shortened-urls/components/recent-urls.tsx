import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "@web/components/ui/button";
import { CopyButton } from "@web/components/ui/copy-button";
import { EmptyState } from "@web/components/ui/empty-state";
import { RowsLoading } from "@web/components/ui/list-states";
import { errorMessage } from "@web/lib/api-client";
import { useAvailableDomains } from "@web/lib/available-domains";
import { ArrowRight, ExternalLink, Link2 } from "lucide-react";
import { Link } from "react-router";
import { shortenedUrlsQuery } from "../api/shortened-urls";
import { shortUrlOf } from "./short-link";

/** Spec 9: the dashboard shows the 5 newest. */
export const RECENT_URLS = 5;

/** The dashboard's 'URLs Recentes': the 5 newest short links and a link to all of them. */
export function RecentUrls() {
  const domains = useAvailableDomains();
  const query = useQuery(shortenedUrlsQuery({ limit: RECENT_URLS }));
  const total = query.data?.total ?? 0;

  return (
    <section className="rounded-xl border border-gray-200 bg-white shadow-sm" aria-labelledby="urls-recentes">
      <div className="flex items-center justify-between border-b border-gray-100 px-5 py-4">
        <h2 id="urls-recentes" className="text-lg font-semibold text-gray-900">
          URLs Recentes
        </h2>
        <Link to={paths.urlShortener} className="text-sm font-medium text-brand-600 hover:text-brand-700">
          Encurtar URL
        </Link>
      </div>
      {query.isPending ? (
        <RowsLoading label="Carregando URLs" />
      ) : query.isError ? (
        <p role="alert" className="px-5 py-8 text-center text-sm text-red-600">
          {errorMessage(query.error, "Erro ao carregar URLs")}
        </p>
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={Link2}
          text="Você ainda não encurtou nenhuma URL."
          action={<ButtonLink to={paths.urlShortener}>Encurtar sua primeira URL</ButtonLink>}
          className="px-5 py-10"
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {query.data.items.slice(0, RECENT_URLS).map((url) => {
            const shortUrl = shortUrlOf(url, domains);
            return (
              <li key={url.id} className="flex items-center gap-3 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900" title={url.original_url}>
                    {url.title || url.original_url}
                  </p>
                  <p className="truncate font-mono text-xs text-brand-600">
                    {shortUrl.replace(/^https?:\/\//, "")}
                  </p>
                </div>
                <span className="shrink-0 text-xs text-gray-500">
                  {url.click_count} {url.click_count === 1 ? "clique" : "cliques"}
                </span>
                <a
                  href={url.original_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
                  aria-label="Abrir URL original"
                  title="Abrir URL original"
                >
                  <ExternalLink className="h-4 w-4" aria-hidden />
                </a>
                <CopyButton text={shortUrl} label="Copiar link curto" />
              </li>
            );
          })}
        </ul>
      )}
      {total > RECENT_URLS && (
        <div className="border-t border-gray-100 px-5 py-3 text-center">
          <Link
            to={paths.urlShortener}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Ver todas as URLs ({total})
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </div>
      )}
    </section>
  );
}
