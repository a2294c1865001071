import type { PageAnalytics } from "../../../common/contract/analytics";
import { BOM, csvLines } from "../../lib/csv";

export const PAGE_ANALYTICS_CSV_HEADERS = ["Data", "Visualizações", "Visitantes únicos", "Cliques", "CTR"];

/** A ratio as a spreadsheet in Brazil reads a percentage: "12,5%". */
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

/**
 * A page's figures per day as CSV for a spreadsheet opened in Brazil (UTF-8 with BOM, `;`): one
 * line per day of the period, oldest first, the day as dd/mm/aaaa, CTR as a percentage.
 */
export function pageAnalyticsCsv(figures: Pick<PageAnalytics, "daily">): string {
  const rows = figures.daily.map((day) => [
    // A calendar day as it is written (not an instant: no time zone may move it).
    day.date.split("-").reverse().join("/"),
    String(day.views),
    String(day.unique_visitors),
    String(day.clicks),
    percent.format(day.views > 0 ? day.clicks / day.views : 0),
  ]);
  return `${BOM}${csvLines([PAGE_ANALYTICS_CSV_HEADERS, ...rows])}`;
}

/** `pagina-12-estatisticas-2026-10-30-a-2026-11-28.csv` */
export const pageAnalyticsFilename = (id: number, from = "", to = "") =>
  `pagina-${id}-estatisticas${from ? `-${from}-a-${to}` : ""}.csv`;
