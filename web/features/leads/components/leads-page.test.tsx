import type { UsageLimits } from "@common/contract/billing";
import { LEAD_MESSAGES, type Lead, type LeadList } from "@common/contract/leads";
import { addDays, dayOf } from "@common/time";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ConfirmProvider } from "@web/components/ui/confirm-dialog";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Call, fakeApi, paramsOf, testQueryClient } from "../../../../tests/web-fake-api";
import { type LeadPageOption, LeadsPage, OVER_LIMIT_UNKNOWN } from "./leads-page";

const PAGES: LeadPageOption[] = [
  { id: 3, title: "Doces da Ana" },
  { id: 5, title: "Ana Fotografia" },
];

const lead = (id: number, over: Partial<Lead> = {}): Lead => ({
  id,
  link_page_id: 3,
  name: `Pessoa ${id}`,
  email: `pessoa${id}@exemplo.com`,
  phone: "+5511987654321",
  created_at: "2026-11-24T01:50:00.000Z",
  consent_at: "2026-11-24T01:50:00.000Z",
  consent_text: "Concordo em enviar meus dados a Doces da Ana para ser contatado(a).",
  consent_version: 2,
  ...over,
});

const pageOf = (items: Lead[], over: Partial<LeadList> = {}): { body: LeadList } => ({
  body: { items, total: items.length, page: 1, page_size: 20, hidden: 0, ...over },
});

const usage = (leadLimit: number | null): UsageLimits => ({
  link_pages: { used: 1, limit: 3 },
  shortened_urls: { used: 0, limit: 50 },
  clicks_this_month: { used: 0, limit: 1000 },
  leads_this_month: { used: 54, limit: leadLimit },
});

const lists = (calls: Call[]) => calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/leads?"));
const lastList = (calls: Call[]) => paramsOf(lists(calls).at(-1)!);

function renderLeads(props: { pages?: LeadPageOption[] } = {}) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ConfirmProvider>
          <LeadsPage pages={props.pages ?? PAGES} />
        </ConfirmProvider>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = async (text: string) => within((await screen.findByText(text)).closest("tr")!);

afterEach(() => vi.unstubAllGlobals());

