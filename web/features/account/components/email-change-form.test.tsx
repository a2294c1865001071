import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { accountUser, renderSignedIn } from "./account-test-setup";
import { EmailChangeForm } from "./email-change-form";

const user = accountUser();

function renderForm() {
  renderSignedIn(<EmailChangeForm user={user} />, { user });
}

afterEach(() => vi.unstubAllGlobals());

describe("EmailChangeForm", () => {
  it("checks the form, requests the change, then shows it pending and cancels it", async () => {
    let pending: { new_email: string; expires_at: string } | null = null;
    const calls = fakeApi({
      "GET /api/user/account": () => ({
        body: { has_password: true, google_linked: false, pending_email_change: pending },
      }),
      "POST /api/user/email": () => {
        pending = { new_email: "nova@exemplo.com", expires_at: "2026-11-26T12:00:00.000Z" };
        return { body: { success: true, message: "Enviamos um link", pending_email_change: pending } };
      },
      "DELETE /api/user/email": () => {
        pending = null;
        return { body: { success: true, message: "Troca de email cancelada" } };
      },
    });
    renderForm();
    fireEvent.change(await screen.findByLabelText("Novo email"), { target: { value: "não-é-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Trocar email" }));
    expect(await screen.findByText("Email inválido")).toBeTruthy();
    expect(screen.getByText("Informe a senha atual")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("Novo email"), { target: { value: "Nova@Exemplo.com" } });
    fireEvent.change(screen.getByLabelText("Sua senha"), { target: { value: "senha-segura-123" } });
    fireEvent.click(screen.getByRole("button", { name: "Trocar email" }));
    expect(await screen.findByText(/Troca pendente para/)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      new_email: "nova@exemplo.com",
      current_password: "senha-segura-123",
    });

    fireEvent.click(screen.getByRole("button", { name: "Cancelar troca" }));
    await waitFor(() => expect(screen.queryByText(/Troca pendente para/)).toBeNull());
  });

  it("an account without a password is told how to get one instead of the form", async () => {
    fakeApi({
      "GET /api/user/account": {
        body: { has_password: false, google_linked: true, pending_email_change: null },
      },
    });
    renderForm();
    expect(await screen.findByText(/Esta conta não tem senha/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Trocar email" })).toBeNull();
  });
});
