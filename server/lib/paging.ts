// The paged lists' one way of paging: `?page=` (common/contract/paging.ts) becomes the query's
// limit and offset, and the answer carries the same envelope (total, page, page_size).

/** The envelope every paged list answers beside its items. */
export type PageEnvelope<Total extends number | null = number> = {
  total: Total;
  page: number;
  page_size: number;
};

/** One page of a list: what the query reads (limit, offset) and the envelope of the answer. */
export type Paging = {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
  /** The answer's envelope for `total` matching rows (null where a list does not count them all). */
  envelope<Total extends number | null>(total: Total): PageEnvelope<Total>;
};

/** Page `page` (from 1) of `pageSize` rows. */
export function paging(page: number, pageSize: number): Paging {
  return {
    page,
    pageSize,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    envelope: (total) => ({ total, page, page_size: pageSize }),
  };
}

/** How many pages `total` rows make, at least one (an empty list still has its first page). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
