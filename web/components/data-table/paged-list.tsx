import { ListStates } from "@web/components/ui/list-states";
import { PaginationFooter } from "@web/components/ui/pagination";
import { type ReactNode, useEffect } from "react";
import { type PageEnvelope, type Pager, pageCount } from "./paging";

type PagedQuery = {
  data: PageEnvelope | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The card of a server-paged list, the one shell of the admin lists: its toolbar (search and
 * filters), then loading, failed with a retry, empty, or the rows (dimmed while the next page
 * loads), and the pager. A page past the last (its last row just deleted) goes to the last.
 */
export function PagedList({
  label,
  labelledBy,
  toolbar,
  query,
  rows,
  countMax,
  pager: { page, onPage },
  pending,
  loadingLabel,
  errorFallback,
  empty,
  children,
}: {
  /** The card's accessible name, or the id of its heading. */
  label?: string;
  labelledBy?: string;
  toolbar?: ReactNode;
  query: PagedQuery;
  /** The rows of this page (none: the empty state). */
  rows: readonly unknown[];
  /** The most a search counts (its `total` is null past it). */
  countMax?: number;
  pager: Pager;
  /** Shows the placeholder; the query's isPending unless the screen knows better. */
  pending?: boolean;
  loadingLabel: string;
  /** Shown when the server gives no message of its own (connection error, 5xx). */
  errorFallback: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  const totalPages = pageCount(query.data, countMax);
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) onPage(totalPages);
  }, [page, totalPages, onPage]);

  return (
    <section
      className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {toolbar}
      <ListStates
        query={query}
        pending={pending}
        isEmpty={rows.length === 0}
        loadingLabel={loadingLabel}
        errorFallback={errorFallback}
        empty={empty}
      >
        <div className={query.isPlaceholderData ? "opacity-60" : undefined}>{children}</div>
      </ListStates>
      <PaginationFooter
        page={page}
        totalPages={totalPages}
        onPage={onPage}
        moreThan={query.data?.total === null}
      />
    </section>
  );
}
