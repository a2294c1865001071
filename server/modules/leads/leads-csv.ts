// CSV export of a user's leads (Contatos → Exportar CSV, GET /api/leads/export.csv): UTF-8 with BOM
// and `;`, as Excel in pt-BR opens it, with the proof of consent (when, the exact text, its version).
import type { SQL } from "drizzle-orm";
import { formatDateTimeBR } from "../../../common/time";
import type { Db } from "../../../db/client";
import { chunksByKeyset, csvDownload } from "../../lib/csv";
import { leadsAfter } from "./leads.queries";

export const LEAD_EXPORT_HEADERS = [
  "id",
  "pagina",
  "nome",
  "email",
  "whatsapp",
  "recebido_em",
  "consentimento_em",
  "texto_do_consentimento",
  "versao_do_consentimento",
];

export const leadExportFilename = (now = new Date()) => `contatos-${now.toISOString().slice(0, 10)}.csv`;

type ExportRow = Awaited<ReturnType<typeof leadsAfter>>[number];

/**
 * The download of the leads `where` picks (the list's filters), newest first, read 1000 at a time
 * after the last one read through the owner's index (user_id, created_at, id). Dates in São Paulo
 * time; a page deleted since leaves its column empty.
 */
export function leadsCsv(db: Db, where: SQL | undefined) {
  return csvDownload<ExportRow>({
    headers: LEAD_EXPORT_HEADERS,
    chunks: chunksByKeyset(
      (after: { at: string; id: number } | null, limit) => leadsAfter(db, where, after, limit),
      ({ lead, cursor }) => ({ at: cursor, id: lead.id }),
    ),
    toRow: ({ lead, consentText, pageSlug }) => [
      String(lead.id),
      pageSlug ?? "",
      lead.name ?? "",
      lead.email ?? "",
      lead.phone ?? "",
      formatDateTimeBR(lead.createdAt),
      formatDateTimeBR(lead.consentAt),
      consentText,
      String(lead.consentTextId),
    ],
  });
}
