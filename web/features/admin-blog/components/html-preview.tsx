/** Enough type for the preview to read like a post; the public page has the real styles. */
const PREVIEW_STYLE = `body{font:16px/1.7 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;margin:16px;overflow-wrap:anywhere}
img{max-width:100%;height:auto}h1,h2,h3{line-height:1.25;color:#111827}a{color:#4f46e5}
pre{background:#f3f4f6;padding:12px;overflow:auto;border-radius:6px}blockquote{border-left:3px solid #d1d5db;margin:0;padding-left:12px;color:#4b5563}
table{border-collapse:collapse}td,th{border:1px solid #e5e7eb;padding:4px 8px}`;

/**
 * The live preview beside the HTML textarea. NOTE: the HTML is the author's unsanitised draft, so
 * it renders in an iframe with an empty sandbox: no script, form, popup or same-origin access runs.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  const doc = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><base target="_blank"><style>${PREVIEW_STYLE}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={doc}
      referrerPolicy="no-referrer"
      className="min-h-80 w-full flex-1 rounded-lg border border-gray-300 bg-white"
    />
  );
}
