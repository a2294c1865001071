import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../tests/web-fake-api";
import { TermsOfUse } from "./terms-of-use";

const CONTACT = "contato@exemplo.com.br";

const section = (name: string) => screen.getByRole("region", { name: new RegExp(`^\\d+\\. ${name}$`) });

beforeEach(() => {
  fakeApi({ "GET /api/auth/session": { body: { user: null } } });
  renderWithProviders(<TermsOfUse contactEmail={CONTACT} />, { route: "/terms" });
});
afterEach(() => vi.unstubAllGlobals());

describe("TermsOfUse", () => {
  it("covers every point of spec section 2, each in the table of contents", () => {
    expect(screen.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeTruthy();
    expect(screen.getByText("19 de setembro de 2025")).toBeTruthy();
    const required = [
      "Aceitação dos termos",
      "Descrição do serviço",
      "Sua conta",
      "Uso aceitável",
      "Planos e pagamentos",
      "Limitação de responsabilidade",
      "Suspensão e encerramento",
      "Lei aplicável e foro",
    ];
    const toc = within(screen.getByRole("navigation", { name: "Nesta página" }));
    for (const title of required) {
      expect(section(title)).toBeTruthy();
      expect(toc.getByRole("link", { name: new RegExp(`${title}$`) })).toBeTruthy();
    }
  });

  it("says what billing really does: Mercado Pago, no refunds for used periods, cancel anytime", () => {
    const billing = section("Planos e pagamentos").textContent ?? "";
    expect(billing).toContain("processados pelo Mercado Pago, por Pix, cartão ou boleto");
    expect(billing).toContain("mensais ou anuais");
    expect(billing).toContain("não recebe nem guarda o número do seu cartão");
    expect(billing).toContain("Sem renovação automática");
    expect(billing).toContain("Você pode cancelar quando quiser, sem multa e sem fidelidade");
    expect(billing).toContain("continua com os recursos do plano até o fim do período já pago");
    expect(billing).toContain("Não reembolsamos períodos já utilizados");
    expect(billing).toContain("art. 49 do Código de Defesa do Consumidor");
    expect(billing).toContain("o plano pago termina na hora");
    expect(
      within(section("Planos e pagamentos")).getByRole("link", { name: "Preços" }).getAttribute("href"),
    ).toBe("/pricing");
  });

  it("requires adults, names Brazilian law and the user's forum", () => {
    expect(section("Sua conta").textContent).toContain("ter 18 anos ou mais");
    const law = section("Lei aplicável e foro").textContent ?? "";
    expect(law).toContain("leis da República Federativa do Brasil");
    expect(law).toContain("Lei nº 13.709/2018");
    expect(law).toContain("foro da comarca do seu domicílio");
  });

  it("links the privacy policy and the contact address", () => {
    expect(
      within(screen.getByRole("main"))
        .getAllByRole("link", { name: "Política de Privacidade" })
        .every((a) => a.getAttribute("href") === "/privacy"),
    ).toBe(true);
    const contact = within(section("Contato")).getByRole("link", { name: CONTACT });
    expect(contact.getAttribute("href")).toBe(`mailto:${CONTACT}`);
  });
});
