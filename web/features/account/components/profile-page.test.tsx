import type { SessionUser } from "@common/contract/auth";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { ProfilePage } from "./profile-page";

const user = accountUser();

const SESSIONS = [
  { id: "a", created_at: "2026-11-20T12:00:00.000Z", expires_at: "2026-12-20T12:00:00.000Z", current: true },
  { id: "b", created_at: "2026-11-01T09:30:00.000Z", expires_at: "2026-12-01T09:30:00.000Z", current: false },
];

/** The API keys, webhooks and notifications cards load their data too (their own tests cover them). */
const OTHER_CARDS = {
  "GET /api/api-keys": { body: [] },
  "GET /api/webhooks": { body: [] },
  "GET /api/notifications": { body: { lead_mail: "each", devices: [] } },
};

function renderPage() {
  return renderSignedIn(<ProfilePage />, { user });
}

afterEach(() => vi.unstubAllGlobals());

describe("ProfilePage", () => {
  it("saves the name, checked by the API's schema first, and updates the session user", async () => {
    const calls = fakeApi({
      ...OTHER_CARDS,
      "GET /api/user/sessions": { body: SESSIONS },
      "PUT /api/user/profile": ({ body }) => ({
        body: { success: true, message: "Perfil atualizado", user: { ...user, ...(body as object) } },
      }),
    });
    const client = renderPage();
    const name = screen.getByLabelText("Nome");
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar perfil" }));
    expect(await screen.findByText("Nome é obrigatório")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(name, { target: { value: "Joana Maria" } });
    fireEvent.change(screen.getByLabelText("Sobrenome"), { target: { value: "Lima" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar perfil" }));
    expect(await screen.findByText("Perfil atualizado")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      first_name: "Joana Maria",
      last_name: "Lima",
    });
    expect(client.getQueryData<SessionUser>(meQuery.queryKey)?.first_name).toBe("Joana Maria");
  });

  it("shows the server's message when the current password is wrong", async () => {
    fakeApi({
      ...OTHER_CARDS,
      "GET /api/user/sessions": { body: SESSIONS },
      "POST /api/user/password": {
        status: 400,
        body: {
          error: "A senha atual está incorreta",
          details: { current_password: "A senha atual está incorreta" },
        },
      },
    });
    renderPage();
    fireEvent.change(screen.getByLabelText("Senha atual"), { target: { value: "errada" } });
    fireEvent.change(screen.getByLabelText("Nova senha"), { target: { value: "curta" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
    expect(await screen.findByText("A senha deve conter pelo menos 8 caracteres")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Nova senha"), { target: { value: "senha-nova-123" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
    expect((await screen.findAllByText("A senha atual está incorreta")).length).toBeGreaterThan(0);
  });

  it("revokes the API keys with a new password unless the box is unticked, and says what it revoked", async () => {
    const message =
      "Senha alterada. As sessões nos outros dispositivos foram encerradas. 2 chaves de API foram revogadas.";
    const calls = fakeApi({
      ...OTHER_CARDS,
      "GET /api/user/sessions": { body: SESSIONS },
      "POST /api/user/password": {
        body: { success: true, message, api_keys_revoked: 2, webhooks_disabled: 0 },
      },
    });
    renderPage();
    const box = screen.getByRole("checkbox", { name: /Revogar as chaves de API e desligar os webhooks/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    const submit = async (current: string) => {
      fireEvent.change(screen.getByLabelText("Senha atual"), { target: { value: current } });
      fireEvent.change(screen.getByLabelText("Nova senha"), { target: { value: "senha-nova-123" } });
      fireEvent.click(screen.getByRole("button", { name: "Alterar senha" }));
      await waitFor(() =>
        expect(calls.filter((c) => c.url === "/api/user/password")).toHaveLength(current === "a" ? 1 : 2),
      );
    };
    await submit("a");
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(box);
    await submit("b");
    const sent = calls
      .filter((c) => c.url === "/api/user/password")
      .map((c) => (c.body as { revoke_api_keys: boolean }).revoke_api_keys);
    expect(sent).toEqual([true, false]);
  });

  it("lists the sessions, marks this device, signs the others out, and links the data export", async () => {
    let list = SESSIONS;
    const calls = fakeApi({
      "GET /api/user/sessions": () => ({ body: list }),
      "POST /api/user/sessions/revoke-others": () => {
        list = SESSIONS.filter((s) => s.current);
        return { body: { success: true, message: "Sessões nos outros dispositivos encerradas" } };
      },
    });
    renderPage();
    expect(await screen.findByText("Este dispositivo")).toBeTruthy();
    const items = () => within(screen.getByRole("list", { name: "Sessões" })).getAllByRole("listitem");
    expect(items()).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Sair dos outros dispositivos" }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(calls.some((c) => c.url === "/api/user/sessions/revoke-others")).toBe(true);
    expect(screen.getByRole("link", { name: "Baixar meus dados" }).getAttribute("href")).toBe(
      "/api/user/export",
    );
    expect(screen.getByRole("link", { name: "Excluir minha conta" }).getAttribute("href")).toBe(
      "/profile/excluir-conta",
    );
  });
});
