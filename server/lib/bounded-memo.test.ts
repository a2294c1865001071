import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

/** A memo of a function that counts its calls, per key. */
function counted(options: { max: number; maxKeyLength?: number }) {
  const calls: string[] = [];
  const memo = boundedMemo((key) => {
    calls.push(key);
    return key === "nada" ? null : key.toUpperCase();
  }, options);
  return { memo, calls };
}

describe("boundedMemo", () => {
  it("computes a key once, a null answer included", () => {
    const { memo, calls } = counted({ max: 10 });
    expect([memo("a"), memo("a"), memo("nada"), memo("nada")]).toEqual(["A", "A", null, null]);
    expect(calls).toEqual(["a", "nada"]);
  });

  it("keeps the `max` keys used last: the one used longest ago goes first", () => {
    const { memo, calls } = counted({ max: 2 });
    memo("a");
    memo("b");
    memo("a");
    expect(calls).toEqual(["a", "b"]);
    memo("c"); // full: b, used longest ago, goes; a stays
    memo("c");
    memo("a");
    memo("b");
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });

  it("computes a key longer than maxKeyLength every time, with the same answer", () => {
    const { memo, calls } = counted({ max: 10, maxKeyLength: 3 });
    expect([memo("abcd"), memo("abcd"), memo("abc"), memo("abc")]).toEqual(["ABCD", "ABCD", "ABC", "ABC"]);
    expect(calls).toEqual(["abcd", "abcd", "abc"]);
  });
});