describe("LeadsPage", () => {
  it("shows each contact's name, e-mail, WhatsApp, page and time, and its consent in a dialog", async () => {
    fakeApi({
      "GET /api/leads": pageOf([
        lead(1),
        lead(2, { name: null, phone: null, link_page_id: null, email: "semnome@exemplo.com" }),
        lead(3, { email: null, link_page_id: 5 }),
      ]),
    });
    renderLeads();
    const first = await rowOf("Pessoa 1");
    expect(first.getByRole("link", { name: "pessoa1@exemplo.com" }).getAttribute("href")).toBe(
      "mailto:pessoa1@exemplo.com",
    );
    expect(first.getByRole("link", { name: "(11) 98765-4321" }).getAttribute("href")).toBe(
      "https://wa.me/5511987654321",
    );
    expect(first.getByText("Doces da Ana")).toBeTruthy();
    expect(first.getByText("23/11/2026 22:50").getAttribute("datetime")).toBe("2026-11-24T01:50:00.000Z");
    const second = await rowOf("semnome@exemplo.com");
    expect(second.getByText("Sem nome")).toBeTruthy();
    expect(second.getByText("Página excluída")).toBeTruthy();
    expect((await rowOf("Pessoa 3")).getByText("Ana Fotografia")).toBeTruthy();
    expect(screen.getByText("3 contatos")).toBeTruthy();

    fireEvent.click(first.getByRole("button", { name: "Consentimento de Pessoa 1" }));
    const dialog = screen.getByRole("dialog", { name: "Consentimento" });
    expect(within(dialog).getByText(lead(1).consent_text)).toBeTruthy();
    expect(within(dialog).getByText("2")).toBeTruthy();
    expect(within(dialog).getByText("23/11/2026 22:50")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("searches, filters by page and period on the server, and pages, back to page 1 on each change", async () => {
    const calls = fakeApi({
      "GET /api/leads": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return pageOf([lead(page)], { total: 45, page });
      },
    });
    renderLeads();
    await screen.findByText("Pessoa 1");
    expect(lastList(calls).toString()).toBe("page=1");
    expect(screen.getByText("Página 1 de 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Página 3" }));
    await screen.findByText("Pessoa 3");
    expect(lastList(calls).get("page")).toBe("3");

    fireEvent.change(screen.getByLabelText("Buscar"), { target: { value: " maria " } });
    await waitFor(() => expect(lastList(calls).get("q")).toBe("maria"));
    expect(lastList(calls).get("page")).toBe("1");

    fireEvent.change(screen.getByLabelText("Página"), { target: { value: "5" } });
    await waitFor(() => expect(lastList(calls).get("link_page_id")).toBe("5"));
    expect(screen.getByRole("option", { name: "Todas as páginas" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Últimos 7 dias" }));
    const today = dayOf(Date.now());
    await waitFor(() => expect(lastList(calls).get("from")).toBe(addDays(today, -6)));
    expect(lastList(calls).get("to")).toBe(today);

    fireEvent.click(screen.getByRole("button", { name: "Escolher datas" }));
    fireEvent.change(screen.getByLabelText("De"), { target: { value: "2026-06-01" } });
    fireEvent.change(screen.getByLabelText("Até"), { target: { value: "2026-06-30" } });
    await waitFor(() => expect(lastList(calls).get("to")).toBe("2026-06-30"));
    expect(lastList(calls).toString()).toBe("q=maria&link_page_id=5&from=2026-06-01&to=2026-06-30&page=1");
    expect(screen.getByText(/com estes filtros/)).toBeTruthy();

    // The CSV carries the same filters, without the page.
    expect(screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")).toBe(
      "/api/leads/export.csv?q=maria&link_page_id=5&from=2026-06-01&to=2026-06-30",
    );

    // A reversed period is said, not sent, and has no CSV.
    const sent = lists(calls).length;
    fireEvent.change(screen.getByLabelText("De"), { target: { value: "2026-07-10" } });
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "A data final deve ser igual ou posterior à data inicial.",
    );
    expect(screen.getByText("Exportar CSV").closest("a")!.getAttribute("aria-disabled")).toBe("true");
    expect(lists(calls)).toHaveLength(sent);

    fireEvent.click(screen.getByRole("button", { name: "Limpar filtros" }));
    await waitFor(() => expect(lastList(calls).toString()).toBe("page=1"));
    expect(screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")).toBe(
      "/api/leads/export.csv",
    );
  });

  it("deletes one contact through the dialog that names it", async () => {
    let items = [lead(1), lead(2)];
    const calls = fakeApi({
      "GET /api/leads": () => pageOf(items),
      "DELETE /api/leads/2": () => {
        items = items.filter((item) => item.id !== 2);
        return { status: 204 };
      },
    });
    renderLeads();
    fireEvent.click((await rowOf("Pessoa 2")).getByRole("button", { name: "Excluir Pessoa 2" }));
    const dialog = screen.getByRole("alertdialog", { name: "Excluir “Pessoa 2”?" });
    expect(within(dialog).getByText(LEAD_MESSAGES.confirmDelete("Pessoa 2"))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir contato" }));
    expect(await screen.findByText(LEAD_MESSAGES.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Pessoa 2")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/leads/2"]);
  });

  it("says a failed delete in the dialog, to try again", async () => {
    fakeApi({
      "GET /api/leads": pageOf([lead(1)]),
      "DELETE /api/leads/1": { status: 500, body: { error: "boom" } },
    });
    renderLeads();
    fireEvent.click((await rowOf("Pessoa 1")).getByRole("button", { name: "Excluir Pessoa 1" }));
    const dialog = screen.getByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir contato" }));
    expect(await within(dialog).findByText(LEAD_MESSAGES.deleteFailed)).toBeTruthy();
  });

  it("deletes every contact, hidden ones counted, only with no filter on", async () => {
    let items = [lead(1), lead(2)];
    let hidden = 1;
    const calls = fakeApi({
      "GET /api/leads": (call) =>
        paramsOf(call).get("q") ? pageOf([]) : pageOf(items, { total: items.length, hidden }),
      "DELETE /api/leads": () => {
        const deleted = items.length + hidden;
        items = [];
        hidden = 0;
        return { body: { message: LEAD_MESSAGES.allDeleted, deleted } };
      },
    });
    renderLeads();
    await screen.findByText("Pessoa 1");
    fireEvent.change(screen.getByLabelText("Buscar"), { target: { value: "zz" } });
    expect(await screen.findByText("Nenhum contato encontrado")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Excluir todos" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Limpar filtros" }));

    fireEvent.click(await screen.findByRole("button", { name: "Excluir todos" }));
    const dialog = screen.getByRole("alertdialog", { name: "Excluir todos os contatos?" });
    expect(within(dialog).getByText(LEAD_MESSAGES.confirmDeleteAll(3))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir todos" }));
    expect(await screen.findByText(LEAD_MESSAGES.allDeleted)).toBeTruthy();
    expect(await screen.findByText("Nenhum contato ainda")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/leads"]);
  });

  it("tells of contacts kept past the plan's limit, with the limit when it is known", async () => {
    fakeApi({
      "GET /api/leads": pageOf([lead(1)], { hidden: 4 }),
      "GET /api/user/limits": { body: usage(50) },
    });
    renderLeads();
    expect(await screen.findByText(LEAD_MESSAGES.overLimit(50))).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver planos" }).getAttribute("href")).toBe("/pricing");
  });

  it("tells of contacts kept past the limit without its number when it is not known", async () => {
    fakeApi({
      "GET /api/leads": pageOf([], { hidden: 2 }),
      "GET /api/user/limits": { status: 500, body: { error: "boom" } },
    });
    renderLeads();
    expect(await screen.findByText(OVER_LIMIT_UNKNOWN)).toBeTruthy();
    expect(screen.getByText("Nenhum contato para mostrar")).toBeTruthy();
  });

  it("says how to get contacts when there are none, with a way to the pages", async () => {
    fakeApi({ "GET /api/leads": pageOf([]) });
    renderLeads();
    expect(await screen.findByText("Nenhum contato ainda")).toBeTruthy();
    expect(screen.getByText(/Adicione um bloco Formulário de contato a uma página Link Bio/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir para Link Bio" }).getAttribute("href")).toBe("/link-pages");
    expect(screen.queryByRole("button", { name: "Excluir todos" })).toBeNull();
    expect(screen.queryByText(OVER_LIMIT_UNKNOWN)).toBeNull();
  });

  it("says a failed load, with a retry", async () => {
    fakeApi({ "GET /api/leads": { status: 500, body: { error: "boom" } } });
    renderLeads();
    expect(await screen.findByText(LEAD_MESSAGES.loadFailed)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });
});
