import { ABUSE_MESSAGES, type BlockedDomain, type BlockedDomainsPage } from "@common/contract/abuse";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdmin } from "../../../../tests/web-admin-fixtures";
import { fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { BlockedDomains } from "./blocked-domains";

const entry = (id: number, over: Partial<BlockedDomain> = {}): BlockedDomain => ({
  id,
  domain: `golpe${id}.com`,
  display_domain: `golpe${id}.com`,
  reason: `Phishing ${id}`,
  created_at: "2026-11-24T01:50:00.000Z",
  created_by_email: "admin@exemplo.com",
  ...over,
});
const pageOf = (
  entries: BlockedDomain[],
  total = entries.length,
  page = 1,
): { body: BlockedDomainsPage } => ({
  body: { entries, total, page, page_size: 20 },
});
const form = () => within(screen.getByRole("form", { name: "Bloquear domínio" }));

describe("BlockedDomains", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each domain with its reason, date (Brasília) and who blocked it; the punycode beside the IDN", async () => {
    fakeApi({
      "GET /api/admin/blocked-domains": pageOf([
        entry(1),
        entry(2, { domain: "xn--ao-xla4a.com", display_domain: "ação.com", created_by_email: null }),
      ]),
    });
    renderAdmin(<BlockedDomains />);
    expect(await screen.findByText("golpe1.com")).toBeTruthy();
    expect(screen.getByText("Phishing 1")).toBeTruthy();
    expect(screen.getAllByText("23/11/2026, 22:50")[0]!.getAttribute("datetime")).toBe(
      "2026-11-24T01:50:00.000Z",
    );
    expect(screen.getByText(/por admin@exemplo\.com/)).toBeTruthy();
    expect(screen.getByText("xn--ao-xla4a.com")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Domínios bloqueados (2)" })).toBeTruthy();
  });

  it("shows the empty state, and a different one for a search with no match, searched on the server", async () => {
    const calls = fakeApi({ "GET /api/admin/blocked-domains": pageOf([]) });
    renderAdmin(<BlockedDomains />);
    expect(await screen.findByText("Nenhum domínio bloqueado.")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Buscar domínios bloqueados" }), {
      target: { value: "golpe" },
    });
    expect(await screen.findByText("Nenhum domínio bloqueado para esta busca.")).toBeTruthy();
    // The text follows the debounced search at once; the request for it is sent from the query's
    // effect after that render, so it is waited for, not assumed.
    await waitFor(() => {
      const last = calls.filter((c) => c.url.startsWith("/api/admin/blocked-domains?")).at(-1)!;
      expect(paramsOf(last).get("q")).toBe("golpe");
      expect(paramsOf(last).get("page")).toBe("1");
    });
  });

  it("shows a load failure with a retry", async () => {
    fakeApi({ "GET /api/admin/blocked-domains": { status: 500, body: { error: "Erro interno" } } });
    renderAdmin(<BlockedDomains />);
    expect((await screen.findByRole("alert")).textContent).toBe(ABUSE_MESSAGES.loadFailed);
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });

  it("pages through the list on the server", async () => {
    const calls = fakeApi({
      "GET /api/admin/blocked-domains": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return pageOf([entry(page)], 45, page);
      },
    });
    renderAdmin(<BlockedDomains />);
    await screen.findByText("golpe1.com");
    expect(screen.getByText("Página 1 de 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Página 3" }));
    expect(await screen.findByText("golpe3.com")).toBeTruthy();
    expect(paramsOf(calls.at(-1)!).get("page")).toBe("3");
  });

  it("checks the form before sending, then blocks with a toast and clears it", async () => {
    const calls = fakeApi({
      "GET /api/admin/blocked-domains": pageOf([]),
      "POST /api/admin/blocked-domains": {
        status: 201,
        body: { id: 9, domain: "golpe.com", reason: "Phishing", created_at: "2026-11-24T01:50:00.000Z" },
      },
    });
    renderAdmin(<BlockedDomains />);
    await screen.findByText("Nenhum domínio bloqueado.");
    fireEvent.click(form().getByRole("button", { name: "Bloquear domínio" }));
    expect(await form().findByText(ABUSE_MESSAGES.domainRequired)).toBeTruthy();
    expect(form().getByText(ABUSE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(form().getByLabelText("Domínio"), { target: { value: "https://golpe.com/login" } });
    fireEvent.change(form().getByLabelText("Motivo"), { target: { value: "Phishing" } });
    fireEvent.click(form().getByRole("button", { name: "Bloquear domínio" }));
    expect(await screen.findByText("Domínio bloqueado com sucesso! (golpe.com)")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      domain: "https://golpe.com/login",
      reason: "Phishing",
    });
    await waitFor(() => expect((form().getByLabelText("Domínio") as HTMLInputElement).value).toBe(""));
  });

  it("shows the server's refusal on the field and as a toast", async () => {
    fakeApi({
      "GET /api/admin/blocked-domains": pageOf([]),
      "POST /api/admin/blocked-domains": {
        status: 409,
        body: { error: ABUSE_MESSAGES.alreadyBlocked, details: { domain: ABUSE_MESSAGES.alreadyBlocked } },
      },
    });
    renderAdmin(<BlockedDomains />);
    await screen.findByText("Nenhum domínio bloqueado.");
    fireEvent.change(form().getByLabelText("Domínio"), { target: { value: "golpe.com" } });
    fireEvent.change(form().getByLabelText("Motivo"), { target: { value: "De novo" } });
    fireEvent.click(form().getByRole("button", { name: "Bloquear domínio" }));
    await waitFor(() => expect(screen.getAllByText(ABUSE_MESSAGES.alreadyBlocked)).toHaveLength(2));
    expect(form().getByLabelText("Domínio").getAttribute("aria-invalid")).toBe("true");
  });

  it("removes a domain only after confirmation", async () => {
    const calls = fakeApi({
      "GET /api/admin/blocked-domains": pageOf([entry(1)]),
      "DELETE /api/admin/blocked-domains/1": { body: { message: ABUSE_MESSAGES.unblocked } },
    });
    renderAdmin(<BlockedDomains />);
    const remove = await screen.findByRole("button", { name: "Desbloquear golpe1.com" });
    const question = () => within(screen.getByRole("alertdialog", { name: "Desbloquear golpe1.com?" }));
    fireEvent.click(remove);
    expect(question().getByText(ABUSE_MESSAGES.unblockConsequence)).toBeTruthy();
    fireEvent.click(question().getByRole("button", { name: "Cancelar" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(remove);
    fireEvent.click(question().getByRole("button", { name: "Desbloquear domínio" }));
    expect(await screen.findByText(ABUSE_MESSAGES.unblocked)).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      "/api/admin/blocked-domains/1",
    ]);
  });
});
