// The transactions CSV (spec 9): pt-BR headers and values, for a spreadsheet opened in Brazil.
import {
  type AdminTransaction,
  paymentMethodLabel,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from "../../../common/contract/billing";
import { dayOf, formatDateTimeBR } from "../../../common/time";
import type { Db } from "../../../db/client";
import { chunksByOffset, csvDownload } from "../../lib/csv";
import { type AdminTransactionsFilter, selectAdminTransactions } from "./admin-billing.queries";

/** An export stops here: a bigger one belongs to a report job, not a request. */
export const CSV_MAX_ROWS = 50_000;

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

/**
 * The CSV text, chunk by chunk (server/lib/csv.ts): the rows are read a thousand at a time, so
 * memory stays bounded whatever the export's size (at most CSV_MAX_ROWS rows). Semicolons: Excel
 * in pt-BR splits columns on ";" (the comma is the decimal mark, as in 19,90).
 */
export function transactionsCsv(db: Db, filter: AdminTransactionsFilter): AsyncGenerator<string> {
  return csvDownload({
    headers: CSV_HEADERS,
    chunks: chunksByOffset((page) => selectAdminTransactions(db, filter, page), { maxRows: CSV_MAX_ROWS }),
    toRow: csvRow,
    delimiter: ";",
  });
}
