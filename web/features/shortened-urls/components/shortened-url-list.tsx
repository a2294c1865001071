import { SHORT_URL_SEARCH_COUNT_MAX } from "@common/contract/shortened-urls";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { errorMessage } from "@web/lib/api-client";
import { useAvailableDomains } from "@web/lib/available-domains";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { Download, Link2Off, Loader2, Search, Upload } from "lucide-react";
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
  const q = useDebouncedValue(search.trim());
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
          <div className="relative sm:w-72">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
              aria-hidden
            />
            <input
              type="search"
              name="q"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Buscar por título, URL ou código"
              aria-label="Buscar URLs"
              className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </div>
        </div>
      </div>
      {importing && <ImportCsvModal onClose={() => setImporting(false)} />}

      {query.isPending ? (
        <ul className="divide-y divide-gray-100" aria-label="Carregando URLs">
          {[0, 1, 2].map((n) => (
            <li key={n} className="space-y-2 p-5">
              <div className="h-4 w-1/3 animate-pulse rounded bg-gray-200" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-gray-100" />
            </li>
          ))}
        </ul>
      ) : query.isError && urls.length === 0 ? (
        <div className="p-8 text-center">
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(query.error, "Erro ao carregar URLs")}
          </p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="mt-3 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            Tentar novamente
          </button>
        </div>
      ) : urls.length === 0 ? (
        <div className="flex flex-col items-center px-4 py-12 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gray-100 text-gray-400">
            <Link2Off className="h-6 w-6" aria-hidden />
          </span>
          <p className="mt-3 font-medium text-gray-900">
            {q ? "Nenhuma URL encontrada" : "Você ainda não encurtou nenhuma URL"}
          </p>
          <p className="mt-1 text-sm text-gray-500">
            {q ? "Tente outro termo de busca." : "Use o formulário acima para criar seu primeiro link curto."}
          </p>
        </div>
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
