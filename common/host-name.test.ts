import { describe, expect, it } from "vitest";
import { bareHostName, pastedHost } from "./host-name";

describe("bareHostName", () => {
  it("lower-cases and drops every trailing dot", () => {
    expect(bareHostName("Evil.Example")).toBe("evil.example");
    expect(bareHostName("evil.example.")).toBe("evil.example");
    expect(bareHostName("evil.example...")).toBe("evil.example");
    expect(bareHostName("a..b.")).toBe("a..b");
    expect(bareHostName("...")).toBe("");
  });
});

describe("pastedHost", () => {
  it.each([
    ["https://links.exemplo.com.br/p/ana?x=1#y", "links.exemplo.com.br"],
    ["HTTP://Links.Exemplo.com.br", "Links.Exemplo.com.br"],
    ["https://café.com.br/loja", "café.com.br"],
    ["links.exemplo.com.br/p/ana", "links.exemplo.com.br"],
    ["  links.exemplo.com.br  ", "links.exemplo.com.br"],
    // Left as typed, for the domain's rules to refuse.
    ["links.exemplo.com.br:8443", "links.exemplo.com.br:8443"],
    ["https://ana@links.exemplo.com.br", "https://ana@links.exemplo.com.br"],
    ["https://links.exemplo.com.br:8443/x", "https://links.exemplo.com.br:8443/x"],
    ["ftp://links.exemplo.com.br", "ftp://links.exemplo.com.br"],
  ])("%s", (typed, expected) => expect(pastedHost(typed)).toBe(expected));
});
