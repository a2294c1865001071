import { describe, expect, it } from "vitest";
import { bareHostName } from "./host-name";

describe("bareHostName", () => {
  it("lower-cases and drops every trailing dot", () => {
    expect(bareHostName("Evil.Example")).toBe("evil.example");
    expect(bareHostName("evil.example.")).toBe("evil.example");
    expect(bareHostName("evil.example...")).toBe("evil.example");
    expect(bareHostName("a..b.")).toBe("a..b");
    expect(bareHostName("...")).toBe("");
  });
});
