// CSV import of short links. Each row is checked like a POST (schema, targets, reserved
// and taken codes); the valid rows are created, the others reported, all in one transaction under
// the plan's lock (see docs/product-decisions.md, "Importar e exportar links curtos").
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { isUnlimited, limitReachedMessage } from "../../../common/contract/billing";
import {
  type ImportRefusal,
  parseCsvYesNo,
  SHORT_URL_IMPORT_MAX_ROWS,
  SHORT_URL_IMPORT_MESSAGES,
  SHORT_URL_MESSAGES,
  type ShortenedUrlImportResult,
  shortenedUrlBodySchema,
} from "../../../common/contract/shortened-urls";
import { startOfDayInZone } from "../../../common/time";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { HttpError } from "../../lib/http-error";
import { limitsOf, planOf } from "../billing/entitlements";
import { userUsageOf } from "../usage/user-usage";
import { assertShortLinkTargets } from "./shortened-url-targets";
import type { ShortenedUrlRow } from "./shortened-urls.queries";
import { createShortenedUrl } from "./shortened-urls.service";

/** One data row of the file, with its line number (the header is line 1). */
export type ImportRow = { row: number; cells: Record<string, string> };

/**
 * The file's rows: BOM dropped, `,` or `;` (whichever splits the header into more columns: Excel in
 * pt-BR writes `;`), blank lines skipped but counted, column names matched without case or spaces.
 */
export function parseImportCsv(text: string): ImportRow[] {
  const body = text.replace(/^\uFEFF/, "");
  if (!body.trim())
    throw new HttpError(400, SHORT_URL_IMPORT_MESSAGES.empty, { csv: SHORT_URL_IMPORT_MESSAGES.empty });
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = firstLine.split(";").length > firstLine.split(",").length ? ";" : ",";
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const records = parsed.data;
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  if (!header.includes("original_url")) {
    throw new HttpError(400, SHORT_URL_IMPORT_MESSAGES.missingColumn, {
      csv: SHORT_URL_IMPORT_MESSAGES.missingColumn,
    });
  }
  const rows: ImportRow[] = [];
  records.slice(1).forEach((record, index) => {
    if (record.every((cell) => cell.trim() === "")) return;
    const cells: Record<string, string> = {};
    header.forEach((name, column) => {
      if (name) cells[name] = (record[column] ?? "").trim();
    });
    rows.push({ row: index + 2, cells });
  });
  if (rows.length === 0)
    throw new HttpError(400, SHORT_URL_IMPORT_MESSAGES.empty, { csv: SHORT_URL_IMPORT_MESSAGES.empty });
  if (rows.length > SHORT_URL_IMPORT_MAX_ROWS) {
    throw new HttpError(400, SHORT_URL_IMPORT_MESSAGES.tooManyRows, {
      csv: SHORT_URL_IMPORT_MESSAGES.tooManyRows,
    });
  }
  return rows;
}

const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * An expiry as a spreadsheet writes it: dd/mm/aaaa [hh:mm] or ISO (aaaa-mm-dd[Thh:mm]) in São
 * Paulo time, or ISO with an offset. A date without a time is the end of that day (23:59).
 * "" is no expiry; undefined when unreadable.
 */
export function parseImportExpiry(value: string): string | null | undefined {
  if (!value) return null;
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(value) && value.includes("T")) {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? undefined : new Date(instant).toISOString();
  }
  let day: number, month: number, year: number, hour: number | undefined, minute: number | undefined;
  const br = BR_DATE.exec(value);
  const iso = br ? null : ISO_LOCAL.exec(value);
  if (br) [day, month, year, hour, minute] = [+br[1]!, +br[2]!, +br[3]!, opt(br[4]), opt(br[5])];
  else if (iso) [year, month, day, hour, minute] = [+iso[1]!, +iso[2]!, +iso[3]!, opt(iso[4]), opt(iso[5])];
  else return undefined;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  )
    return undefined;
  if (hour !== undefined && (hour > 23 || minute! > 59)) return undefined;
  const start = startOfDayInZone(calendar.toISOString().slice(0, 10)).getTime();
  // Brazil has had no daylight saving time since 2019: a day is 24 hours long.
  const offset = hour === undefined ? (23 * 60 + 59) * 60_000 : (hour * 60 + minute!) * 60_000;
  return new Date(start + offset).toISOString();
}
const opt = (v: string | undefined) => (v === undefined ? undefined : Number(v));

