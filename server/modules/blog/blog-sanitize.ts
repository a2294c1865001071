import sanitizeHtml from "sanitize-html";

// Blog HTML is sanitised once, on save, and rendered as stored (ARCHITECTURE: "blog HTML is
// sanitised on save"). An allow-list: what is not named here leaves, with its attributes.

const TEXT_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "strong", "em", "b", "i", "u", "s"];
const BLOCK_TAGS = ["ul", "ol", "li", "code", "pre", "blockquote", "figure", "figcaption"];
const TABLE_TAGS = ["table", "thead", "tbody", "tr", "th", "td"];

/** Our own stored images (the names image-store writes, and any file name of that folder). */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;
/** Inline images of the four raster types only: never SVG (it carries scripts) or any other data:. */
const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp);base64,[A-Za-z0-9+/\s]+={0,2}$/i;
const DIMENSION = /^\d{1,5}%?$/;
const SPAN = /^\d{1,3}$/;

/**
 * The absolute URL a browser would follow for this value, when its scheme is one of `schemes`.
 * The WHATWG parser is the browser's own: it drops the tabs, newlines and control characters
 * that hide "java\tscript:" from simpler checks (entities are already decoded by the HTML parser).
 */
function hasScheme(value: string, schemes: string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function isSafeLinkHref(href: string): boolean {
  return hasScheme(href, ["http:", "https:", "mailto:"]);
}

export function isSafeImageSrc(src: string): boolean {
  const value = src.trim();
  return UPLOAD_PATH.test(value) || DATA_IMAGE.test(value) || hasScheme(value, ["http:", "https:"]);
}

const keepIf = (attribs: Record<string, string>, name: string, ok: (value: string) => boolean) => {
  const value = attribs[name];
  if (value !== undefined && !ok(value)) delete attribs[name];
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...BLOCK_TAGS, ...TABLE_TAGS, "a", "img"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  // The library's own scheme check runs too, after ours: both must agree.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped with everything inside them, not only the tag: code, styles, embedded documents,
  // and the SVG/MathML islands whose parsing differs between parsers (mutation XSS).
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "xmp",
    "noscript",
    "noembed",
    "noframes",
    "iframe",
    "frameset",
    "object",
    "embed",
    "template",
    "title",
    "svg",
    "math",
    "select",
    "head",
  ],
  transformTags: {
    a: (tagName, attribs) => {
      keepIf(attribs, "href", isSafeLinkHref);
      keepIf(attribs, "target", (value) => value === "_blank");
      return { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } };
    },
    img: (tagName, attribs) => {
      keepIf(attribs, "src", isSafeImageSrc);
      keepIf(attribs, "width", (value) => DIMENSION.test(value));
      keepIf(attribs, "height", (value) => DIMENSION.test(value));
      keepIf(attribs, "loading", (value) => value === "lazy" || value === "eager");
      return { tagName, attribs };
    },
    th: (tagName, attribs) => {
      keepIf(attribs, "colspan", (value) => SPAN.test(value));
      keepIf(attribs, "rowspan", (value) => SPAN.test(value));
      keepIf(attribs, "scope", (value) => ["row", "col", "rowgroup", "colgroup"].includes(value));
      return { tagName, attribs };
    },
    td: (tagName, attribs) => {
      keepIf(attribs, "colspan", (value) => SPAN.test(value));
      keepIf(attribs, "rowspan", (value) => SPAN.test(value));
      return { tagName, attribs };
    },
  },
  // An image without a source shows nothing but a broken icon: it goes.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** The post's HTML as it is stored and rendered: only the allow-listed tags, attributes and URLs. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
