import type { AdminSetupStatus } from "@common/contract/admin";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config, definitionListChildren, renderAdmin, stats } from "../../../../tests/web-admin-fixtures";
import { fakeApi } from "../../../../tests/web-fake-api";
import { AdminOverview, cancellationsNote, newUsersNote } from "./admin-overview";
import { feeAndNet } from "./platform-fee";

const card = (label: string) => screen.getByText(label).closest<HTMLElement>("dl > div")!;

describe("AdminOverview", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the four figures in pt-BR with this month's changes", async () => {
    fakeApi({
      "GET /api/admin/system-config": { body: config() },
    });
    renderAdmin(<AdminOverview stats={stats} />);
    expect(await screen.findByText("12.345")).toBeTruthy();
    expect(within(card("Total de Usuários")).getByText("+87 novos este mês")).toBeTruthy();
    expect(within(card("Assinaturas Ativas")).getByText("321")).toBeTruthy();
    expect(within(card("Assinaturas Ativas")).getByText("−4 cancelamentos este mês")).toBeTruthy();
    expect(within(card("Receita Total")).getByText("R$ 1.234.567,89")).toBeTruthy();
    expect(within(card("Total de Cliques")).getByText("9.876.543")).toBeTruthy();
    expect(new Set(definitionListChildren())).toEqual(new Set(["dt", "dd"]));
  });

  it("shows the system status with the fee and the net", async () => {
    fakeApi({
      "GET /api/admin/system-config": {
        body: config({ maintenance_mode: true, registration_enabled: false, platform_fee_percentage: 7.5 }),
      },
    });
    renderAdmin(<AdminOverview stats={stats} />);
    const status = screen.getByRole("region", { name: "Status do Sistema" });
    expect(await within(status).findByText("7,5%")).toBeTruthy();
    expect(within(status).getByText("(líquido 92,5%)")).toBeTruthy();
    expect(within(status).getByText("Ativo")).toBeTruthy();
    expect(within(status).getByText("Fechados")).toBeTruthy();
    expect(within(status).getByRole("link", { name: "Alterar" }).getAttribute("href")).toBe(
      "/admin?tab=configuracoes",
    );
  });

  it("says Desativado and Abertos, and 5% leaves 95% (spec 9)", async () => {
    fakeApi({
      "GET /api/admin/system-config": { body: config() },
    });
    renderAdmin(<AdminOverview stats={stats} />);
    const status = screen.getByRole("region", { name: "Status do Sistema" });
    expect(await within(status).findByText("Desativado")).toBeTruthy();
    expect(within(status).getByText("Abertos")).toBeTruthy();
    expect(within(status).getByText("(líquido 95%)")).toBeTruthy();
    expect(feeAndNet(0)).toEqual({ fee: "0%", net: "100%" });
    expect(feeAndNet(12.25)).toEqual({ fee: "12,25%", net: "87,75%" });
  });

  it("lists what a fresh server still needs, each with its state, its variables and its README section", async () => {
    fakeApi({
      "GET /api/admin/system-config": { body: config() },
      "GET /api/admin/setup-status": {
        body: { payments: "none", email: "outbox", https: false, google: false } satisfies AdminSetupStatus,
      },
    });
    renderAdmin(<AdminOverview stats={stats} />);
    const setup = screen.getByRole("region", { name: "Configuração do servidor" });
    expect(await within(setup).findByText("0 de 4 prontos")).toBeTruthy();
    const item = (name: string) => within(within(setup).getByRole("listitem", { name }));

    const payments = item("Pagamentos (Mercado Pago)");
    expect(payments.getByText("Não configurado")).toBeTruthy();
    expect(payments.getByText(/os planos pagos mostram 'Fale conosco'/)).toBeTruthy();
    expect(payments.getByText("MP_ACCESS_TOKEN")).toBeTruthy();
    expect(payments.getByText("MP_WEBHOOK_SECRET")).toBeTruthy();
    expect(payments.getByText("README: Product decisions › Billing")).toBeTruthy();

    const email = item("E-mail");
    expect(email.getByText("Caixa de saída local")).toBeTruthy();
    expect(email.getByText("SMTP_URL")).toBeTruthy();
    expect(email.getByText("README: Product decisions › E-mail")).toBeTruthy();

    const https = item("HTTPS e domínio");
    expect(https.getByText("Pendente")).toBeTruthy();
    expect(https.getByText("PUBLIC_URL")).toBeTruthy();
    expect(https.getByText("README: Automatic HTTPS (Caddy)")).toBeTruthy();

    const google = item("Login com Google");
    expect(google.getByText("Desativado")).toBeTruthy();
    expect(google.getByText("GOOGLE_CLIENT_ID")).toBeTruthy();
    expect(google.getByText("README: Product decisions › Google sign-in")).toBeTruthy();
  });

  it("says what is ready: Mercado Pago, SMTP, HTTPS, Google; the dev checkout is only for tests", async () => {
    let status: AdminSetupStatus = { payments: "mercadopago", email: "smtp", https: true, google: true };
    fakeApi({
      "GET /api/admin/system-config": { body: config() },
      "GET /api/admin/setup-status": () => ({ body: status }),
    });
    const view = renderAdmin(<AdminOverview stats={stats} />);
    const setup = () => within(screen.getByRole("region", { name: "Configuração do servidor" }));
    expect(await setup().findByText("4 de 4 prontos")).toBeTruthy();
    expect(setup().getAllByText("Configurado")).toHaveLength(3);
    expect(setup().getByText("SMTP")).toBeTruthy();
    view.unmount();

    status = { ...status, payments: "dev" };
    renderAdmin(<AdminOverview stats={stats} />);
    expect(await setup().findByText("3 de 4 prontos")).toBeTruthy();
    expect(setup().getByText("Checkout de testes")).toBeTruthy();
  });

  it("says so when the server's setup cannot be read", async () => {
    fakeApi({
      "GET /api/admin/system-config": { body: config() },
      "GET /api/admin/setup-status": { status: 500, body: {} },
    });
    renderAdmin(<AdminOverview stats={stats} />);
    const setup = screen.getByRole("region", { name: "Configuração do servidor" });
    expect(
      await within(setup).findByText("Não foi possível carregar a configuração do servidor."),
    ).toBeTruthy();
  });

  it("says one and none in words", () => {
    expect(newUsersNote(1)).toBe("+1 novo este mês");
    expect(newUsersNote(0)).toBe("Nenhum novo este mês");
    expect(newUsersNote(1200)).toBe("+1.200 novos este mês");
    expect(cancellationsNote(1)).toBe("−1 cancelamento este mês");
    expect(cancellationsNote(0)).toBe("Nenhum cancelamento este mês");
  });
});
