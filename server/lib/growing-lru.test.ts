import { LRUCache } from "lru-cache";
import { describe, expect, it } from "vitest";
import { growingUpTo } from "./growing-lru";

describe("growingUpTo", () => {
  it("keeps at most that many entries, dropping the least recently used", () => {
    const cache = new LRUCache<string, number>(growingUpTo(3));
    for (const [i, key] of ["a", "b", "c"].entries()) cache.set(key, i);
    cache.get("a");
    cache.set("d", 3);
    expect([...cache.keys()].sort()).toEqual(["a", "c", "d"]);
    expect(cache.size).toBe(3);
  });
});
