import { describe, expect, it } from "vitest";
import { pageButtons } from "./page-buttons";

describe("pageButtons", () => {
  it("lists every page when there are at most 6", () => {
    expect(pageButtons(1, 0)).toEqual([]);
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shows 5 pages around the current one plus the last", () => {
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
    expect(pageButtons(6, 12)).toEqual([4, 5, 6, 7, 8, "gap", 12]);
    expect(pageButtons(10, 12)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageButtons(12, 12)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageButtons(2, 7)).toEqual([1, 2, 3, 4, 5, "gap", 7]);
    expect(pageButtons(4, 7)).toEqual([2, 3, 4, 5, 6, 7]);
  });
});
