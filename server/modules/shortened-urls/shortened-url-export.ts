// CSV export of a user's short links with their clicks: UTF-8 with BOM and `;`, as
// Excel in pt-BR opens it; the first five columns are the import's, so the file imports back.

import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { SHORT_URL_IMPORT_COLUMNS } from "../../../common/contract/shortened-urls";
import { shortLinkPath } from "../../../common/paths";
import { formatDateTimeBR } from "../../../common/time";
import type { Db } from "../../../db/client";
import { shortenedUrls } from "../../../db/schema";
import { chunksByKeyset, csvDownload } from "../../lib/csv";
import type { ShortenedUrlRow } from "./shortened-urls.queries";

/** Every link a plan can hold and more; the export is read 1000 rows at a time up to this. */
export const SHORT_URL_EXPORT_MAX_ROWS = 100_000;

export const SHORT_URL_EXPORT_HEADERS = [
  ...SHORT_URL_IMPORT_COLUMNS,
  "short_url",
  "click_count",
  "created_at",
];

export const shortUrlExportFilename = (now = new Date()) =>
  `links-curtos-${now.toISOString().slice(0, 10)}.csv`;

/** The download, chunk by chunk; `originOf` gives a domain's public origin (for short_url). */
export function shortenedUrlsCsv(db: Db, userId: number, originOf: (domainId: number) => string) {
  return csvDownload<{ row: ShortenedUrlRow; cursor: string }>({
    headers: SHORT_URL_EXPORT_HEADERS,
    // Newest first, through the owner's list index (user_id, created_at, id). The cursor's time is
    // the database's own text of it: a JavaScript Date would drop its microseconds.
    chunks: chunksByKeyset(
      (after: { at: string; id: number } | null, limit) =>
        db
          .select({
            row: getTableColumns(shortenedUrls),
            cursor: sql<string>`${shortenedUrls.createdAt}::text`,
          })
          .from(shortenedUrls)
          .where(
            and(
              eq(shortenedUrls.userId, userId),
              after === null
                ? undefined
                : sql`(${shortenedUrls.createdAt}, ${shortenedUrls.id}) < (${after.at}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(desc(shortenedUrls.createdAt), desc(shortenedUrls.id))
          .limit(limit),
      ({ row, cursor }) => ({ at: cursor, id: row.id }),
      { maxRows: SHORT_URL_EXPORT_MAX_ROWS },
    ),
    toRow: ({ row }) => [
      row.originalUrl,
      row.title ?? "",
      row.shortCode,
      row.expiresAt ? formatDateTimeBR(row.expiresAt) : "",
      row.openInApp ? "sim" : "não",
      originOf(row.domainId) + shortLinkPath(row.shortCode),
      String(row.clickCount),
      formatDateTimeBR(row.createdAt),
    ],
  });
}
