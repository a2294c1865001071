import { AUTH_MESSAGES } from "@common/contract/auth";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { ForgotPasswordForm } from "./forgot-password-form";
import { PASSWORDS_DIFFER, ResetPasswordForm } from "./reset-password-form";

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe("ForgotPasswordForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the address and shows the neutral confirmation", async () => {
    const calls = fakeApi({
      "POST /api/auth/password-reset/request": {
        body: { success: true, message: AUTH_MESSAGES.passwordResetRequested },
      },
    });
    renderWithProviders(<ForgotPasswordForm />, { route: "/auth/esqueci-senha" });
    fill("Email", " Ana@Exemplo.com ");
    fireEvent.click(screen.getByRole("button", { name: "Enviar link de redefinição" }));
    expect((await screen.findByRole("status")).textContent).toBe(AUTH_MESSAGES.passwordResetRequested);
    expect(calls.find((c) => c.url === "/api/auth/password-reset/request")?.body).toEqual({
      email: "ana@exemplo.com",
    });
  });

  it("checks the address before sending", () => {
    const calls = fakeApi({});
    renderWithProviders(<ForgotPasswordForm />, { route: "/auth/esqueci-senha" });
    fill("Email", "nao-e-email");
    fireEvent.click(screen.getByRole("button", { name: "Enviar link de redefinição" }));
    expect(screen.getByText("Email inválido")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("ResetPasswordForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the same password twice, and the registration's minimum", () => {
    const calls = fakeApi({});
    renderWithProviders(<ResetPasswordForm token="abc" />, { route: "/auth/redefinir-senha?token=abc" });
    fill("Nova senha", "curta");
    fireEvent.click(screen.getByRole("button", { name: "Salvar nova senha" }));
    expect(screen.getByText("A senha deve conter pelo menos 8 caracteres")).toBeTruthy();
    fill("Nova senha", "senha-nova-123");
    fill("Confirme a nova senha", "outra-senha-123");
    fireEvent.click(screen.getByRole("button", { name: "Salvar nova senha" }));
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it.each([AUTH_MESSAGES.resetLinkExpired, AUTH_MESSAGES.resetLinkUsed])(
    "says %s with a link to ask again",
    async (message) => {
      fakeApi({
        "POST /api/auth/password-reset/confirm": {
          status: 400,
          body: { error: message, success: false, message },
        },
      });
      renderWithProviders(<ResetPasswordForm token="abc" />, { route: "/auth/redefinir-senha?token=abc" });
      fill("Nova senha", "senha-nova-123");
      fill("Confirme a nova senha", "senha-nova-123");
      fireEvent.click(screen.getByRole("button", { name: "Salvar nova senha" }));
      await waitFor(() => expect(screen.getByRole("alert").textContent).toContain(message));
      expect(screen.getByRole("link", { name: "Pedir um novo link" }).getAttribute("href")).toBe(
        "/auth/esqueci-senha",
      );
    },
  );

  it("without a token, says the link is invalid", () => {
    fakeApi({});
    renderWithProviders(<ResetPasswordForm token="" />, { route: "/auth/redefinir-senha" });
    expect(screen.getByRole("alert").textContent).toContain(AUTH_MESSAGES.resetLinkInvalid);
  });
});
