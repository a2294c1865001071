import { ADMIN_MESSAGES } from "@common/contract/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders, testQueryClient } from "../../../../tests/web-fake-api";
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

describe("AuthForm rendered by the server", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("keeps and sends what was typed before hydration, and offers no submit until then", async () => {
    const calls = fakeApi({
      "POST /api/auth/login": { status: 401, body: { error: "Email ou senha incorretos" } },
    });
    const ui = (
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={["/auth"]}>
          <AuthForm mode="login" />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    // Before the script: a native submit would put the password in a URL, so the button waits.
    expect(container.querySelector("button[type=submit]")!.hasAttribute("disabled")).toBe(true);
    container.querySelector<HTMLInputElement>("input[name=email]")!.value = "ana@exemplo.com";
    container.querySelector<HTMLInputElement>("input[name=password]")!.value = "senha-errada";

    const root = await act(async () => hydrateRoot(container, ui));
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));

    await waitFor(() => expect(calls.some((c) => c.url === "/api/auth/login")).toBe(true));
    expect(calls.find((c) => c.url === "/api/auth/login")!.body).toEqual({
      email: "ana@exemplo.com",
      password: "senha-errada",
    });
    expect(await screen.findByText("Email ou senha incorretos")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Email").value).toBe("ana@exemplo.com");
    act(() => root.unmount());
    container.remove();
  });
});
