// CSV downloads for a spreadsheet opened in Brazil: UTF-8 with BOM, CRLF, formula-looking cells
// defused, written chunk by chunk so memory stays bounded whatever the export's size.
import type { FastifyReply } from "fastify";
import Papa from "papaparse";

/** Excel reads a UTF-8 file as UTF-8 only with the byte order mark. */
export const BOM = "\uFEFF";

/** `;` is what Excel in pt-BR splits columns on (the comma is the decimal mark there). */
export type CsvDelimiter = "," | ";";

/**
 * A CSV download's headers on `reply`: UTF-8 (the body starts with its BOM), an attachment named
 * `filename`, kept by no cache (a user's or the administrator's data).
 */
export const asCsvAttachment = (reply: FastifyReply, filename: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store");

/** Rows of items, a chunk at a time. */
export type CsvChunks<T> = AsyncIterable<T[]>;

/**
 * Rows as CSV text, each line ending in CRLF. escapeFormulae: a cell starting with = + - @ (or a
 * tab / CR) gets a leading apostrophe, so a user's name never runs as a formula in the
 * administrator's spreadsheet.
 */
// NOTE: not escapeFormulae: true, whose pattern (/^[=+\-@\t\r].*$/) misses a cell with a line
// break in it ("=HYPERLINK(...)\n+0"): only the first character matters.
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvLines = (rows: string[][], delimiter: CsvDelimiter = ";") =>
  `${Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline: "\r\n", delimiter })}\r\n`;

/** The download's text: the BOM and the header line, then one piece per non-empty chunk. */
export async function* csvDownload<T>({
  headers,
  chunks,
  toRow,
  delimiter = ";",
}: {
  headers: string[];
  chunks: CsvChunks<T>;
  toRow: (item: T) => string[];
  delimiter?: CsvDelimiter;
}): AsyncGenerator<string> {
  yield `${BOM}${csvLines([headers], delimiter)}`;
  for await (const items of chunks) {
    if (items.length) yield csvLines(items.map(toRow), delimiter);
  }
}

/** Reads rows `chunkRows` at a time by offset, up to `maxRows` in all (for lists of bounded depth). */
export async function* chunksByOffset<T>(
  read: (page: { limit: number; offset: number }) => Promise<T[]>,
  { maxRows, chunkRows = 1_000 }: { maxRows: number; chunkRows?: number },
): CsvChunks<T> {
  for (let offset = 0; offset < maxRows; offset += chunkRows) {
    const limit = Math.min(chunkRows, maxRows - offset);
    const rows = await read({ limit, offset });
    yield rows;
    if (rows.length < limit) return;
  }
}

/**
 * Reads rows `chunkRows` at a time after the last one read, up to `maxRows` in all: through an
 * index, each chunk as cheap as the first, where an offset reads again every row before it (for
 * exports as deep as a million rows). `read(after, limit)` answers up to `limit` rows following the
 * cursor `after` (null: from the start), in cursor order; `cursorOf` is a row's cursor.
 */
export async function* chunksByKeyset<T, Cursor>(
  read: (after: Cursor | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => Cursor,
  { maxRows = Number.POSITIVE_INFINITY, chunkRows = 1_000 }: { maxRows?: number; chunkRows?: number } = {},
): CsvChunks<T> {
  let after: Cursor | null = null;
  for (let taken = 0; taken < maxRows; ) {
    const limit = Math.min(chunkRows, maxRows - taken);
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    taken += rows.length;
    after = cursorOf(rows.at(-1)!);
  }
}
