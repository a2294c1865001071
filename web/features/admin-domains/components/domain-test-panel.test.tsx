import { DOMAIN_MESSAGES } from "@common/contract/domains";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdmin } from "../../../../tests/web-admin-fixtures";
import { fakeApi } from "../../../../tests/web-fake-api";
import { customDomain, testResult } from "./custom-domains.test-helper";
import { DomainSetupModal, recordFor } from "./domain-setup-modal";
import { DomainTestModal, DomainTestResultView } from "./domain-test-panel";
import { TEST_STATUS_LABELS } from "./domain-texts";

const section = (name: string) => within(screen.getByRole("region", { name }));
const value = (root: ReturnType<typeof within>, term: string) =>
  root.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("DomainTestResultView", () => {
  it("shows the status, DNS found against expected, the certificate, usage and sample URLs", () => {
    render(<DomainTestResultView result={testResult()} />);
    expect(screen.getByText("Aguardando propagação")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Certificado emitido para outro nome");

    const dns = section("DNS");
    expect(value(dns, "Configurado")).toBe("Sim");
    expect(value(dns, "A encontrado")).toBe("203.0.113.10");
    expect(value(dns, "AAAA encontrado")).toBe("nenhum");
    expect(value(dns, "AAAA esperado")).toBe("2001:db8::10");
    expect(value(dns, "CNAME esperado")).toBe("app.atalho.test");

    const ssl = section("Certificado SSL");
    expect(value(ssl, "Válido")).toBe("Não");
    expect(value(ssl, "Emissor")).toBe("Caddy Local Authority");
    expect(value(ssl, "Expira em")).toBe("20 de fevereiro de 2027");
    expect(value(ssl, "Dias restantes")).toBe("88 dias");
    expect(value(ssl, "Erro")).toBe("certificado autoassinado");

    const usage = section("Uso");
    expect(value(usage, "Páginas")).toBe("3 páginas");
    expect(value(usage, "Links")).toBe("1 link");
    expect(
      screen.getByRole("link", { name: "https://links2.exemplo.com.br/p/loja" }).getAttribute("href"),
    ).toBe("https://links2.exemplo.com.br/p/loja");
    expect(screen.getByRole("link", { name: "https://links2.exemplo.com.br/s/abc123" })).toBeTruthy();
  });

  it("names every status in Portuguese, and leaves out what is missing", () => {
    for (const status of [
      "valid",
      "pending",
      "invalid_configuration",
      "conflicting_records",
      "not_found",
    ] as const) {
      const { unmount } = render(
        <DomainTestResultView
          result={testResult({
            status,
            test_urls: { sample_link_page: null, sample_short_url: null },
            ssl: { valid: false, issuer: null, valid_to: null, days_remaining: null, error: null },
          })}
        />,
      );
      expect(screen.getByText(TEST_STATUS_LABELS[status])).toBeTruthy();
      expect(screen.queryByRole("region", { name: "URLs de exemplo" })).toBeNull();
      expect(value(section("Certificado SSL"), "Emissor")).toBe("—");
      unmount();
    }
  });
});

describe("DomainTestModal", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("runs the test with a spinner, shows the result, and runs it again on request", async () => {
    let answer: () => void = () => {};
    const calls = fakeApi({
      "GET /api/admin/test-domain/2": () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: testResult({ status: "valid" }) });
        }),
    });
    renderAdmin(<DomainTestModal domain={customDomain(2)} onClose={() => {}} />);
    expect((await screen.findByRole("status")).textContent).toContain("Testando DNS e HTTPS");
    answer();
    expect(await screen.findByText("Configurado corretamente")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Testar novamente" }));
    expect(await screen.findByRole("status")).toBeTruthy();
    answer();
    expect(await screen.findByText("Configurado corretamente")).toBeTruthy();
    expect(calls.filter((call) => call.url === "/api/admin/test-domain/2")).toHaveLength(2);
  });

  it("says the test failed: the server's reason, its fallback, or the connection", async () => {
    let reply: { status?: number; body?: unknown; networkError?: boolean } = {
      status: 404,
      body: { error: DOMAIN_MESSAGES.notFound },
    };
    fakeApi({ "GET /api/admin/test-domain/2": () => reply });
    renderAdmin(<DomainTestModal domain={customDomain(2)} onClose={() => {}} />);
    expect((await screen.findByRole("alert")).textContent).toBe(DOMAIN_MESSAGES.notFound);

    reply = { status: 500, body: {} };
    fireEvent.click(screen.getByRole("button", { name: "Testar novamente" }));
    expect(await screen.findByText(DOMAIN_MESSAGES.testFailed)).toBeTruthy();

    reply = { networkError: true };
    fireEvent.click(screen.getByRole("button", { name: "Testar novamente" }));
    expect(await screen.findByText(DOMAIN_MESSAGES.testConnectionFailed)).toBeTruthy();
  });
});

describe("DomainSetupModal", () => {
  it("tells a root domain from a subdomain, two-label suffixes included", () => {
    expect(recordFor("empresa.com.br")).toEqual({ type: "A", name: "@" });
    expect(recordFor("empresa.com")).toEqual({ type: "A", name: "@" });
    expect(recordFor("links.empresa.com.br")).toEqual({ type: "CNAME", name: "links" });
    expect(recordFor("a.b.empresa.io")).toEqual({ type: "CNAME", name: "a.b" });
  });

  it("gives the CNAME to our host with copy buttons, Cloudflare's TTL and the delays", async () => {
    renderAdmin(<DomainSetupModal domain={customDomain(2)} onClose={() => {}} />);
    const dialog = within(screen.getByRole("dialog", { name: "Instruções de configuração" }));
    const record = within(dialog.getByRole("region", { name: "Registro CNAME" }));
    expect(value(record, "Nome")).toContain("links2");
    expect(value(record, "Valor")).toContain(window.location.hostname);
    expect(value(record, "TTL")).toBe("Auto (com proxy) ou 300 (só DNS)");
    expect(dialog.getByText(/o TTL fica em "Auto"/)).toBeTruthy();
    expect(dialog.getByText(/até 24 horas/)).toBeTruthy();
    expect(dialog.getByText(/2 a 10 minutos/)).toBeTruthy();
    expect(dialog.getByText(/1 a 4 horas úteis/)).toBeTruthy();

    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    fireEvent.click(record.getByRole("button", { name: "Copiar valor" }));
    expect(await record.findByRole("button", { name: "Copiado!" })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(window.location.hostname);
    vi.unstubAllGlobals();
  });

  it("gives an A record to the server's IP for a root domain", () => {
    renderAdmin(
      <DomainSetupModal
        domain={customDomain(3, { domain: "xn--caf-dma.com.br", domain_unicode: "café.com.br" })}
        onClose={() => {}}
      />,
    );
    const record = within(screen.getByRole("region", { name: "Registro A" }));
    expect(value(record, "Nome")).toContain("@");
    expect(value(record, "Valor")).toContain("o IP do servidor");
    expect(screen.getAllByText("café.com.br").length).toBeGreaterThan(0);
  });
});
