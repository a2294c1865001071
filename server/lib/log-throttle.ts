/**
 * A log line that would repeat on every request during an outage (Redis or Postgres away) is
 * written at most once per period, with how many were left out since the last one.
 */
export function throttled(periodMs = 30_000, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let skipped = 0;
  /** Calls `write(skipped)` when a period has passed since the last line; else counts the call. */
  return (write: (skipped: number) => void): void => {
    const time = now();
    if (time - last < periodMs) {
      skipped++;
      return;
    }
    last = time;
    const count = skipped;
    skipped = 0;
    write(count);
  };
}
