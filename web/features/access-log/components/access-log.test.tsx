import type { AccessLogEntry, AccessLogPage } from "@common/contract/access-log";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdmin } from "../../../../tests/web-admin-fixtures";
import { type Call, fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { AccessLog } from "./access-log";

const line = (id: number, over: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  id,
  user_id: 40 + id,
  email: `pessoa${id}@exemplo.com`,
  event: "login",
  ip: `203.0.113.${id}`,
  port: 50_000 + id,
  created_at: "2026-11-24T01:50:34.000Z",
  ...over,
});
const pageOf = (entries: AccessLogEntry[], total = entries.length, page = 1): { body: AccessLogPage } => ({
  body: { entries, total, page, page_size: 30 },
});
const lastList = (calls: Call[]) =>
  paramsOf(calls.filter((c) => c.url.startsWith("/api/admin/access-log?")).at(-1)!);
const rowOf = async (text: string) => within((await screen.findByText(text)).closest("tr")!);

describe("AccessLog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each line's time to the second (Brasília), account, event in pt-BR, IP and port", async () => {
    fakeApi({
      "GET /api/admin/access-log": pageOf([
        line(1),
        line(2, { event: "account_deletion", ip: "2001:db8::1", port: null }),
      ]),
    });
    renderAdmin(<AccessLog />);
    expect(await screen.findByRole("heading", { level: 2, name: "Registros de acesso (2)" })).toBeTruthy();
    const first = await rowOf("pessoa1@exemplo.com");
    expect(first.getByText("23/11/2026 22:50:34").getAttribute("datetime")).toBe("2026-11-24T01:50:34.000Z");
    expect(first.getByText("Login com senha")).toBeTruthy();
    expect(first.getByText("203.0.113.1")).toBeTruthy();
    expect(first.getByText("50001")).toBeTruthy();
    const second = await rowOf("pessoa2@exemplo.com");
    expect(second.getByText("Conta excluída")).toBeTruthy();
    expect(second.getByText("desconhecida")).toBeTruthy();
    // A phone shows the last three columns under the account.
    expect(first.getByText("Login com senha · 203.0.113.1 (porta 50001)")).toBeTruthy();
    expect(second.getByText("Conta excluída · 2001:db8::1")).toBeTruthy();
    expect(screen.getByText(/Marco Civil da Internet \(Lei nº 12\.965\/2014\), art\. 15:/)).toBeTruthy();
    expect(screen.getByText(/guardamos estes registros por 6 meses/)).toBeTruthy();
  });

  it("filters by e-mail, event, IP, period and account on the server, starting again at page 1", async () => {
    const calls = fakeApi({
      "GET /api/admin/access-log": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return pageOf([line(page)], 95, page);
      },
    });
    renderAdmin(<AccessLog />);
    await screen.findByText("pessoa1@exemplo.com");
    expect(lastList(calls).toString()).toBe("page=1");
    expect(screen.getByText("Página 1 de 4")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Página 3" }));
    await screen.findByText("pessoa3@exemplo.com");
    expect(lastList(calls).get("page")).toBe("3");

    fireEvent.change(screen.getByLabelText("Evento"), { target: { value: "password_change" } });
    await waitFor(() => expect(lastList(calls).get("event")).toBe("password_change"));
    expect(lastList(calls).get("page")).toBe("1");
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: " maria@ " } });
    await waitFor(() => expect(lastList(calls).get("email")).toBe("maria@"));
    fireEvent.change(screen.getByLabelText("IP"), { target: { value: "203.0.113" } });
    await waitFor(() => expect(lastList(calls).get("ip")).toBe("203.0.113"));
    fireEvent.change(screen.getByLabelText("De"), { target: { value: "2026-06-01" } });
    fireEvent.change(screen.getByLabelText("Até"), { target: { value: "2026-06-30" } });
    await waitFor(() => expect(lastList(calls).get("to")).toBe("2026-06-30"));
    expect(lastList(calls).toString()).toBe(
      "email=maria%40&event=password_change&ip=203.0.113&from=2026-06-01&to=2026-06-30&page=1",
    );
    // The CSV carries the same filters, without the page.
    expect(screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")).toBe(
      "/api/admin/access-log/export.csv?email=maria%40&event=password_change&ip=203.0.113&from=2026-06-01&to=2026-06-30",
    );

    // One account's lines, across its e-mail changes: from a row's id, then removed.
    fireEvent.click(screen.getByRole("button", { name: "Ver só a conta #41" }));
    await waitFor(() => expect(lastList(calls).get("user_id")).toBe("41"));
    fireEvent.click(screen.getByRole("button", { name: "Remover o filtro da conta #41" }));
    await waitFor(() => expect(lastList(calls).get("user_id")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Limpar filtros" }));
    await waitFor(() => expect(lastList(calls).toString()).toBe("page=1"));
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("");
  });

  it("says a reversed period is wrong and does not ask the server", async () => {
    const calls = fakeApi({ "GET /api/admin/access-log": pageOf([line(1)]) });
    renderAdmin(<AccessLog />);
    await screen.findByText("pessoa1@exemplo.com");
    fireEvent.change(screen.getByLabelText("De"), { target: { value: "2026-06-30" } });
    await waitFor(() => expect(lastList(calls).get("from")).toBe("2026-06-30"));
    const before = calls.length;
    fireEvent.change(screen.getByLabelText("Até"), { target: { value: "2026-06-01" } });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "A data final deve ser igual ou posterior à data inicial",
    );
    expect(screen.getByLabelText("Até").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("link", { name: "Exportar CSV" })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.length).toBe(before);
  });

  it("has an empty state, with and without filters", async () => {
    fakeApi({ "GET /api/admin/access-log": pageOf([]) });
    renderAdmin(<AccessLog />);
    expect(await screen.findByText("Nenhum registro de acesso nos últimos 6 meses.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Evento"), { target: { value: "logout" } });
    expect(await screen.findByText("Nenhum registro para estes filtros.")).toBeTruthy();
  });

  it("shows the server's message and a retry when the list fails", async () => {
    fakeApi({ "GET /api/admin/access-log": { status: 400, body: { error: "Evento inválido" } } });
    renderAdmin(<AccessLog />);
    expect((await screen.findByRole("alert")).textContent).toBe("Evento inválido");
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });
});
