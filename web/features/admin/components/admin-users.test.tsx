import { ADMIN_MESSAGES, type AdminUser } from "@common/contract/admin";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { adminUser, plans, renderAdmin } from "./admin.test-helper";
import { AdminUsers } from "./admin-users";

const pageOf = (users: AdminUser[], total = users.length, page = 1) => ({
  body: { users, total, page, page_size: 20 },
});
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith("/api/admin/users?"));
const lastList = (calls: Call[]) => paramsOf(listCalls(calls).at(-1)!);
const rowOf = (email: string) => screen.getByText(email).closest("tr")!;

describe("AdminUsers", () => {
  let confirm: ReturnType<typeof vi.spyOn>;
  let alert: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    alert = vi.spyOn(window, "alert").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows each user's name, email, badges, usage and signup date", async () => {
    fakeApi({
      "GET /api/admin/users": pageOf([
        adminUser(1, {
          is_admin: true,
          subscription: { plan_id: 4, plan_name: "Enterprise", status: "active", expires_at: null },
        }),
        adminUser(2, {
          is_active: false,
          google_user_data: { picture: "https://img.test/p.png", given_name: "P" },
        }),
      ]),
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    const first = within(await screen.findByText("pessoa1@exemplo.com").then((el) => el.closest("tr")!));
    expect(first.getByText("Pessoa 1")).toBeTruthy();
    expect(first.getByText("Enterprise")).toBeTruthy();
    expect(first.getByText("Admin")).toBeTruthy();
    expect(first.getByText("Ativo")).toBeTruthy();
    expect(first.getByText("1.500")).toBeTruthy();
    expect(first.getByText("12.000")).toBeTruthy();
    expect(first.getByText("10/03/2026")).toBeTruthy();
    const second = within(rowOf("pessoa2@exemplo.com"));
    expect(second.getByText("Gratuito")).toBeTruthy();
    expect(second.getByText("Inativo")).toBeTruthy();
    expect(second.queryByText("Admin")).toBeNull();
    expect(second.getByRole("button", { name: "Ativar pessoa2@exemplo.com" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Usuários (2)" })).toBeTruthy();
  });

  it("searches, sorts and pages on the server, and exports what is shown", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return pageOf([adminUser(page * 100)], 250, page);
      },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    await screen.findByText("pessoa100@exemplo.com");
    expect(lastList(calls).toString()).toBe("sort=created_at&order=desc&page=1");

    const nav = screen.getByRole("navigation", { name: "Paginação" });
    const labels = within(nav)
      .getAllByRole("button")
      .map((b) => b.textContent || b.getAttribute("aria-label"));
    expect(labels).toEqual(["Página anterior", "1", "2", "3", "4", "5", "13", "Próxima página"]);
    fireEvent.click(within(nav).getByRole("button", { name: "Página 13" }));
    expect(await screen.findByText("pessoa1300@exemplo.com")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Buscar usuários"), { target: { value: "  maria " } });
    await waitFor(() => expect(lastList(calls).get("q")).toBe("maria"));
    expect(lastList(calls).get("page")).toBe("1");

    fireEvent.click(screen.getByRole("button", { name: "Email" }));
    await waitFor(() => expect(lastList(calls).get("sort")).toBe("email"));
    expect(lastList(calls).get("order")).toBe("asc");
    fireEvent.click(screen.getByRole("button", { name: "Email" }));
    await waitFor(() => expect(lastList(calls).get("order")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: /Nome.*Email/ }).getAttribute("aria-sort")).toBe(
      "descending",
    );
    fireEvent.click(screen.getByRole("button", { name: "Cliques" }));
    await waitFor(() => expect(lastList(calls).get("sort")).toBe("clicks"));
    expect(lastList(calls).get("order")).toBe("desc");

    const csv = screen.getByRole("link", { name: "Exportar CSV" });
    expect(csv.hasAttribute("download")).toBe(true);
    expect(csv.getAttribute("href")).toBe("/api/admin/users/export.csv?q=maria&sort=clicks&order=desc");
  });

  it("a search past the server's count: 'mais de 10.000', paged as far as it counted", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": (call) => {
        const page = Number(paramsOf(call).get("page"));
        return { body: { users: [adminUser(page)], total: null, page, page_size: 20 } };
      },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    expect(await screen.findByRole("heading", { name: "Usuários (mais de 10.000)" })).toBeTruthy();
    expect(screen.getByText("Página 1 de mais de 500")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Paginação" });
    fireEvent.click(within(nav).getByRole("button", { name: "Página 500" }));
    expect(await screen.findByText("pessoa500@exemplo.com")).toBeTruthy();
    expect(lastList(calls).get("page")).toBe("500");
    expect(screen.getByText("Página 500 de mais de 500")).toBeTruthy();
    expect((within(nav).getByRole("button", { name: "Próxima página" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("edits a user: sends email, flags, plan and the limits (empty: the plan's, -1: unlimited)", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([
        adminUser(1, {
          custom_limits: { max_link_pages: 5, max_shortened_urls: null, max_clicks_per_month: null },
        }),
      ]),
      "GET /api/admin/subscription-plans": { body: plans },
      "PUT /api/admin/users/1": (call) => ({
        body: { message: ADMIN_MESSAGES.userUpdated, user: call.body },
      }),
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar pessoa1@exemplo.com" }));
    const dialog = screen.getByRole("dialog", { name: "Editar usuário" });
    expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe("pessoa1@exemplo.com");
    expect((within(dialog).getByLabelText("Máx. de Link Bios") as HTMLInputElement).value).toBe("5");
    expect(within(dialog).getByText("Vazio = usar o limite do plano · -1 = ilimitado")).toBeTruthy();
    await within(dialog).findByRole("option", { name: "Pro" });
    expect(within(dialog).getByRole("option", { name: "Legado (inativo)" })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: " Nova@Exemplo.com " } });
    fireEvent.click(within(dialog).getByLabelText(/Administrador/));
    fireEvent.change(within(dialog).getByLabelText("Plano"), { target: { value: "2" } });
    expect(within(dialog).getByLabelText("Máx. de URLs encurtadas").getAttribute("placeholder")).toBe(
      "Plano: Ilimitado",
    );
    fireEvent.change(within(dialog).getByLabelText("Máx. de Link Bios"), { target: { value: "" } });
    fireEvent.change(within(dialog).getByLabelText("Máx. de URLs encurtadas"), { target: { value: "-1" } });
    fireEvent.change(within(dialog).getByLabelText("Máx. de cliques por mês"), { target: { value: "2000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));

    expect(await screen.findByText(ADMIN_MESSAGES.userUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      email: "nova@exemplo.com",
      is_admin: true,
      is_active: true,
      subscription_plan_id: 2,
      custom_limits: { max_link_pages: null, max_shortened_urls: -1, max_clicks_per_month: 2000 },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the edit open with the server's field error, and checks the form first", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1)]),
      "GET /api/admin/subscription-plans": { body: plans },
      "PUT /api/admin/users/1": {
        status: 409,
        body: { error: ADMIN_MESSAGES.emailTaken, details: { email: ADMIN_MESSAGES.emailTaken } },
      },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar pessoa1@exemplo.com" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Máx. de Link Bios"), { target: { value: "-5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    expect(within(dialog).getByText("Use -1 para ilimitado ou um número a partir de 0")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("Máx. de Link Bios"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(screen.getAllByText(ADMIN_MESSAGES.emailTaken)).toHaveLength(2));
    expect(within(dialog).getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("deactivates and activates after the confirmation, with the server's message", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1), adminUser(2, { is_active: false })]),
      "POST /api/admin/users/1/deactivate": { body: { message: ADMIN_MESSAGES.userDeactivated } },
      "POST /api/admin/users/2/activate": { body: { message: ADMIN_MESSAGES.userActivated } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    confirm.mockReturnValueOnce(false);
    fireEvent.click(await screen.findByRole("button", { name: "Desativar pessoa1@exemplo.com" }));
    expect(confirm).toHaveBeenCalledWith(ADMIN_MESSAGES.confirmDeactivate);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Desativar pessoa1@exemplo.com" }));
    expect(await screen.findByText(ADMIN_MESSAGES.userDeactivated)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ativar pessoa2@exemplo.com" }));
    expect(confirm).toHaveBeenLastCalledWith(ADMIN_MESSAGES.confirmActivate);
    expect(await screen.findByText(ADMIN_MESSAGES.userActivated)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/users/1/deactivate",
      "/api/admin/users/2/activate",
    ]);
  });

  it("says why a status change failed, else the spec's text", async () => {
    fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1, { is_admin: true })]),
      "POST /api/admin/users/1/deactivate": { status: 400, body: { error: ADMIN_MESSAGES.lastAdmin } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Desativar pessoa1@exemplo.com" }));
    expect(await screen.findByText(ADMIN_MESSAGES.lastAdmin)).toBeTruthy();
  });

  it("deletes after the confirmation", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1)]),
      "DELETE /api/admin/users/1": { body: { message: ADMIN_MESSAGES.userDeleted } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Deletar pessoa1@exemplo.com" }));
    expect(confirm).toHaveBeenCalledWith(ADMIN_MESSAGES.confirmDeleteUser);
    expect(await screen.findByText("Usuário deletado com sucesso!")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/admin/users/1"]);
  });

  it("shows 'Erro ao deletar usuário' when the server gives no reason", async () => {
    fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1)]),
      "DELETE /api/admin/users/1": { status: 500, body: {} },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Deletar pessoa1@exemplo.com" }));
    expect(await screen.findByText(ADMIN_MESSAGES.deleteUserFailed)).toBeTruthy();
  });

  it("does not offer to deactivate or delete the administrator's own account", async () => {
    fakeApi({ "GET /api/admin/users": pageOf([adminUser(7, { is_admin: true })]) });
    renderAdmin(<AdminUsers currentUserId={7} />);
    expect(
      (await screen.findByRole("button", { name: "Deletar pessoa7@exemplo.com" })).hasAttribute("disabled"),
    ).toBe(true);
    expect(
      screen.getByRole("button", { name: "Desativar pessoa7@exemplo.com" }).hasAttribute("disabled"),
    ).toBe(true);
  });

  it("shows the spec's alerts for details and bulk email", async () => {
    fakeApi({ "GET /api/admin/users": pageOf([adminUser(1)]) });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Detalhes de pessoa1@exemplo.com" }));
    expect(alert).toHaveBeenCalledWith(ADMIN_MESSAGES.detailsSoon);
    fireEvent.click(screen.getByRole("button", { name: "Email em Massa" }));
    expect(alert).toHaveBeenLastCalledWith(ADMIN_MESSAGES.bulkEmailSoon);
  });
});
