// Made on first use: making a formatter costs milliseconds, which a page that shows no price should
// not pay while it loads (web/app/islands.tsx).
let brl: Intl.NumberFormat | undefined;

/** Cents as Brazilians read money: 123456 -> "R$ 1.234,56" (a plain space after R$). */
export function formatBRL(cents: number): string {
  brl ??= new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
  return brl.format(cents / 100).replace(/\s/g, " ");
}
