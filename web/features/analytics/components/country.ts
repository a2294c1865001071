const names = new Intl.DisplayNames(["pt-BR"], { type: "region" });

const CODE = /^[A-Za-z]{2}$/;

// NOTE: SVG flags (emoji flags show as two letters on Windows). Each flag is its own file: this
// chunk carries only the code -> URL map, and the browser fetches just the flags on screen.
const FLAG_URLS = import.meta.glob<string>("./*.svg", {
  base: "../../../../node_modules/country-flag-icons/3x2/",
  eager: true,
  query: "?url&no-inline",
  import: "default",
});

/** A country's name in pt-BR from its ISO 3166 code ('BR' -> 'Brasil'). */
export function countryName(code: string | null | undefined): string {
  if (!code || !CODE.test(code)) return "Desconhecido";
  try {
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** The URL of a country's SVG flag (3:2), or null for an unknown or absent code. */
export function countryFlagUrl(code: string | null | undefined): string | null {
  if (!code || !CODE.test(code)) return null;
  return FLAG_URLS[`./${code.toUpperCase()}.svg`] ?? null;
}
