import { ADMIN_MESSAGES, type AdminUser, type AdminUserDetails } from "@common/contract/admin";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminUser, plans, renderAdmin } from "../../../../tests/web-admin-fixtures";
import { type Call, fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { AdminUsers } from "./admin-users";

const pageOf = (users: AdminUser[], total = users.length, page = 1) => ({
  body: { users, total, page, page_size: 20 },
});
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith("/api/admin/users?"));
const lastList = (calls: Call[]) => paramsOf(listCalls(calls).at(-1)!);
const rowOf = (email: string) => screen.getByText(email).closest("tr")!;
/** The texts of a row's cells, in order (the first holds what a phone shows under the name). */
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
const confirmation = (name: string) => within(screen.getByRole("alertdialog", { name }));

describe("AdminUsers", () => {
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
    const first = await screen.findByText("pessoa1@exemplo.com").then((el) => el.closest("tr")!);
    expect(cellTexts(first)).toEqual([
      "P1Pessoa 1pessoa1@exemplo.comEnterpriseAdminAtivo2 Link Bios · 1.500 URLs · 12.000 cliques · desde 10/03/2026",
      "Enterprise",
      "AdminAtivo",
      "2",
      "1.500",
      "12.000",
      "10/03/2026",
      "",
    ]);
    const second = rowOf("pessoa2@exemplo.com");
    expect(cellTexts(second).slice(1, 3)).toEqual(["Gratuito", "Inativo"]);
    expect(within(second).queryByText("Admin")).toBeNull();
    expect(within(second).getByRole("button", { name: "Ativar pessoa2@exemplo.com" })).toBeTruthy();
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
          custom_limits: {
            max_link_pages: 5,
            max_shortened_urls: null,
            max_clicks_per_month: null,
            max_leads_per_month: 300,
          },
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
    expect((within(dialog).getByLabelText("Máx. de contatos por mês") as HTMLInputElement).value).toBe("300");
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
    fireEvent.change(within(dialog).getByLabelText("Máx. de contatos por mês"), { target: { value: "-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));

    expect(await screen.findByText(ADMIN_MESSAGES.userUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      email: "nova@exemplo.com",
      is_admin: true,
      is_active: true,
      subscription_plan_id: 2,
      custom_limits: {
        max_link_pages: null,
        max_shortened_urls: -1,
        max_clicks_per_month: 2000,
        max_leads_per_month: -1,
      },
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

  it("deactivates and activates after a confirmation that names the user, with the server's message", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1), adminUser(2, { is_active: false })]),
      "POST /api/admin/users/1/deactivate": { body: { message: ADMIN_MESSAGES.userDeactivated } },
      "POST /api/admin/users/2/activate": { body: { message: ADMIN_MESSAGES.userActivated } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    const deactivate = await screen.findByRole("button", { name: "Desativar pessoa1@exemplo.com" });
    deactivate.focus();
    fireEvent.click(deactivate);
    let dialog = confirmation("Desativar pessoa1@exemplo.com?");
    expect(dialog.getByText(ADMIN_MESSAGES.confirmDeactivate)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(deactivate);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(deactivate);
    fireEvent.click(
      confirmation("Desativar pessoa1@exemplo.com?").getByRole("button", { name: "Desativar usuário" }),
    );
    expect(await screen.findByText(ADMIN_MESSAGES.userDeactivated)).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Ativar pessoa2@exemplo.com" }));
    dialog = confirmation("Ativar pessoa2@exemplo.com?");
    expect(dialog.getByText(ADMIN_MESSAGES.confirmActivate)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Ativar usuário" }));
    expect(await screen.findByText(ADMIN_MESSAGES.userActivated)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      "/api/admin/users/1/deactivate",
      "/api/admin/users/2/activate",
    ]);
  });

  it("says in the dialog why a status change failed, and keeps it open", async () => {
    fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1, { is_admin: true })]),
      "POST /api/admin/users/1/deactivate": { status: 400, body: { error: ADMIN_MESSAGES.lastAdmin } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Desativar pessoa1@exemplo.com" }));
    const dialog = confirmation("Desativar pessoa1@exemplo.com?");
    fireEvent.click(dialog.getByRole("button", { name: "Desativar usuário" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(ADMIN_MESSAGES.lastAdmin);
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("deletes after the confirmation", async () => {
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1)]),
      "DELETE /api/admin/users/1": { body: { message: ADMIN_MESSAGES.userDeleted } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Deletar pessoa1@exemplo.com" }));
    const dialog = confirmation("Deletar pessoa1@exemplo.com?");
    expect(dialog.getByText(ADMIN_MESSAGES.confirmDeleteUser)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Deletar usuário" }));
    expect(await screen.findByText("Usuário deletado com sucesso!")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/admin/users/1"]);
  });

  it("shows 'Erro ao deletar usuário' in the dialog when the server gives no reason", async () => {
    fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1)]),
      "DELETE /api/admin/users/1": { status: 500, body: {} },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Deletar pessoa1@exemplo.com" }));
    const dialog = confirmation("Deletar pessoa1@exemplo.com?");
    fireEvent.click(dialog.getByRole("button", { name: "Deletar usuário" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(ADMIN_MESSAGES.deleteUserFailed);
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

  it("shows a user's details from the server, and offers no bulk e-mail", async () => {
    const details: AdminUserDetails = {
      ...adminUser(1, {
        is_admin: true,
        subscription: {
          plan_id: 2,
          plan_name: "Pro",
          status: "canceled",
          expires_at: "2026-04-10T15:00:00.000Z",
        },
        custom_limits: {
          max_link_pages: 5,
          max_shortened_urls: -1,
          max_clicks_per_month: null,
          max_leads_per_month: 250,
        },
      }),
      email_verified_at: "2026-03-11T12:00:00.000Z",
      last_login_at: "2026-03-20T18:30:00.000Z",
      has_password: true,
      google_linked: true,
    };
    const calls = fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1)]),
      "GET /api/admin/users/1": { body: details },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    expect(screen.queryByRole("button", { name: "Email em Massa" })).toBeNull();
    const opener = await screen.findByRole("button", { name: "Detalhes de pessoa1@exemplo.com" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = within(screen.getByRole("dialog", { name: "Detalhes do usuário" }));
    await dialog.findByText("Pessoa 1");
    const value = (term: string) => dialog.getByText(term).nextElementSibling?.textContent;
    expect(value("Email")).toBe("pessoa1@exemplo.com");
    expect(value("Status")).toBe("AtivoAdmin");
    expect(value("Email verificado")).toBe("Sim, em 11/03/2026");
    expect(value("Plano")).toBe("ProCancelado · até 10/04/2026");
    expect(value("Limites personalizados")).toBe("Link Bios: 5 · URLs: Ilimitado · contatos/mês: 250");
    expect(value("Cadastro")).toBe("10/03/2026 12:00");
    expect(value("Último login")).toBe("20/03/2026 15:30");
    expect(value("Entra com")).toBe("Senha e Google");
    expect(dialog.getByText("URLs encurtadas").nextElementSibling?.textContent).toBe("1.500");
    expect(dialog.getByText("Cliques").nextElementSibling?.textContent).toBe("12.000");
    expect(calls.map((c) => c.url)).toContain("/api/admin/users/1");

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("says what the details do not know, and why they failed to load", async () => {
    fakeApi({
      "GET /api/admin/users": pageOf([adminUser(1), adminUser(2)]),
      "GET /api/admin/users/1": {
        body: {
          ...adminUser(1),
          email_verified_at: null,
          last_login_at: null,
          has_password: false,
          google_linked: true,
        },
      },
      "GET /api/admin/users/2": { status: 404, body: { error: ADMIN_MESSAGES.userNotFound } },
    });
    renderAdmin(<AdminUsers currentUserId={99} />);
    fireEvent.click(await screen.findByRole("button", { name: "Detalhes de pessoa1@exemplo.com" }));
    let dialog = within(screen.getByRole("dialog", { name: "Detalhes do usuário" }));
    expect((await dialog.findByText("Email verificado")).nextElementSibling?.textContent).toBe("Não");
    expect(dialog.getByText("Último login").nextElementSibling?.textContent).toBe(
      "Nenhum nos últimos 6 meses",
    );
    expect(dialog.getByText("Entra com").nextElementSibling?.textContent).toBe("Google");
    expect(dialog.getByText("Plano").nextElementSibling?.textContent).toBe(
      "GratuitoAtivo · sem data de término",
    );
    expect(dialog.queryByText("Limites personalizados")).toBeNull();
    fireEvent.click(dialog.getAllByRole("button", { name: "Fechar" }).at(-1)!);

    fireEvent.click(screen.getByRole("button", { name: "Detalhes de pessoa2@exemplo.com" }));
    dialog = within(screen.getByRole("dialog", { name: "Detalhes do usuário" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(ADMIN_MESSAGES.userNotFound);
  });

  it("sorts from a select where the usage columns do not fit", async () => {
    const calls = fakeApi({ "GET /api/admin/users": pageOf([adminUser(1)]) });
    renderAdmin(<AdminUsers currentUserId={99} />);
    await screen.findByText("pessoa1@exemplo.com");
    const select = screen.getByLabelText("Ordenar por") as HTMLSelectElement;
    expect(select.value).toBe("created_at:desc");
    fireEvent.change(select, { target: { value: "clicks:desc" } });
    await waitFor(() => expect(lastList(calls).get("sort")).toBe("clicks"));
    expect(lastList(calls).get("order")).toBe("desc");
    expect(screen.getByRole("columnheader", { name: /Cliques/ }).getAttribute("aria-sort")).toBe(
      "descending",
    );
  });
});
