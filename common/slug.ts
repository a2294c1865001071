/** Slug as the editor forces it while typing (spec 5): lowercase, only a-z, 0-9, - and _. */
export function normalizeSlug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, "");
}

export const SLUG_MIN = 2;
export const SLUG_MAX = 50;
export const SHORT_CODE_MIN = 3;
export const SHORT_CODE_MAX = 50;

/** Every Link Bio slug there can be. */
export const SLUG_PATTERN = /^[a-z0-9_-]+$/;

/** A slug some page could have: the public routes answer anything else as unknown, without a query. */
export const isPossibleSlug = (slug: string) => slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);
