import { LINK_REPORT_MESSAGES, type LinkReport, type LinkReportPage } from "@common/contract/link-reports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdmin } from "../../../../tests/web-admin-fixtures";
import { type Call, fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { BLOCK_DOMAIN_CONSEQUENCE, DELETE_LINK_CONSEQUENCE, LinkReports } from "./link-reports";

const report = (id: number, over: Partial<LinkReport> = {}): LinkReport => ({
  id,
  url: `https://golpe${id}.exemplo.net/pix`,
  reason: "phishing",
  details: "",
  reporter_email: null,
  status: "open",
  created_at: "2026-11-24T01:50:00.000Z",
  resolved_at: null,
  resolved_by_email: null,
  short_link: null,
  ...over,
});
const pageOf = (reports: LinkReport[], total = reports.length, page = 1): { body: LinkReportPage } => ({
  body: { reports, total, page, page_size: 20 },
});
const ourLink = report(2, {
  url: "https://atalho.exemplo.com.br/s/abc",
  reason: "malware",
  details: "Baixa um arquivo estranho",
  reporter_email: "quem@exemplo.com",
  short_link: {
    id: 77,
    exists: true,
    short_url: "https://atalho.exemplo.com.br/s/abc",
    original_url: "https://virus.exemplo.org/baixar",
    owner_email: "dono@exemplo.com",
  },
});
const cardOf = (id: number) => within(screen.getByRole("listitem", { name: `Denúncia #${id}` }));
const findCard = async (id: number) =>
  within(await screen.findByRole("listitem", { name: `Denúncia #${id}` }));
const lists = (calls: Call[]) =>
  calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/admin/link-reports"));

describe("LinkReports", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the open reports with reason, details, e-mail, date and our short link's owner and target", async () => {
    const calls = fakeApi({ "GET /api/admin/link-reports": pageOf([report(1), ourLink]) });
    renderAdmin(<LinkReports />);
    expect(await screen.findByRole("heading", { level: 2, name: "Denúncias (2)" })).toBeTruthy();
    expect(paramsOf(lists(calls)[0]!).get("status")).toBe("open");

    const first = cardOf(1);
    expect(first.getByText("Golpe ou phishing")).toBeTruthy();
    expect(first.getByText("https://golpe1.exemplo.net/pix")).toBeTruthy();
    expect(first.getByText("Não informado")).toBeTruthy();
    expect(first.getByText("23/11/2026 22:50")).toBeTruthy();
    expect(first.queryByRole("button", { name: "Excluir link" })).toBeNull();
    expect(first.getByRole("button", { name: "Bloquear domínio" })).toBeTruthy();

    const second = cardOf(2);
    expect(second.getByText("Vírus ou malware")).toBeTruthy();
    expect(second.getByText("Baixa um arquivo estranho")).toBeTruthy();
    expect(second.getByRole("link", { name: "quem@exemplo.com" }).getAttribute("href")).toBe(
      "mailto:quem@exemplo.com",
    );
    expect(second.getByText("dono@exemplo.com")).toBeTruthy();
    expect(second.getByText("https://virus.exemplo.org/baixar")).toBeTruthy();
    expect(second.getByRole("button", { name: "Excluir link" })).toBeTruthy();
  });

  it("filters by status on the server, from page 1, and pages", async () => {
    const calls = fakeApi({
      "GET /api/admin/link-reports": (call) => {
        const params = paramsOf(call);
        const page = Number(params.get("page"));
        const status = params.get("status") as LinkReport["status"];
        return pageOf([report(page, { status })], 45, page);
      },
    });
    renderAdmin(<LinkReports />);
    await screen.findByText("Página 1 de 3");
    fireEvent.click(screen.getByRole("button", { name: "Página 2" }));
    await waitFor(() => expect(paramsOf(lists(calls).at(-1)!).get("page")).toBe("2"));
    fireEvent.click(screen.getByRole("button", { name: "Descartadas" }));
    await waitFor(() => expect(paramsOf(lists(calls).at(-1)!).toString()).toBe("status=dismissed&page=1"));
    expect(screen.getByRole("button", { name: "Descartadas" }).getAttribute("aria-pressed")).toBe("true");
    // A closed report has no actions, only who closed it.
    await screen.findByText("Descartada");
    expect(screen.queryByRole("button", { name: "Descartar" })).toBeNull();
  });

  it("says who closed a report and when", async () => {
    fakeApi({
      "GET /api/admin/link-reports": pageOf([
        report(3, {
          status: "actioned",
          resolved_by_email: "admin@exemplo.com",
          resolved_at: "2026-11-24T12:00:00.000Z",
        }),
      ]),
    });
    renderAdmin(<LinkReports />);
    expect(await screen.findByText("Resolvida por admin@exemplo.com em 24/11/2026 09:00")).toBeTruthy();
  });

  it("dismisses and resolves with PATCH, then reloads the queue", async () => {
    const calls = fakeApi({
      "GET /api/admin/link-reports": pageOf([report(1), report(4)]),
      "PATCH /api/admin/link-reports/1": { body: { message: LINK_REPORT_MESSAGES.dismissed } },
      "PATCH /api/admin/link-reports/4": { body: { message: LINK_REPORT_MESSAGES.actioned } },
    });
    renderAdmin(<LinkReports />);
    await screen.findByText("https://golpe1.exemplo.net/pix");
    fireEvent.click(cardOf(1).getByRole("button", { name: "Descartar" }));
    expect(await screen.findByText(LINK_REPORT_MESSAGES.dismissed)).toBeTruthy();
    fireEvent.click(cardOf(4).getByRole("button", { name: "Marcar como resolvida" }));
    expect(await screen.findByText(LINK_REPORT_MESSAGES.actioned)).toBeTruthy();
    const patches = calls.filter((c) => c.method === "PATCH");
    expect(patches.map((c) => [c.url, c.body])).toEqual([
      ["/api/admin/link-reports/1", { status: "dismissed" }],
      ["/api/admin/link-reports/4", { status: "actioned" }],
    ]);
    await waitFor(() => expect(lists(calls).length).toBeGreaterThanOrEqual(3));
  });

  it("deletes our short link only after a confirmation naming it, and shows the server's error there", async () => {
    const calls = fakeApi({
      "GET /api/admin/link-reports": pageOf([ourLink]),
      "POST /api/admin/link-reports/2/delete-link": {
        status: 404,
        body: { error: LINK_REPORT_MESSAGES.linkGone },
      },
    });
    renderAdmin(<LinkReports />);
    const button = (await findCard(2)).getByRole("button", { name: "Excluir link" });
    fireEvent.click(button);
    const name = "Excluir o link atalho.exemplo.com.br/s/abc?";
    let dialog = within(screen.getByRole("alertdialog", { name }));
    expect(dialog.getByText(DELETE_LINK_CONSEQUENCE)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(button);
    dialog = within(screen.getByRole("alertdialog", { name }));
    fireEvent.click(dialog.getByRole("button", { name: "Excluir link" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(LINK_REPORT_MESSAGES.linkGone);
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/link-reports/2/delete-link",
    ]);
  });

  it("blocks the target's domain (for our short links) and resolves the report", async () => {
    const calls = fakeApi({
      "GET /api/admin/link-reports": pageOf([ourLink]),
      "POST /api/admin/blocked-domains": { status: 201, body: { id: 1, domain: "virus.exemplo.org" } },
      "PATCH /api/admin/link-reports/2": { body: { message: LINK_REPORT_MESSAGES.actioned } },
    });
    renderAdmin(<LinkReports />);
    fireEvent.click((await findCard(2)).getByRole("button", { name: "Bloquear domínio" }));
    const dialog = within(screen.getByRole("alertdialog", { name: "Bloquear o domínio virus.exemplo.org?" }));
    expect(dialog.getByText(BLOCK_DOMAIN_CONSEQUENCE)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Bloquear domínio" }));
    expect(await screen.findByText("Domínio virus.exemplo.org bloqueado e denúncia resolvida.")).toBeTruthy();
    const writes = calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.url, c.body]);
    expect(writes).toEqual([
      [
        "POST",
        "/api/admin/blocked-domains",
        { domain: "virus.exemplo.org", reason: "Denúncia #2: Vírus ou malware" },
      ],
      ["PATCH", "/api/admin/link-reports/2", { status: "actioned" }],
    ]);
  });

  it("keeps the report open when the block is refused", async () => {
    const calls = fakeApi({
      "GET /api/admin/link-reports": pageOf([report(5)]),
      "POST /api/admin/blocked-domains": { status: 409, body: { error: "Este domínio já está bloqueado." } },
    });
    renderAdmin(<LinkReports />);
    fireEvent.click((await findCard(5)).getByRole("button", { name: "Bloquear domínio" }));
    const dialog = within(
      screen.getByRole("alertdialog", { name: "Bloquear o domínio golpe5.exemplo.net?" }),
    );
    fireEvent.click(dialog.getByRole("button", { name: "Bloquear domínio" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Este domínio já está bloqueado.");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ domain: "golpe5.exemplo.net" });
  });

  it("says when there is nothing to review", async () => {
    fakeApi({ "GET /api/admin/link-reports": pageOf([]) });
    renderAdmin(<LinkReports />);
    expect(await screen.findByText("Nenhuma denúncia aberta.")).toBeTruthy();
  });
});
