// The transactions CSV (spec 9): pt-BR headers and values, for a spreadsheet opened in Brazil.
import Papa from "papaparse";
import {
  type AdminTransaction,
  paymentMethodLabel,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from "../../../common/contract/billing";
import { dayOf, formatDateTimeBR } from "../../../common/time";
import type { Db } from "../../../db/client";
import { type AdminTransactionsFilter, selectAdminTransactions } from "./admin-billing.queries";

/** An export stops here: a bigger one belongs to a report job, not a request. */
export const CSV_MAX_ROWS = 50_000;
const CSV_CHUNK_ROWS = 1_000;
/** Excel reads a UTF-8 file as UTF-8 only with the byte order mark. */
const BOM = "\uFEFF";

export const CSV_HEADERS = [
  "Data",
  "Cliente",
  "Email",
  "Plano",
  "Valor",
  "Status",
  "Tipo",
  "Forma de Pagamento",
  "ID Mercado Pago",
];

export const csvFilename = (now = new Date()) => `transacoes_${dayOf(now)}.csv`;

/** Cents as a spreadsheet in pt-BR reads a number: 123456 -> "1234,56". */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export function csvRow(t: AdminTransaction): string[] {
  return [
    formatDateTimeBR(t.created_at),
    t.user_name,
    t.user_email,
    t.plan_name,
    csvAmount(t.amount_cents),
    TRANSACTION_STATUS_LABELS[t.status] ?? t.status,
    TRANSACTION_TYPE_LABELS[t.transaction_type] ?? t.transaction_type,
    paymentMethodLabel(t.payment_method),
    t.mercadopago_payment_id ?? "",
  ];
}

// escapeFormulae: a cell starting with = + - @ (or a tab / CR) gets a leading apostrophe, so a
// customer's name never runs as a formula in the administrator's spreadsheet.
const unparse = (rows: string[][]) => Papa.unparse(rows, { escapeFormulae: true, newline: "\r\n" });

/**
 * The CSV text, chunk by chunk: the rows are read a thousand at a time, so memory stays bounded
 * whatever the export's size (at most CSV_MAX_ROWS rows).
 */
export async function* transactionsCsv(db: Db, filter: AdminTransactionsFilter): AsyncGenerator<string> {
  yield `${BOM}${unparse([CSV_HEADERS])}\r\n`;
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_CHUNK_ROWS) {
    const limit = Math.min(CSV_CHUNK_ROWS, CSV_MAX_ROWS - offset);
    const rows = await selectAdminTransactions(db, filter, { limit, offset });
    if (rows.length) yield `${unparse(rows.map(csvRow))}\r\n`;
    if (rows.length < limit) return;
  }
}
