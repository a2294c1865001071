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
    expect(screen.getByText("28 de novembro de 2026").getAttribute("datetime")).toBe("2026-11-28");
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
    // Sessions keep no IP nor device.
    expect(collected).toContain("A sessão não guarda o IP, o aparelho nem o navegador.");
  });

  it("says what a recovery revokes, and that keys and webhooks wait for a confirmed address", () => {
    const security = textOf("Segurança");
    expect(security).toContain(
      "recuperar a conta por “Esqueceu sua senha?” encerra todas as sessões, invalida os links enviados antes por e-mail, revoga todas as chaves de API e desliga todos os webhooks",
    );
    expect(security).toContain("só podem ser criados depois que o e-mail da conta é confirmado");
  });

  it("says what the Marco Civil access log keeps, who reads it, for how long, and what it leaves out", () => {
    const collected = within(section("Dados que coletamos"));
    expect(collected.getByText("Registros de acesso (Marco Civil da Internet)")).toBeTruthy();
    const text = textOf("Dados que coletamos");
    expect(text).toContain("art. 15 do Marco Civil da Internet (Lei nº 12.965/2014)");
    for (const event of [
      "login (com senha ou com o Google",
      "logout",
      "troca ou redefinição de senha",
      "troca de e-mail",
      "vínculo ou desvínculo da conta Google",
      "exclusão da conta",
      "o endereço IP e a porta de origem da conexão",
      "a data e a hora, ao segundo",
      "Tentativas de login que falham não entram nesse registro",
      "só o administrador",
      "por ordem judicial",
    ]) {
      expect(text).toContain(event);
    }
    const kept = within(section("Por quanto tempo guardamos"));
    const access = kept.getByText("Registros de acesso").nextElementSibling?.textContent ?? "";
    expect(access).toContain("6 meses");
    expect(access).toContain("apagados automaticamente");
    expect(access).toContain("mesmo que a conta seja excluída");
    expect(textOf("Com quem compartilhamos")).toContain(
      "Os registros de acesso só são entregues por ordem judicial",
    );
    expect(textOf("Para que usamos os dados")).toContain("art. 15 do Marco Civil da Internet");
  });

  it("says how to download everything and delete the account, and what the law keeps after", () => {
    const rights = textOf("Seus direitos pela LGPD");
    expect(rights).toContain("Baixar meus dados");
    expect(rights).toContain("os seus registros de acesso) em um arquivo JSON");
    expect(rights).toContain("Meu Perfil → Excluir minha conta");
    expect(rights).toContain("apaga de uma vez");
    expect(rights).toContain("os registros de acesso, até completarem 6 meses");
    expect(rights).toContain("anonimizados, sem seu nome nem e-mail, por 5 anos");
    expect(rights).toContain("arts. 173 e 174");
    expect(rights).not.toContain("feita por nós, a pedido");
  });

  it("shares with Mercado Pago and the host, and says how long each thing is kept", () => {
    const shared = textOf("Com quem compartilhamos");
    expect(shared).toContain("Mercado Pago");
    expect(shared).toContain("hospeda nossos servidores");
    expect(shared).toContain("Provedor de e-mail");
    expect(shared).not.toContain("não envia e-mails");
    expect(shared).toContain("Google");
    const kept = within(section("Por quanto tempo guardamos"));
    const detail = (term: string) => kept.getByText(term).nextElementSibling?.textContent ?? "";
    expect(detail("Sessões")).toContain("Até 30 dias");
    expect(detail("Cliques")).toContain("histórico de análises do seu plano");
    expect(detail("Cliques")).toContain("30 dias depois, são apagados");
    expect(detail("Pagamentos")).toContain("ficam anonimizados");
    expect(detail("Pagamentos")).toContain("por 5 anos");
    expect(detail("Pagamentos")).toContain("sem o seu nome, e-mail");
    expect(detail("Sessões")).toContain("apagadas por uma rotina automática");
    expect(detail("Conta")).toContain("Não excluímos contas por inatividade");
    expect(detail("Registro de auditoria")).toContain("Sem exclusão automática");
  });

  it("says the forms' contacts are processed for the page's owner (operador), how and how long", () => {
    const contacts = textOf("Contatos recebidos pelos formulários das páginas");
    expect(contacts).toContain("o dono da página é o controlador e o Atalho é o operador");
    expect(contacts).toContain("nunca os usamos para nenhuma outra finalidade");
    expect(contacts).toContain("o texto exato que ela aceitou, com a sua versão");
    expect(contacts).toContain("Não guardamos o endereço IP");
    expect(contacts).toContain("até o dono da página excluí-los ou excluir a conta");
    const kept = within(section("Por quanto tempo guardamos"));
    expect(kept.getByText("Contatos dos formulários").nextElementSibling?.textContent).toContain(
      "Até o dono da página excluí-los",
    );
    expect(textOf("Seus direitos pela LGPD")).toContain("contatos recebidos pelos formulários");
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
