// The Marco Civil access log (Lei 12.965/2014, art. 15), as the administrator reads it:
// GET /api/admin/access-log (one page) and GET /api/admin/access-log/export.csv (the same filters).
import { formatDateTimeBR } from "../time";
import { z } from "../zod";
import { INVALID_PAGE, pageFields, pageNumberSchema } from "./paging";
import { optionalDaySchema, timestampSchema, wholeNumberSchema } from "./wire";

/**
 * The events, with their pt-BR labels. The same keys as ACCESS_EVENTS in db/schema/access-log.ts
 * (common does not import the schema; the route checks the two lists agree at compile time).
 */
export const ACCESS_EVENT_LABELS = {
  login: "Login com senha",
  login_google: "Login com Google",
  logout: "Logout",
  password_change: "Senha alterada",
  password_reset: "Senha redefinida",
  email_change: "E-mail alterado",
  google_link: "Google vinculado",
  google_unlink: "Google desvinculado",
  account_deletion: "Conta excluída",
} as const;
export type AccessLogEvent = keyof typeof ACCESS_EVENT_LABELS;
export const ACCESS_LOG_EVENTS = Object.keys(ACCESS_EVENT_LABELS) as AccessLogEvent[];

export const accessEventLabel = (event: string) => ACCESS_EVENT_LABELS[event as AccessLogEvent] ?? event;

/**
 * An access's instant to the second, in Brasília's time (24/11/2026 01:50:34): matching an IP and a
 * port against a carrier's records needs the second.
 */
export function formatAccessTime(value: string | Date): string {
  const instant = typeof value === "string" ? new Date(value) : value;
  return `${formatDateTimeBR(instant)}:${String(instant.getUTCSeconds()).padStart(2, "0")}`;
}

/** Marco Civil da Internet, art. 15: application access records are kept for 6 months. */
export const ACCESS_LOG_RETENTION_MONTHS = 6;
export const ACCESS_LOG_PAGE_SIZE = 30;

export const ACCESS_LOG_MESSAGES = {
  invalidEvent: "Evento inválido",
  invalidDate: "Data inválida (use AAAA-MM-DD)",
  invalidUserId: "ID de conta inválido",
  invalidPage: INVALID_PAGE,
  searchTooLong: "Busca muito longa",
  periodReversed: "A data final deve ser igual ou posterior à data inicial",
} as const;

/** "" (an empty filter in a query string) reads as no filter. */
const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const day = optionalDaySchema(ACCESS_LOG_MESSAGES.invalidDate);

const search = z.string().trim().max(254, ACCESS_LOG_MESSAGES.searchTooLong).optional().default("");

const filterShape = {
  /** The e-mail the account had at the time of the event (or part of it, any case). */
  email: search,
  /** The account's id: every line of one account, across e-mail changes and after its deletion. */
  user_id: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: ACCESS_LOG_MESSAGES.invalidUserId })
      .int(ACCESS_LOG_MESSAGES.invalidUserId)
      .min(1, ACCESS_LOG_MESSAGES.invalidUserId)
      .max(2_147_483_647, ACCESS_LOG_MESSAGES.invalidUserId)
      .optional(),
  ),
  event: z.preprocess(
    blankAsUndefined,
    z
      .enum(ACCESS_LOG_EVENTS as [AccessLogEvent, ...AccessLogEvent[]], {
        error: ACCESS_LOG_MESSAGES.invalidEvent,
      })
      .optional(),
  ),
  /** The IP (or part of it: "::ffff:" prefixes and IPv6 forms vary). */
  ip: z.string().trim().max(64, ACCESS_LOG_MESSAGES.searchTooLong).optional().default(""),
  /** First and last day of the period, inclusive, in the product's time zone (Brasília). */
  from: day,
  to: day,
};

const periodInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const periodRule = { message: ACCESS_LOG_MESSAGES.periodReversed, path: ["to"] };

/** The filters of the CSV export (the list's, without the page). */
export const accessLogFilterSchema = z.object(filterShape).refine(periodInOrder, periodRule);
export type AccessLogFilter = z.output<typeof accessLogFilterSchema>;

/** The list: the filters and the page. */
export const accessLogQuerySchema = z
  .object({
    ...filterShape,
    page: pageNumberSchema(),
  })
  .refine(periodInOrder, periodRule);
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

/** One line: the account (id and the e-mail it had then), the event, IP, source port, instant. */
export const accessLogEntrySchema = z.object({
  id: wholeNumberSchema,
  user_id: wholeNumberSchema,
  email: z.string(),
  event: z.string(),
  ip: z.string(),
  /** Null when unknown (behind a proxy that does not pass X-Client-Port). */
  port: wholeNumberSchema.nullable(),
  created_at: timestampSchema,
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogPageSchema = z.object({
  entries: z.array(accessLogEntrySchema),
  ...pageFields,
});
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
