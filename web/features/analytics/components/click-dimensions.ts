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
