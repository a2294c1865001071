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

/** The smallest amount we ask a provider to charge after a credit (R$ 1,00). */
export const MIN_CHARGE_CENTS = 100;

/**
 * The credit an upgrade gets for the unused part of the current paid period: what was paid for it,
 * pro rata by time left. Never more than leaves MIN_CHARGE_CENTS to pay.
 */
export function upgradeCredit(
  paidCents: number,
  period: { start: Date; end: Date },
  newPriceCents: number,
  now: Date = new Date(),
): number {
  const total = period.end.getTime() - period.start.getTime();
  const left = period.end.getTime() - now.getTime();
  if (total <= 0 || left <= 0 || paidCents <= 0) return 0;
  const credit = Math.floor((paidCents * Math.min(left, total)) / total);
  return Math.max(0, Math.min(credit, newPriceCents - MIN_CHARGE_CENTS));
}
