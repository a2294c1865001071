// Reading the access log (Marco Civil art. 15) for the administrator: one page, or every line
// matching the filters as a CSV (what a court order asks for, art. 22).
import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogEntry,
  type AccessLogFilter,
  type AccessLogPage,
  type AccessLogQuery,
  accessEventLabel,
  formatAccessTime,
} from "../../../common/contract/access-log";
import { addDays, dayOf, startOfDayInZone } from "../../../common/time";
import type { Db } from "../../../db/client";
import { accessLog } from "../../../db/schema/access-log";
import { chunksByOffset, csvDownload } from "../../lib/csv";
import { likePattern } from "../../lib/like-pattern";
import { paging } from "../../lib/paging";

/** An export stops here: beyond it, narrow the filters (a court order names an account and a period). */
export const ACCESS_LOG_CSV_MAX_ROWS = 50_000;

function whereOf(filter: AccessLogFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (filter.email) filters.push(ilike(accessLog.email, likePattern(filter.email)));
  if (filter.user_id !== undefined) filters.push(eq(accessLog.userId, filter.user_id));
  if (filter.event) filters.push(eq(accessLog.event, filter.event));
  if (filter.ip) filters.push(ilike(accessLog.ip, likePattern(filter.ip)));
  // Whole days in Brasília's time, both inclusive.
  if (filter.from) filters.push(gte(accessLog.createdAt, startOfDayInZone(filter.from)));
  if (filter.to) filters.push(lt(accessLog.createdAt, startOfDayInZone(addDays(filter.to, 1))));
  return filters.length ? and(...filters) : undefined;
}

function toEntry(row: typeof accessLog.$inferSelect): AccessLogEntry {
  return {
    id: row.id,
    user_id: row.userId,
    email: row.email,
    event: row.event,
    ip: row.ip,
    port: row.port,
    created_at: row.createdAt.toISOString(),
  };
}

const selectLines = (db: Db, filter: AccessLogFilter, page: { limit: number; offset: number }) =>
  db
    .select()
    .from(accessLog)
    .where(whereOf(filter))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(page.limit)
    .offset(page.offset);

/** One page, newest first. */
export async function listAccessLog(db: Db, query: AccessLogQuery): Promise<AccessLogPage> {
  const { page: pageNumber, ...filter } = query;
  const page = paging(pageNumber, ACCESS_LOG_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    selectLines(db, filter, page),
    db.$count(accessLog, whereOf(filter)),
  ]);
  return { entries: rows.map(toEntry), ...page.envelope(total) };
}

/**
 * The CSV's columns. The instant twice: in Brasília's time for a person, and in UTC to the second
 * (ISO 8601) for whoever matches it against a carrier's records: art. 5, VIII asks for date and
 * time with the time zone.
 */
export const ACCESS_LOG_CSV_HEADERS = [
  "Data/hora (Brasília)",
  "Data/hora (UTC, ISO 8601)",
  "ID da conta",
  "E-mail",
  "Evento",
  "IP",
  "Porta",
];

export function accessLogCsvRow(row: typeof accessLog.$inferSelect): string[] {
  return [
    formatAccessTime(row.createdAt),
    row.createdAt.toISOString(),
    String(row.userId),
    row.email,
    accessEventLabel(row.event),
    row.ip,
    row.port === null ? "" : String(row.port),
  ];
}

export const accessLogCsvFilename = (now = new Date()) => `registros-de-acesso_${dayOf(now)}.csv`;

/** Every line matching the filters, newest first, a thousand at a time (at most 50 000). */
export function accessLogCsv(db: Db, filter: AccessLogFilter): AsyncGenerator<string> {
  return csvDownload({
    headers: ACCESS_LOG_CSV_HEADERS,
    chunks: chunksByOffset((page) => selectLines(db, filter, page), { maxRows: ACCESS_LOG_CSV_MAX_ROWS }),
    toRow: accessLogCsvRow,
  });
}
