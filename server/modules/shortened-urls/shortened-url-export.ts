// CSV export of a user's short links with their clicks (issue 17): UTF-8 with BOM and `;`, as
// Excel in pt-BR opens it; the first four columns are the import's, so the file imports back.
import { desc, eq } from "drizzle-orm";
import { formatDateTimeBR } from "../../../common/time";
import type { Db } from "../../../db/client";
import { shortenedUrls } from "../../../db/schema";
import { chunksByOffset, csvDownload } from "../../lib/csv";
import type { ShortenedUrlRow } from "./shortened-urls.queries";

/** Every link a plan can hold and more; the export is read 1000 rows at a time up to this. */
export const SHORT_URL_EXPORT_MAX_ROWS = 100_000;

export const SHORT_URL_EXPORT_HEADERS = [
  "original_url",
  "title",
  "custom_code",
  "expires_at",
  "short_url",
  "click_count",
  "created_at",
];

export const shortUrlExportFilename = (now = new Date()) =>
  `links-curtos-${now.toISOString().slice(0, 10)}.csv`;

/** The download, chunk by chunk; `originOf` gives a domain's public origin (for short_url). */
export function shortenedUrlsCsv(db: Db, userId: number, originOf: (domainId: number) => string) {
  return csvDownload<ShortenedUrlRow>({
    headers: SHORT_URL_EXPORT_HEADERS,
    chunks: chunksByOffset(
      ({ limit, offset }) =>
        db
          .select()
          .from(shortenedUrls)
          .where(eq(shortenedUrls.userId, userId))
          .orderBy(desc(shortenedUrls.createdAt), desc(shortenedUrls.id))
          .limit(limit)
          .offset(offset),
      { maxRows: SHORT_URL_EXPORT_MAX_ROWS },
    ),
    toRow: (row) => [
      row.originalUrl,
      row.title ?? "",
      row.shortCode,
      row.expiresAt ? formatDateTimeBR(row.expiresAt) : "",
      `${originOf(row.domainId)}/s/${row.shortCode}`,
      String(row.clickCount),
      formatDateTimeBR(row.createdAt),
    ],
  });
}
