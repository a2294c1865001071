import { describe, expect, it } from "vitest";
import { applyUtm, EMPTY_UTM, hasUtm, readUtm } from "./utm";

const utm = (values: Partial<typeof EMPTY_UTM>) => ({ ...EMPTY_UTM, ...values });

describe("applyUtm", () => {
  it("adds the filled parameters after the existing ones, keeping the fragment", () => {
    expect(
      applyUtm(
        "https://loja.com.br/produto?cor=azul&tam=M#avaliacoes",
        utm({ source: "instagram", medium: "social" }),
      ),
    ).toBe("https://loja.com.br/produto?cor=azul&tam=M&utm_source=instagram&utm_medium=social#avaliacoes");
  });

  it("replaces an existing utm_* in place and removes emptied ones", () => {
    expect(
      applyUtm(
        "https://loja.com.br/?utm_source=facebook&id=7&utm_campaign=velha&utm_term=x",
        utm({ source: "newsletter", campaign: "natal 2026" }),
      ),
    ).toBe("https://loja.com.br/?utm_source=newsletter&id=7&utm_campaign=natal+2026");
  });

  it("encodes values and keeps other parameters' values", () => {
    expect(applyUtm("https://a.com.br/?q=a%26b", utm({ content: "botão & banner" }))).toBe(
      "https://a.com.br/?q=a%26b&utm_content=bot%C3%A3o+%26+banner",
    );
  });

  it("adds https:// to a bare host like the API, and leaves an unchanged URL as typed", () => {
    expect(applyUtm("exemplo.com.br/x", utm({ source: "google" }))).toBe(
      "https://exemplo.com.br/x?utm_source=google",
    );
    expect(applyUtm("exemplo.com.br/x", EMPTY_UTM)).toBe("exemplo.com.br/x");
    expect(applyUtm("https://a.com.br/?x=%7Bid%7D", EMPTY_UTM)).toBe("https://a.com.br/?x=%7Bid%7D");
  });

  it("drops the question mark when the last parameter is removed", () => {
    expect(applyUtm("https://a.com.br/p?utm_source=x#topo", EMPTY_UTM)).toBe("https://a.com.br/p#topo");
  });

  it("gives back what is not a URL", () => {
    expect(applyUtm("", utm({ source: "x" }))).toBe("");
    expect(applyUtm("http://", utm({ source: "x" }))).toBe("http://");
  });
});

describe("readUtm", () => {
  it("reads the five parameters", () => {
    expect(
      readUtm(
        "https://a.com.br/?utm_source=ig&utm_medium=social&utm_campaign=natal+2026&utm_term=t&utm_content=c&x=1",
      ),
    ).toEqual({ source: "ig", medium: "social", campaign: "natal 2026", term: "t", content: "c" });
  });

  it("is empty for a URL without them or not a URL", () => {
    expect(readUtm("https://a.com.br/?x=1")).toEqual(EMPTY_UTM);
    expect(readUtm("não é url")).toEqual(EMPTY_UTM);
    expect(hasUtm(EMPTY_UTM)).toBe(false);
    expect(hasUtm(utm({ term: "x" }))).toBe(true);
  });

  it("round-trips with applyUtm", () => {
    const values = utm({ source: "a b", medium: "m&n", campaign: "ç" });
    expect(readUtm(applyUtm("https://a.com.br/?k=v", values))).toEqual(values);
  });
});
