const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Cents as Brazilians read money: 123456 -> "R$ 1.234,56" (a plain space after R$). */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100).replace(/\s/g, " ");
}
