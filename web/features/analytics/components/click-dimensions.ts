const DEVICES: Record<string, string> = {
  desktop: "Desktop",
  mobile: "Celular",
  tablet: "Tablet",
  other: "Outro",
};

/** The server's device class (desktop, mobile, tablet, other) in pt-BR. */
export function deviceLabel(value: string | null): string {
  return DEVICES[(value ?? "").toLowerCase()] ?? "Outro";
}

/** A referrer host; no referrer means the visitor typed or pasted the link. */
export function referrerLabel(value: string | null): string {
  return value?.trim() || "Direto";
}

/** A browser or OS name; the server keeps null when the user agent does not say. */
export function nameOrUnknown(value: string | null): string {
  return value?.trim() || "Desconhecido";
}

/**
 * Breakdown rows labelled in pt-BR, rows that end up with the same label ('Outro', 'Direto',
 * 'Desconhecido') summed figure by figure, in the order their labels first appear.
 */
export function sumByLabel<K extends string>(
  rows: readonly ({ value: string } & Record<K, number>)[] | undefined,
  label: (value: string | null) => string,
  figures: readonly K[],
): ({ label: string } & Record<K, number>)[] {
  const sums = new Map<string, Record<K, number>>();
  for (const row of rows ?? []) {
    const name = label(row.value);
    const sum = sums.get(name) ?? (Object.fromEntries(figures.map((f) => [f, 0])) as Record<K, number>);
    for (const figure of figures) sum[figure] += row[figure];
    sums.set(name, sum);
  }
  return [...sums].map(([name, sum]) => ({ label: name, ...sum }));
}
