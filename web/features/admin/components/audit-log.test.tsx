import type { AuditEntry, AuditLogPage } from "@common/contract/admin";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditEntry, renderAdmin } from "../../../../tests/web-admin-fixtures";
import { type Call, fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { AuditLog } from "./audit-log";

const pageOf = (entries: AuditEntry[], total = entries.length, page = 1): { body: AuditLogPage } => ({
  body: { entries, total, page, page_size: 30 },
});
const lastList = (calls: Call[]) =>
  paramsOf(calls.filter((c) => c.url.startsWith("/api/admin/audit-log?")).at(-1)!);

describe("AuditLog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists who did what to whom and when, and shows before → after", async () => {
    fakeApi({
      "GET /api/admin/audit-log": pageOf([
        auditEntry(1),
        auditEntry(2, {
          action: "plan.delete",
          target_type: "plan",
          target_id: "7",
          target_label: null,
          before: { name: "Legado" },
          after: null,
        }),
      ]),
    });
    renderAdmin(<AuditLog />);
    const first = within((await screen.findByRole("cell", { name: "Usuário editado" })).closest("tr")!);
    expect(first.getByText("20/11/2026 12:05")).toBeTruthy();
    expect(first.getByText("admin@exemplo.com")).toBeTruthy();
    expect(first.getByText("pessoa1@exemplo.com")).toBeTruthy();
    // A phone shows who, what and on what under the date.
    expect(first.getByText("Usuário editado: pessoa1@exemplo.com · por admin@exemplo.com")).toBeTruthy();
    expect(
      within(screen.getByRole("cell", { name: "Plano deletado" }).closest("tr")!).getByText("plan #7"),
    ).toBeTruthy();

    const ver = first.getByRole("button", { name: "Ver" });
    expect(ver.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(ver);
    expect(ver.getAttribute("aria-expanded")).toBe("true");
    const change = screen.getByRole("rowheader", { name: "is_admin" }).closest("tr")!;
    expect(within(change).getByText("false")).toBeTruthy();
    expect(within(change).getByText("true")).toBeTruthy();
    fireEvent.click(ver);
    expect(screen.queryByRole("rowheader", { name: "is_admin" })).toBeNull();
  });

  it("filters by action and by user on the server, starting again at page 1", async () => {
    const calls = fakeApi({
      "GET /api/admin/audit-log": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return pageOf([auditEntry(page)], 95, page);
      },
    });
    renderAdmin(<AuditLog />);
    await screen.findByText("pessoa1@exemplo.com");
    expect(lastList(calls).toString()).toBe("page=1");
    fireEvent.click(screen.getByRole("button", { name: "Página 4" }));
    await screen.findByText("pessoa4@exemplo.com");

    fireEvent.change(screen.getByLabelText("Ação"), { target: { value: "user.delete" } });
    await waitFor(() => expect(lastList(calls).get("action")).toBe("user.delete"));
    expect(lastList(calls).get("page")).toBe("1");
    fireEvent.change(screen.getByLabelText("Usuário"), { target: { value: " maria@ " } });
    await waitFor(() => expect(lastList(calls).get("user")).toBe("maria@"));
    expect(lastList(calls).toString()).toBe("action=user.delete&user=maria%40&page=1");
  });

  it("says when nothing matches the filters", async () => {
    fakeApi({ "GET /api/admin/audit-log": pageOf([]) });
    renderAdmin(<AuditLog />);
    expect(await screen.findByText("Nenhuma alteração registrada ainda.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Ação"), { target: { value: "plan.create" } });
    expect(await screen.findByText("Nenhum registro para estes filtros.")).toBeTruthy();
  });
});
