import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { countryFlagUrl, countryName } from "./country";
import { CountryLabel } from "./country-label";

describe("country", () => {
  it("names countries in pt-BR", () => {
    expect(countryName("BR")).toBe("Brasil");
    expect(countryName("us")).toBe("Estados Unidos");
    expect(countryName(null)).toBe("Desconhecido");
    expect(countryName("B1")).toBe("Desconhecido");
  });

  it("finds each country's SVG flag, in any case, and none for unknown codes", () => {
    expect(countryFlagUrl("BR")).toMatch(/\/BR[^/]*\.svg/);
    expect(countryFlagUrl("pt")).toMatch(/\/PT[^/]*\.svg/);
    for (const code of [null, undefined, "", "ZZ", "BRA", "../x"]) expect(countryFlagUrl(code)).toBeNull();
  });

  it("shows the flag as decoration beside the name", () => {
    const { container } = render(<CountryLabel code="BR" />);
    const flag = container.querySelector("img")!;
    expect(flag.getAttribute("src")).toMatch(/\/BR[^/]*\.svg/);
    expect(flag.getAttribute("alt")).toBe("");
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.textContent).toBe("Brasil");
  });

  it("shows a neutral globe for an unknown country", () => {
    const { container } = render(<CountryLabel code={null} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(container.textContent).toBe("Desconhecido");
  });
});