type ValidRow = { row: number; body: z.output<typeof shortenedUrlBodySchema> };

type Hosts = Parameters<typeof assertShortLinkTargets>[0];

/** A row as POST would see it: schema first, then targets; the first problem is reported. */
export function checkImportRow(app: Hosts, { row, cells }: ImportRow): ValidRow | ImportRefusal {
  const expires = parseImportExpiry(cells.expires_at ?? "");
  if (expires === undefined)
    return { row, field: "expires_at", message: SHORT_URL_IMPORT_MESSAGES.expiresAt };
  const openInApp = parseCsvYesNo(cells.open_in_app ?? "", true);
  if (openInApp === undefined)
    return { row, field: "open_in_app", message: SHORT_URL_IMPORT_MESSAGES.openInApp };
  const parsed = shortenedUrlBodySchema.safeParse({
    original_url: cells.original_url ?? "",
    title: cells.title || null,
    custom_code: cells.custom_code || null,
    expires_at: expires,
    open_in_app: openInApp,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { row, field: String(issue.path[0] ?? "original_url"), message: issue.message };
  }
  try {
    assertShortLinkTargets(app, parsed.data);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { row, field: Object.keys(error.details ?? {})[0] ?? "original_url", message: error.message };
  }
  return { row, body: parsed.data };
}

/**
 * Creates the file's valid rows on the default domain, in one transaction with the user's row
 * locked: the plan's limit is counted once, and rows past it are refused (the plan's message) like any bad
 * row. A code taken (by anyone, or by an earlier row of the file) refuses that row only.
 */
export async function importShortenedUrls(
  app: Hosts & { db: Db; domains: { default: { id: number } } },
  userId: number,
  text: string,
  /** The plan's hourly creation rate: how many of `wanted` rows may be created now (and a refund). */
  rate?: {
    take(wanted: number): Promise<{ granted: number; message: string }>;
    refund(count: number): Promise<void>;
  },
): Promise<{ result: ShortenedUrlImportResult; created: ShortenedUrlRow[] }> {
  const refused: ImportRefusal[] = [];
  const valid: ValidRow[] = [];
  const codes = new Set<string>();
  for (const row of parseImportCsv(text)) {
    const checked = checkImportRow(app, row);
    if (!("body" in checked)) {
      refused.push(checked);
    } else if (checked.body.custom_code && codes.has(checked.body.custom_code)) {
      refused.push({ row: row.row, field: "custom_code", message: SHORT_URL_IMPORT_MESSAGES.duplicateCode });
    } else {
      if (checked.body.custom_code) codes.add(checked.body.custom_code);
      valid.push(checked);
    }
  }
  // Rows past the hourly creation rate are refused like rows past the plan's total.
  const allowed = rate ? await rate.take(valid.length) : { granted: valid.length, message: "" };
  for (const { row } of valid.splice(allowed.granted)) {
    refused.push({ row, field: "limit", message: allowed.message });
  }
  const granted = valid.length;
  const created = await app.db
    .transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
      if (!user) throw new HttpError(401, "Faça login para continuar.");
      const { plan } = await planOf(tx, userId);
      const limit = limitsOf(user, plan).shortened_urls;
      const overLimit = isUnlimited(limit) ? "" : limitReachedMessage("shortened_urls", limit, plan.name);
      let room = isUnlimited(limit)
        ? Number.POSITIVE_INFINITY
        : limit - (await userUsageOf(tx, userId)).shortLinks;
      const rows: ShortenedUrlRow[] = [];
      for (const { row, body } of valid) {
        if (room <= 0) {
          refused.push({ row, field: "limit", message: overLimit });
          continue;
        }
        try {
          rows.push(
            await createShortenedUrl(tx, {
              userId,
              domainId: app.domains.default.id,
              originalUrl: body.original_url,
              title: body.title,
              customCode: body.custom_code,
              expiresAt: body.expires_at,
              openInApp: body.open_in_app,
            }),
          );
          room--;
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
          refused.push({ row, field: "custom_code", message: SHORT_URL_MESSAGES.codeTaken });
        }
      }
      return rows;
    })
    .catch(async (error) => {
      await rate?.refund(granted);
      throw error;
    });
  // Rows refused inside (a taken code, the plan's total) created nothing: given back.
  await rate?.refund(granted - created.length);
  refused.sort((a, b) => a.row - b.row);
  return { result: { created: created.length, refused }, created };
}
