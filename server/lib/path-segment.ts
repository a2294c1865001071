/**
 * The one path segment after `prefix` in a request target (`/s/{code}`, `/p/{slug}`): query string
 * ignored, percent-escapes decoded; null when the URL is not one (`/s/`, `/s/a/b`, a malformed or
 * encoded slash), which is left to the router. For the hot paths answered before routing.
 */
export function segmentAfter(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const query = url.indexOf("?", prefix.length);
  const raw = query === -1 ? url.slice(prefix.length) : url.slice(prefix.length, query);
  if (raw.length === 0 || raw.includes("/")) return null;
  if (!raw.includes("%")) return raw;
  try {
    const segment = decodeURIComponent(raw);
    return segment.includes("/") ? null : segment;
  } catch {
    return null;
  }
}
