const names = new Intl.DisplayNames(["pt-BR"], { type: "region" });

/** A country's name in pt-BR from its ISO 3166 code ('BR' -> 'Brasil'). */
export function countryName(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return "Desconhecido";
  try {
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** The flag emoji of a country code: its two letters as regional indicator symbols. */
export function countryFlag(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return "🌐";
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
