export const SLUG_MIN = 2;
export const SLUG_MAX = 50;
export const SHORT_CODE_MIN = 3;
export const SHORT_CODE_MAX = 50;

/** Every Link Bio slug there can be. */
export const SLUG_PATTERN = /^[a-z0-9_-]+$/;

/** A slug some page could have: the public routes answer anything else as unknown, without a query. */
export const isPossibleSlug = (slug: string) => slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);

/** Lowercase without accents ("Conceição" -> "conceicao"): what a slug keeps of a letter. */
const plainLower = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * Slug as the editor forces it while typing (spec 5): lowercase, only a-z, 0-9, - and _. Accents
 * are dropped from their letter and a space becomes "-" (runs of "-" collapse), so "Joana Silva"
 * gives "joana-silva", not "joanasilva". Edges are left alone: the user may be typing the next word.
 */
export function normalizeSlug(value: string): string {
  return plainLower(value)
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9_-]/g, "")
    .replace(/-{2,}/g, "-");
}

/**
 * The slug a title suggests ("Joana Silva!" -> "joana-silva"): accents dropped, every run of
 * anything else than a-z, 0-9 and _ becomes one "-", no "-" at the edges, at most SLUG_MAX.
 */
export function slugFromTitle(title: string): string {
  return plainLower(title)
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}
