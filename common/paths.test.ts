import { describe, expect, it } from "vitest";
import { linkPageUrl, paths, publicOrigin, shortLinkUrl } from "./paths";

describe("paths", () => {
  it("builds a short link's and a page's public URL on their domain", () => {
    expect(shortLinkUrl({ siteOrigin: "http://localhost:3000/", code: "Ab3_-x" })).toBe(
      "http://localhost:3000/s/Ab3_-x",
    );
    expect(shortLinkUrl({ host: "go.loja.com.br", siteOrigin: "https://atalho.app", code: "promo" })).toBe(
      "https://go.loja.com.br/s/promo",
    );
    expect(linkPageUrl({ host: null, siteOrigin: "https://atalho.app", slug: "minha-loja" })).toBe(
      "https://atalho.app/p/minha-loja",
    );
    expect(linkPageUrl({ host: "bio.loja.com.br", siteOrigin: "https://atalho.app", slug: "a b" })).toBe(
      "https://bio.loja.com.br/p/a%20b",
    );
    expect(publicOrigin(undefined, "https://atalho.app//")).toBe("https://atalho.app");
  });

  it("names the SPA's screens", () => {
    expect(paths.dashboard).toBe("/dashboard");
    expect(paths.editLinkPage(7)).toBe("/link-pages/7/edit");
  });
});
