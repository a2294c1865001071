// The blog contract's numbers, without zod (./blog.ts has the schemas and re-exports them): the
// public list's script (web/app/islands.tsx) needs them and nothing else of the contract.
export const BLOG_LIMITS = {
  /** Spec 9: title 200 on publish. A draft's title is bounded too, more loosely. */
  titlePublish: 200,
  titleDraft: 500,
  slugMin: 3,
  slugMax: 100,
  excerpt: 300,
  metaDescription: 160,
  metaKeywords: 500,
  /** Post HTML, before sanitising. */
  content: 200_000,
  categoryName: 100,
  categoryDescription: 500,
  categoriesPerPost: 20,
  /** Spec 9: up to 3 featured and 3 related posts; cards show up to 2 categories. */
  featured: 3,
  related: 3,
  cardCategories: 2,
  /** Public list page size (a 3-column grid) and the most a client may ask for. */
  pageSize: 9,
  pageSizeMax: 50,
  /** Admin list: one page of rows (the stat cards come from /stats, not from the rows). */
  adminPageSize: 50,
  adminPageSizeMax: 200,
  searchMax: 100,
  /** Spec 9: reading time is words / 200, rounded up. */
  wordsPerMinute: 200,
} as const;
