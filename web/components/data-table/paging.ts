import { useState } from "react";

/**
 * What a page of a server list says beside its rows (the contract's `*PageSchema`s): how many match
 * (null where a search matches more than the server counts) and how many a page holds.
 */
export type PageEnvelope = { total: number | null; page_size: number };

/** How many pages the list has; a total past the server's count pages as far as it counted (`countMax`). */
export function pageCount(envelope: PageEnvelope | undefined, countMax = 0): number {
  if (!envelope) return 0;
  return Math.ceil((envelope.total ?? countMax) / envelope.page_size);
}

/** The page shown and the way to another (PagedList's pager). */
export type Pager = { page: number; onPage: (page: number) => void };

/**
 * A paged list's filters (as typed and chosen) and its page: every change of filter goes back to
 * page 1, and `clear` back to the first filters. `field(key)` binds a filter's control (SearchField,
 * FilterSelect, FilterInput) to it.
 */
export function useListFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const change = (next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const clear = () => {
    setFilters(initial);
    setPage(1);
  };
  const field = <K extends keyof F & string>(key: K) => ({
    name: key,
    value: filters[key],
    onChange: (value: F[K]) => {
      const next: Partial<F> = {};
      next[key] = value;
      change(next);
    },
  });
  const pager: Pager = { page, onPage: setPage };
  return { filters, change, clear, field, page, pager };
}
