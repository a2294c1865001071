import type { IntervalType } from "../../../common/contract/billing";

/**
 * The end of a period that starts at `start`: the same day and time one calendar month or year
 * later, or the month's last day when it has no such day (31 Jan -> 28/29 Feb).
 */
export function addPeriod(start: Date, interval: IntervalType): Date {
  const months = interval === "yearly" ? 12 : 1;
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The end of what a payment bought: one period when it paid the list price, longer when a credit
 * made it worth more (a credit larger than the new price), shorter when it was worth less (a credit
 * that could no longer be used when the payment arrived).
 */
export function paidPeriodEnd(
  start: Date,
  interval: IntervalType,
  valueCents: number,
  listPriceCents: number,
): Date {
  const end = addPeriod(start, interval);
  if (listPriceCents <= 0 || valueCents === listPriceCents) return end;
  const length = end.getTime() - start.getTime();
  return new Date(start.getTime() + Math.round((length * valueCents) / listPriceCents));
}

/** The smallest amount we ask a provider to charge after a credit (R$ 1,00). */
export const MIN_CHARGE_CENTS = 100;

/** A paid period and what it was worth. */
export type PaidPeriod = { valueCents: number; start: Date; end: Date };

/**
 * What is left of paid periods at `now`: each one's value pro rata by its unused time (a period
 * not begun yet counts whole). An upgrade is credited with this.
 */
export function unusedValue(periods: PaidPeriod[], now: Date = new Date()): number {
  let total = 0;
  for (const { valueCents, start, end } of periods) {
    const length = end.getTime() - start.getTime();
    const left = end.getTime() - Math.max(now.getTime(), start.getTime());
    if (length <= 0 || left <= 0 || valueCents <= 0) continue;
    total += (valueCents * Math.min(left, length)) / length;
  }
  return Math.floor(total);
}
