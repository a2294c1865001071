import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageButtons } from "./page-buttons";

type Props = { page: number; totalPages: number; onPage: (page: number) => void };

const base =
  "h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Anterior, up to 5 page buttons plus the last, Próxima. On a phone only the pages next to the
 * current one and the last are shown: seven buttons and the gap did not fit 390 px.
 */
export function Pagination({ page, totalPages, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        className={`${base} inline-flex text-gray-600 hover:bg-gray-100`}
        aria-label="Página anterior"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden />
      </button>
      {pageButtons(page, totalPages).map((item) =>
        item === "gap" ? (
          <span key="gap" className="px-1 text-gray-500" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => onPage(item)}
            aria-label={`Página ${item}`}
            aria-current={item === page ? "page" : undefined}
            className={`${base} ${
              item !== totalPages && Math.abs(item - page) > 1 ? "hidden sm:inline-flex" : "inline-flex"
            } ${
              item === page
                ? "bg-brand-600 text-white"
                : "text-gray-700 ring-1 ring-gray-200 hover:bg-gray-50"
            }`}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
        className={`${base} inline-flex text-gray-600 hover:bg-gray-100`}
        aria-label="Próxima página"
      >
        <ChevronRight className="h-4 w-4" aria-hidden />
      </button>
    </nav>
  );
}

/**
 * The footer of a paged list: where the reader is, and the page buttons; nothing for a single page.
 * `moreThan`: the list holds more than `totalPages` pages (a search past the server's count).
 */
export function PaginationFooter({
  page,
  totalPages,
  onPage,
  moreThan = false,
}: Props & { moreThan?: boolean }) {
  if (totalPages <= 1) return null;
  return (
    <div className="flex flex-col items-center gap-2 border-t border-gray-100 p-4 sm:flex-row sm:justify-between">
      <p className="text-xs text-gray-500">
        Página {page} de {moreThan ? "mais de " : ""}
        {totalPages}
      </p>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} />
    </div>
  );
}
