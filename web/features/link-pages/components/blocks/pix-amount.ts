/**
 * An amount in reais as Brazilians type it ("25", "25,5", "1.234,56", "R$ 25,00", also "25.00")
 * in cents; "" is null (no fixed amount); anything else NaN.
 */
export function reaisToCents(text: string): number | null {
  const value = text.replace(/^\s*R\$/i, "").replace(/\s/g, "");
  if (value === "") return null;
  let normalized: string;
  if (value.includes(",")) normalized = value.replace(/\.(?=\d{3}(\D|$))/g, "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(value)) normalized = value.replace(/\./g, "");
  else normalized = value;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(normalized);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as the field shows them: 2500 -> "25,00", 123456 -> "1.234,56"; null is "". */
export function centsToReais(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const reais = Math.floor(cents / 100).toLocaleString("pt-BR");
  return `${reais},${String(cents % 100).padStart(2, "0")}`;
}
