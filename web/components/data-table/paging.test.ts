import { describe, expect, it } from "vitest";
import { pageCount } from "./paging";
import { nextSort } from "./sort-header";

describe("pageCount", () => {
  it("is no page before the list has loaded, and whole pages after", () => {
    expect(pageCount(undefined)).toBe(0);
    expect(pageCount({ total: 0, page_size: 50 })).toBe(0);
    expect(pageCount({ total: 50, page_size: 50 })).toBe(1);
    expect(pageCount({ total: 51, page_size: 50 })).toBe(2);
  });

  it("pages a search past the server's count as far as it counted", () => {
    expect(pageCount({ total: null, page_size: 20 }, 10_000)).toBe(500);
  });
});

describe("nextSort", () => {
  it("flips the order of the column already sorted", () => {
    expect(nextSort({ sort: "name", order: "asc" }, "name")).toEqual({ sort: "name", order: "desc" });
    expect(nextSort({ sort: "name", order: "desc" }, "name", "asc")).toEqual({ sort: "name", order: "asc" });
  });

  it("starts another column largest first, unless told otherwise", () => {
    expect(nextSort({ sort: "name", order: "asc" }, "clicks")).toEqual({ sort: "clicks", order: "desc" });
    expect(nextSort({ sort: "clicks", order: "desc" }, "email", "asc")).toEqual({
      sort: "email",
      order: "asc",
    });
  });
});
