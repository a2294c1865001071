import type { SessionUser } from "@common/contract/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, testQueryClient } from "../../../../tests/web-fake-api";
import { EmailChangeForm } from "./email-change-form";

const user = {
  id: 7,
  email: "joana@exemplo.com",
  first_name: "Joana",
  last_name: "",
  profile_picture_url: null,
  is_admin: false,
  email_verified: true,
  has_password: true,
  google_linked: false,
  google_user_data: { given_name: "Joana", family_name: "", picture: null },
} as SessionUser;

function renderForm() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <EmailChangeForm user={user} />
      <Toaster />
    </QueryClientProvider>,
  );
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
