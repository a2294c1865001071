/**
 * `compute` memoized for the strings a visitor's request repeats (user agents, addresses, referrers,
 * Accept-Language values): memory only, bounded. At `max` keys the memo starts over (cleared, not
 * evicted one by one: nothing to keep in order on the request's path, and the keys that repeat are
 * back after a few requests). A key longer than `maxKeyLength` is computed every time, so that what
 * is kept stays small whatever a request sends.
 */
export function boundedMemo<V>(
  compute: (key: string) => V,
  { max, maxKeyLength = Number.POSITIVE_INFINITY }: { max: number; maxKeyLength?: number },
): (key: string) => V {
  const memo = new Map<string, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key);
      if (key.length <= maxKeyLength) {
        if (memo.size >= max) memo.clear();
        memo.set(key, value);
      }
    }
    return value as V;
  };
}
