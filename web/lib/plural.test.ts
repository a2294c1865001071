import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says one in the singular, and zero or many in the plural, with pt-BR digits", () => {
    expect(plural(1, "Link Bio", "Link Bios")).toBe("1 Link Bio");
    expect(plural(0, "Link Bio", "Link Bios")).toBe("0 Link Bios");
    expect(plural(1234, "clique", "cliques")).toBe("1.234 cliques");
  });
});
