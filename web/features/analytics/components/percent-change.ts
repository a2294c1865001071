/** The change from the previous period in whole percent; null when there is nothing to compare to. */
export function percentChange(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** '+12% vs ontem', '-5% vs semana anterior', '0% vs ontem'. */
export function formatChange(change: number, versus: string): string {
  return `${change > 0 ? "+" : ""}${change}% ${versus}`;
}
