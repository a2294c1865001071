/** Spec 9: the admin tables (transactions, users, audit log) show up to 5 page buttons plus the last. */
export const PAGE_BUTTONS = 5;

/**
 * The pages to offer around the current one: a window of up to 5 pages, then a gap and the last
 * page when the window does not reach it. E.g. page 1 of 12: 1 2 3 4 5 … 12.
 */
export function pageButtons(current: number, totalPages: number): (number | "gap")[] {
  if (totalPages <= PAGE_BUTTONS + 1) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const start = Math.max(1, Math.min(current - 2, totalPages - PAGE_BUTTONS));
  const window = Array.from({ length: PAGE_BUTTONS }, (_, i) => start + i);
  const last = window[window.length - 1]!;
  return last < totalPages - 1 ? [...window, "gap", totalPages] : [...window, totalPages];
}
