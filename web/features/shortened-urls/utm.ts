// The shortener's UTM builder: utm_* parameters read from and merged into a target URL, keeping
// every other parameter (in its place) and the fragment.

export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmValues = Record<UtmKey, string>;

export const UTM_LABELS: Record<UtmKey, string> = {
  source: "Origem (utm_source)",
  medium: "Mídia (utm_medium)",
  campaign: "Campanha (utm_campaign)",
  term: "Termo (utm_term)",
  content: "Conteúdo (utm_content)",
};

export const EMPTY_UTM: UtmValues = { source: "", medium: "", campaign: "", term: "", content: "" };

/** Like the API: a target without a scheme gets https:// ("exemplo.com.br/x"). */
function parse(url: string): URL | null {
  const text = url.trim();
  if (!text) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/** The utm_* values of a target ("" for each one missing, or when it is not a URL yet). */
export function readUtm(url: string): UtmValues {
  const parsed = parse(url);
  const values = { ...EMPTY_UTM };
  if (!parsed) return values;
  for (const key of UTM_KEYS) values[key] = parsed.searchParams.get(`utm_${key}`) ?? "";
  return values;
}

export const hasUtm = (utm: UtmValues) => UTM_KEYS.some((key) => utm[key].trim() !== "");

/**
 * The target with these UTM values: a filled one replaces the existing utm_* (in place), an empty
 * one removes it; other parameters and the fragment stay. An unparsable target comes back as is
 * (the form's validation speaks about it).
 */
export function applyUtm(url: string, utm: UtmValues): string {
  const parsed = parse(url);
  if (!parsed) return url;
  const params = parsed.searchParams;
  for (const key of UTM_KEYS) {
    const value = utm[key].trim();
    if (value) params.set(`utm_${key}`, value);
    else params.delete(`utm_${key}`);
  }
  const query = params.toString();
  parsed.search = query ? `?${query}` : "";
  const result = parsed.toString();
  // Keep what the user typed when nothing changed (no added https://, no re-encoding).
  return sameUrl(result, url) ? url.trim() : result;
}

function sameUrl(result: string, original: string): boolean {
  const before = parse(original);
  return before !== null && before.toString() === result;
}
