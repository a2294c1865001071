import { addDays, dayOf } from "@common/time";

/** The periods the contacts list offers: all, the last days counting today, or dates picked. */
export type LeadPeriod = "all" | "7d" | "30d" | "custom";

export const LEAD_PERIODS: { value: LeadPeriod; label: string }[] = [
  { value: "all", label: "Todo o período" },
  { value: "7d", label: "Últimos 7 dias" },
  { value: "30d", label: "Últimos 30 dias" },
  { value: "custom", label: "Escolher datas" },
];

export const PERIOD_REVERSED = "A data final deve ser igual ou posterior à data inicial.";

/**
 * The days (YYYY-MM-DD, São Paulo) a period asks the server for: the last 7 days are today and
 * the 6 before it; "custom" sends the dates as picked.
 */
export function periodDays(
  period: LeadPeriod,
  picked: { from: string; to: string },
  now: number = Date.now(),
): { from: string; to: string } {
  if (period === "custom") return picked;
  if (period === "all") return { from: "", to: "" };
  const today = dayOf(now);
  return { from: addDays(today, period === "7d" ? -6 : -29), to: today };
}
