const PERCENT = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

/** A click-through rate (a ratio, 0.125) as pt-BR shows it: '12,5%'. */
export function formatCtr(ratio: number): string {
  return PERCENT.format(ratio);
}
