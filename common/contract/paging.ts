// The paged lists (admin users, audit log, transactions, block list, access log, link reports,
// webhook deliveries, the blog): their `page` query parameter, a whole number from 1 (1 when
// absent), and the fields of each page they answer.
import { z } from "../zod";
import { wholeNumberSchema } from "./wire";

export const INVALID_PAGE = "Página inválida";

/** The highest page a list accepts unless it names its own. */
export const PAGE_MAX = 1_000_000;

/** `?page=`: coerced from the query string, 1 when absent, "Página inválida" for anything else. */
export const pageNumberSchema = (max: number = PAGE_MAX) =>
  z.coerce
    .number({ error: INVALID_PAGE })
    .int(INVALID_PAGE)
    .min(1, INVALID_PAGE)
    .max(max, INVALID_PAGE)
    .optional()
    .default(1);

/** What a page of a paged list says besides its items: the total, which page and its size. */
export const pageFields = {
  total: wholeNumberSchema,
  page: wholeNumberSchema,
  page_size: wholeNumberSchema,
};
