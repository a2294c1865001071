/** Where 'Agora não' is remembered (spec section 7): the time of the dismissal, in ms since 1970. */
export const INSTALL_DISMISSED_KEY = "pwa-install-dismissed";
/** How long a dismissal keeps the install card away (spec section 9: 7 days, 10080 minutes). */
export const INSTALL_DISMISSAL_MS = 7 * 24 * 60 * 60 * 1000;

// NOTE: storage can be unavailable (blocked cookies, some private modes): then nothing is kept.

/** Whether the visitor dismissed the install card less than 7 days before `now`. */
export function wasInstallDismissedRecently(now: number): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return false;
  }
  const at = Number(stored);
  return stored !== null && Number.isFinite(at) && now - at < INSTALL_DISMISSAL_MS && at <= now;
}

export function rememberInstallDismissal(now: number): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // Not kept: the card may come back on the next visit.
  }
}
