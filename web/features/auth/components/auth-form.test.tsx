import { ADMIN_MESSAGES } from "@common/contract/admin";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { AuthForm } from "./auth-form";

const status = (registration_enabled: boolean) => ({
  body: { maintenance_mode: false, registration_enabled },
});

describe("AuthForm and closed registrations", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says registrations are closed before the form is filled, and will not send it", async () => {
    const calls = fakeApi({ "GET /api/system/status": status(false) });
    renderWithProviders(<AuthForm mode="register" />, { route: "/auth?mode=register" });
    expect(await screen.findByText(new RegExp(ADMIN_MESSAGES.registrationClosed))).toBeTruthy();
    expect(screen.getByRole("button", { name: "Criar conta" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByLabelText("Email").matches(":disabled")).toBe(true);
    fireEvent.submit(screen.getByRole("button", { name: "Criar conta" }).closest("form")!);
    expect(calls.some((c) => c.url === "/api/auth/register")).toBe(false);
  });

  it("lets people register while registrations are open", async () => {
    const calls = fakeApi({ "GET /api/system/status": status(true) });
    renderWithProviders(<AuthForm mode="register" />, { route: "/auth?mode=register" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/system/status")).toBe(true));
    expect(screen.queryByText(new RegExp(ADMIN_MESSAGES.registrationClosed))).toBeNull();
    expect(screen.getByRole("button", { name: "Criar conta" }).hasAttribute("disabled")).toBe(false);
  });

  it("keeps login available, without asking for the status", () => {
    const calls = fakeApi({ "GET /api/system/status": status(false) });
    renderWithProviders(<AuthForm mode="login" />, { route: "/auth" });
    expect(screen.getByRole("button", { name: "Entrar" }).hasAttribute("disabled")).toBe(false);
    expect(screen.queryByText(new RegExp(ADMIN_MESSAGES.registrationClosed))).toBeNull();
    expect(calls).toEqual([]);
  });
});
