import { describe, expect, it } from "vitest";
import { linkPageBodySchema } from "./contract/link-pages";
import { normalizeSlug, SLUG_MAX, slugFromTitle } from "./slug";

describe("slugFromTitle", () => {
  it("turns a title into a slug: accents dropped, spaces and punctuation to one '-', no edges", () => {
    expect(slugFromTitle("Joana Silva!")).toBe("joana-silva");
    expect(slugFromTitle("  Café & Pão — Conceição  ")).toBe("cafe-pao-conceicao");
    expect(slugFromTitle("Loja_2026 (oficial)")).toBe("loja_2026-oficial");
    expect(slugFromTitle("!!!")).toBe("");
  });

  it("keeps within the slug rules of the contract, cut without a trailing '-'", () => {
    const long = slugFromTitle(`${"palavra ".repeat(5)}${"x".repeat(60)}`);
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long.endsWith("-")).toBe(false);
    expect(slugFromTitle(`${"a".repeat(49)} bcd`)).toBe("a".repeat(49));
    for (const title of ["Joana Silva!", "Açaí da Esquina", "Dr. José Ñúñez", long]) {
      const slug = slugFromTitle(title);
      expect(linkPageBodySchema.shape.slug.safeParse(slug).success, title).toBe(true);
    }
  });
});

describe("normalizeSlug", () => {
  it("turns typed spaces into '-' instead of dropping them, and keeps only a-z, 0-9, - and _", () => {
    expect(normalizeSlug("Joana Silva")).toBe("joana-silva");
    expect(normalizeSlug("joana ")).toBe("joana-");
    expect(normalizeSlug("Minha Loja!_2026-Ok")).toBe("minha-loja_2026-ok");
    expect(normalizeSlug("joana - silva")).toBe("joana-silva");
    expect(normalizeSlug("São João")).toBe("sao-joao");
  });
});
