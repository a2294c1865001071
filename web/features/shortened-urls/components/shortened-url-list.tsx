import { SHORT_URL_SEARCH_COUNT_MAX } from "@common/contract/shortened-urls";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { EmptyState } from "@web/components/ui/empty-state";
import { ListError, RowsLoading } from "@web/components/ui/list-states";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { errorMessage } from "@web/lib/api-client";
import { useAvailableDomains } from "@web/lib/available-domains";
import { Download, Link2Off, Loader2, Upload } from "lucide-react";
import { useState } from "react";
import { shortenedUrlsInfiniteQuery } from "../api/shortened-urls";
import { SHORTENED_URLS_EXPORT_PATH } from "../api/use-import-shortened-urls";
import { ImportCsvModal } from "./import-csv-modal";
import { shortUrlOf } from "./short-link";
import { ShortenedUrlRow } from "./shortened-url-row";

/** A search's matches past the server's count: 'Suas URLs (mais de 10.000)'. */
const MORE_THAN_COUNTED = `mais de ${SHORT_URL_SEARCH_COUNT_MAX.toLocaleString("pt-BR")}`;

/** 'Suas URLs (N)': searched on the server, 20 at a time. */
export function ShortenedUrlList() {
  const [search, setSearch] = useState("");
  const q = useDebouncedSearch(search);
  const domains = useAvailableDomains();
  const query = useInfiniteQuery({ ...shortenedUrlsInfiniteQuery(q), placeholderData: keepPreviousData });
  const urls = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total;
  const [importing, setImporting] = useState(false);
  const toolButton =
    "inline-flex items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50";

  return (
    <section className="rounded-xl border border-gray-200 bg-white shadow-sm" aria-labelledby="suas-urls">
      <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <h2 id="suas-urls" className="text-lg font-semibold text-gray-900">
          Suas URLs ({total === null ? MORE_THAN_COUNTED : (total ?? 0)})
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="flex gap-2">
            <button type="button" onClick={() => setImporting(true)} className={`${toolButton} flex-1`}>
              <Upload className="h-4 w-4" aria-hidden />
              Importar CSV
            </button>
            <a href={SHORTENED_URLS_EXPORT_PATH} download className={`${toolButton} flex-1`}>
              <Download className="h-4 w-4" aria-hidden />
              Exportar CSV
            </a>
          </div>
          <SearchField
            label="Buscar URLs"
            hideLabel
            name="q"
            value={search}
            onChange={setSearch}
            placeholder="Buscar por título, URL ou código"
            className="sm:w-72"
          />
        </div>
      </div>
      {importing && <ImportCsvModal onClose={() => setImporting(false)} />}

      {query.isPending ? (
        <RowsLoading label="Carregando URLs" />
      ) : query.isError && urls.length === 0 ? (
        <ListError
          message={errorMessage(query.error, "Erro ao carregar URLs")}
          onRetry={() => void query.refetch()}
        />
      ) : urls.length === 0 ? (
        <EmptyState
          icon={Link2Off}
          title={q ? "Nenhuma URL encontrada" : "Você ainda não encurtou nenhuma URL"}
          text={
            q ? "Tente outro termo de busca." : "Use o formulário acima para criar seu primeiro link curto."
          }
        />
      ) : (
        <ul className={`divide-y divide-gray-100 ${query.isPlaceholderData ? "opacity-60" : ""}`}>
          {urls.map((url) => (
            <ShortenedUrlRow key={url.id} url={url} shortUrl={shortUrlOf(url, domains)} />
          ))}
        </ul>
      )}

      {query.hasNextPage && (
        <div className="border-t border-gray-100 p-4 text-center">
          {query.isFetchNextPageError && (
            <p role="alert" className="mb-2 text-sm text-red-600">
              {errorMessage(query.error, "Erro ao carregar URLs")}
            </p>
          )}
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60"
          >
            {query.isFetchingNextPage && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Carregar mais
          </button>
        </div>
      )}
    </section>
  );
}
