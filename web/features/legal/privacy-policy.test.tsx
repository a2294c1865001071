import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../tests/web-fake-api";
import { PrivacyPolicy } from "./privacy-policy";

const CONTACT = "privacidade@exemplo.com.br";

const section = (name: string) => screen.getByRole("region", { name: new RegExp(`^\\d+\\. ${name}$`) });
const textOf = (name: string) => section(name).textContent ?? "";

beforeEach(() => {
  fakeApi({ "GET /api/auth/session": { body: { user: null } } });
  renderWithProviders(<PrivacyPolicy contactEmail={CONTACT} />, { route: "/privacy" });
});
afterEach(() => vi.unstubAllGlobals());

describe("PrivacyPolicy", () => {
  it("covers every point of spec section 2, each in the table of contents", () => {
    expect(screen.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeTruthy();
    expect(screen.getByText("19 de setembro de 2025")).toBeTruthy();
    const required = [
      "Dados que coletamos",
      "Com quem compartilhamos",
      "Por quanto tempo guardamos",
      "Seus direitos pela LGPD",
      "Menores de 18 anos",
      "Encarregado pelo tratamento de dados \\(DPO\\)",
    ];
    const toc = within(screen.getByRole("navigation", { name: "Nesta página" }));
    for (const title of required) {
      expect(section(title)).toBeTruthy();
      expect(toc.getByRole("link", { name: new RegExp(`${title}$`) })).toBeTruthy();
    }
  });

  it("says what the product keeps: clicks without IP, Argon2id, card numbers never", () => {
    const collected = textOf("Dados que coletamos");
    expect(collected).toContain("Os cliques são registrados sem o endereço IP.");
    expect(collected).toContain("nunca é gravado no banco de dados");
    for (const field of ["país", "domínio do site de onde o visitante veio", "navegador", "robô"]) {
      expect(collected).toContain(field);
    }
    expect(collected).toContain("Argon2id");
    expect(collected).toContain("nunca recebemos nem guardamos o número do seu cartão");
    expect(collected).toContain("Registro de auditoria");
  });

  it("shares with Mercado Pago and the host, and says how long each thing is kept", () => {
    const shared = textOf("Com quem compartilhamos");
    expect(shared).toContain("Mercado Pago");
    expect(shared).toContain("hospeda nossos servidores");
    expect(shared).toContain("Provedor de e-mail");
    const kept = within(section("Por quanto tempo guardamos"));
    const detail = (term: string) => kept.getByText(term).nextElementSibling?.textContent ?? "";
    expect(detail("Sessões")).toContain("Até 30 dias");
    expect(detail("Cliques")).toContain("histórico de análises do seu plano");
    expect(detail("Cliques")).toContain("30 dias depois, são apagados");
    expect(detail("Pagamentos")).toContain("são apagados com a conta");
    expect(detail("Conta")).toContain("Não excluímos contas por inatividade");
    expect(detail("Registro de auditoria")).toContain("Sem exclusão automática");
  });

  it("lists the cookie and the local storage it uses, and no trackers", () => {
    const cookies = textOf("Cookies e armazenamento no navegador");
    expect(cookies).toContain("atalho_session");
    expect(cookies).toContain("pwa-install-dismissed");
    expect(cookies).toContain("Não usamos cookies de publicidade ou de análise");
    expect(cookies).toContain("sem Google Fonts");
  });

  it("lists every right of LGPD art. 18 and how to exercise them", () => {
    const rights = textOf("Seus direitos pela LGPD");
    expect(rights).toContain("art. 18 da LGPD (Lei nº 13.709/2018)");
    for (const right of [
      "confirmação",
      "acesso",
      "correção",
      "anonimização",
      "portabilidade",
      "eliminação dos dados tratados com base no seu consentimento",
      "entidades públicas e privadas",
      "não dar consentimento",
      "revogação do consentimento",
    ]) {
      expect(rights).toContain(right);
    }
    expect(within(section("Seus direitos pela LGPD")).getByRole("link", { name: CONTACT })).toBeTruthy();
    expect(rights).toContain("ANPD");
  });

  it("names the data protection officer's contact and turns away minors", () => {
    const officer = within(section("Encarregado pelo tratamento de dados \\(DPO\\)"));
    expect(officer.getByRole("link", { name: CONTACT }).getAttribute("href")).toBe(`mailto:${CONTACT}`);
    expect(textOf("Menores de 18 anos")).toContain("só quem tem 18 anos ou mais pode criar uma conta");
    expect(
      within(screen.getByRole("main"))
        .getAllByRole("link", { name: "Termos de Uso" })
        .every((a) => a.getAttribute("href") === "/terms"),
    ).toBe(true);
  });
});
