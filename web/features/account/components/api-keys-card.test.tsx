import { API_KEY_MESSAGES, type ApiKey } from "@common/contract/api-keys";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { ApiKeysCard } from "./api-keys-card";

const KEY: ApiKey = {
  id: 3,
  name: "Planilha",
  prefix: "atk_AbCdEf",
  scopes: ["links:read"],
  last_used_at: "2026-11-20T12:00:00.000Z",
  created_at: "2026-11-01T09:30:00.000Z",
};
const RAW = `atk_${"Z".repeat(40)}`;

afterEach(() => vi.unstubAllGlobals());

/** A scope's checkbox, by its label (its code is shown under it). */
const scope = (label: string) => screen.getByRole("checkbox", { name: new RegExp(`^${label}`) });

describe("ApiKeysCard", () => {
  it("offers no form to an unconfirmed account: it says why and sends the link again", async () => {
    const calls = fakeApi({
      "GET /api/api-keys": { body: [] },
      "POST /api/auth/verify-email/resend": {
        body: { success: true, message: "Enviamos um novo link de confirmação para o seu email." },
      },
    });
    renderSignedIn(<ApiKeysCard />, { user: accountUser({ email_verified: false }) });
    expect(screen.getByText("Confirme seu email para criar chaves de API")).toBeTruthy();
    expect(screen.getByText(/Qualquer pessoa pode se cadastrar com um email que não é dela/)).toBeTruthy();
    expect(screen.queryByLabelText("Nome da chave")).toBeNull();
    expect(screen.queryByRole("button", { name: "Criar chave" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reenviar link de confirmação" }));
    expect(await screen.findByText("Enviamos um novo link de confirmação para o seu email.")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/auth/verify-email/resend")).toBe(true);
  });

  it("lists the active keys with their prefix, scopes and last use, never a whole key", async () => {
    fakeApi({ "GET /api/api-keys": { body: [KEY, { ...KEY, id: 4, name: "Zapier", last_used_at: null }] } });
    renderSignedIn(<ApiKeysCard />);
    const list = await screen.findByRole("list", { name: "Chaves de API" });
    expect(within(list).getByText("Planilha")).toBeTruthy();
    expect(within(list).getAllByText("atk_AbCdEf…")).toHaveLength(2);
    expect(within(list).getByText(/Último uso em 20\/11\/2026/)).toBeTruthy();
    expect(within(list).getByText("Nunca usada")).toBeTruthy();
    expect(within(list).getAllByText("links:read")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Ver a documentação da API" }).getAttribute("href")).toBe(
      "/api/docs",
    );
  });

  it("checks the form with the contract, creates a key and shows it once with a copy button", async () => {
    let keys: ApiKey[] = [];
    const calls = fakeApi({
      "GET /api/api-keys": () => ({ body: keys }),
      "POST /api/api-keys": ({ body }) => {
        const created = { ...KEY, id: 9, ...(body as object) } as ApiKey;
        keys = [created];
        return { status: 201, body: { ...created, key: RAW } };
      },
    });
    renderSignedIn(<ApiKeysCard />);
    expect(await screen.findByText("Nenhuma chave ativa.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Criar chave" }));
    expect(await screen.findByText(API_KEY_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nome da chave"), { target: { value: "Integração" } });
    // Both links scopes start checked; read only is left.
    fireEvent.click(scope("Criar, editar e excluir links curtos"));
    fireEvent.click(scope("Ler links curtos"));
    fireEvent.click(screen.getByRole("button", { name: "Criar chave" }));
    expect(await screen.findByText(API_KEY_MESSAGES.scopesRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.click(scope("Ler páginas Link Bio e seus links"));
    fireEvent.click(screen.getByRole("button", { name: "Criar chave" }));
    const shown = (await screen.findByLabelText("Nova chave de API")) as HTMLInputElement;
    expect(shown.value).toBe(RAW);
    expect(screen.getByText(/ela não será mostrada de novo/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copiar chave" })).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Integração",
      scopes: ["pages:read"],
    });
    await screen.findByRole("list", { name: "Chaves de API" });

    fireEvent.click(screen.getByRole("button", { name: "Já copiei" }));
    expect(screen.queryByLabelText("Nova chave de API")).toBeNull();
    expect(document.body.textContent).not.toContain(RAW);
  });

  it("revokes a key only after the confirmation, and keeps it on Cancelar", async () => {
    let keys: ApiKey[] = [KEY];
    const calls = fakeApi({
      "GET /api/api-keys": () => ({ body: keys }),
      "DELETE /api/api-keys/3": () => {
        keys = [];
        return { status: 204 };
      },
    });
    renderSignedIn(<ApiKeysCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Revogar a chave Planilha" }));
    const dialog = screen.getByRole("dialog", { name: "Revogar chave de API" });
    expect(within(dialog).getByText(API_KEY_MESSAGES.confirmRevoke)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Revogar a chave Planilha" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revogar" }));
    expect(await screen.findByText(API_KEY_MESSAGES.revoked)).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Nenhuma chave ativa.")).toBeTruthy());
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
  });

  it("shows the server's refusal and turns the form off at the bound", async () => {
    fakeApi({
      "GET /api/api-keys": {
        body: Array.from({ length: 20 }, (_, i) => ({ ...KEY, id: i + 1, name: `k${i}` })),
      },
    });
    renderSignedIn(<ApiKeysCard />);
    await screen.findByRole("list", { name: "Chaves de API" });
    expect((screen.getByRole("button", { name: "Criar chave" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(API_KEY_MESSAGES.tooMany)).toBeTruthy();
  });
});
