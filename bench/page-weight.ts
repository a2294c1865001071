// Public page weight: the document plus every same-origin stylesheet and script it references, in
// bytes as they travel (compressed) when the browser sends Accept-Encoding: br, gzip. Images (the
// profile picture) are not counted.
import { decoded, type RawResponse, rawGet } from "./http";

export type Transfer = { url: string; status: number; encoding: string; bytes: number; decodedBytes: number };
export type PageWeight = {
  document: Transfer;
  assets: Transfer[];
  totalBytes: number;
  inlineScripts: number;
};

export const BROWSER_ENCODING = { "accept-encoding": "br, gzip" };

const ATTR = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i");

function attr(tag: string, name: string): string | undefined {
  const match = ATTR(name).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Same-origin CSS and JS a document pulls in: stylesheets, scripts, and their preloads. */
export function referencedAssets(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const found = new Set<string>();
  const add = (href: string | undefined) => {
    if (!href) return;
    const url = new URL(href.replaceAll("&amp;", "&"), pageUrl);
    if (url.origin === origin) found.add(url.href);
  };
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) add(attr(tag, "src"));
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const as = (attr(tag, "as") ?? "").toLowerCase();
    if (
      rel.includes("stylesheet") ||
      rel.includes("modulepreload") ||
      (rel.includes("preload") && (as === "style" || as === "script"))
    )
      add(attr(tag, "href"));
  }
  return [...found];
}

function transfer(url: string, response: RawResponse): Transfer {
  return {
    url,
    status: response.status,
    encoding: String(response.headers["content-encoding"] ?? "identity"),
    bytes: response.body.length,
    decodedBytes: Buffer.byteLength(decoded(response)),
  };
}

export async function measurePageWeight(pageUrl: string): Promise<PageWeight> {
  const page = await rawGet(pageUrl, BROWSER_ENCODING);
  const html = decoded(page);
  const document = transfer(pageUrl, page);
  const assets: Transfer[] = [];
  for (const url of referencedAssets(html, pageUrl))
    assets.push(transfer(url, await rawGet(url, BROWSER_ENCODING)));
  const inlineScripts = (html.match(/<script\b(?![^>]*\bsrc=)[^>]*>/gi) ?? []).length;
  return {
    document,
    assets,
    totalBytes: document.bytes + assets.reduce((sum, asset) => sum + asset.bytes, 0),
    inlineScripts,
  };
}
