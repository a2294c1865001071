import { fireEvent, screen } from "@testing-library/react";
import { meQuery } from "@web/lib/session";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { AccountDeletionPage } from "./account-deletion-page";
import { accountUser, renderSignedIn } from "./account-test-setup";

const user = accountUser();

function renderPage(route = "/profile/excluir-conta") {
  return renderSignedIn(
    <Routes>
      <Route path="/profile/excluir-conta" element={<AccountDeletionPage />} />
      <Route path="/" element={<h1>Página inicial</h1>} />
    </Routes>,
    { user, route },
  );
}

const status = (hasPassword: boolean) => ({
  body: { has_password: hasPassword, google_linked: !hasPassword, pending_email_change: null },
});

afterEach(() => vi.unstubAllGlobals());

describe("AccountDeletionPage", () => {
  it("says what is deleted and what is kept, asks for the password, and ends on / signed out", async () => {
    const calls = fakeApi({
      "GET /api/user/account": status(true),
      "DELETE /api/user": ({ body }) =>
        (body as { password: string }).password === "senha-certa"
          ? { body: { success: true, message: "Sua conta foi excluída" } }
          : { status: 400, body: { error: "Senha incorreta", details: { password: "Senha incorreta" } } },
    });
    const client = renderPage();
    expect(screen.getByRole("heading", { name: "O que é apagado" })).toBeTruthy();
    expect(screen.getByText(/por 5 anos/)).toBeTruthy();
    expect(screen.getByText(/por 6 meses/)).toBeTruthy();

    const submit = await screen.findByRole("button", { name: "Excluir minha conta definitivamente" });
    fireEvent.click(submit);
    expect(await screen.findByText("Informe sua senha para excluir a conta")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.change(screen.getByLabelText("Sua senha"), { target: { value: "errada" } });
    fireEvent.click(submit);
    expect((await screen.findAllByText("Senha incorreta")).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText("Sua senha"), { target: { value: "senha-certa" } });
    fireEvent.click(submit);
    expect(await screen.findByRole("heading", { name: "Página inicial" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").at(-1)?.body).toEqual({ password: "senha-certa" });
    expect(client.getQueryData(meQuery.queryKey)).toBeNull();
  });

  it("an account without a password is offered a fresh Google sign-in, not a password field", async () => {
    const calls = fakeApi({
      "GET /api/user/account": status(false),
      "DELETE /api/user": { body: { success: true, message: "Sua conta foi excluída" } },
    });
    renderPage();
    const google = await screen.findByRole("link", { name: "Confirmar com o Google" });
    expect(google.getAttribute("href")).toBe("/api/auth/google?intent=reauth");
    expect(screen.queryByRole("button", { name: /Excluir minha conta/ })).toBeNull();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  });

  it("after Google's re-sign-in (?reauth=), sends its token", async () => {
    const calls = fakeApi({
      "GET /api/user/account": status(false),
      "DELETE /api/user": { body: { success: true, message: "Sua conta foi excluída" } },
    });
    renderPage("/profile/excluir-conta?reauth=tok-123");
    fireEvent.click(await screen.findByRole("button", { name: "Excluir minha conta definitivamente" }));
    expect(await screen.findByRole("heading", { name: "Página inicial" })).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ google_reauth_token: "tok-123" });
  });
});
