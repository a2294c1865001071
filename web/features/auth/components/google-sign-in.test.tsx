import { GOOGLE_ERRORS } from "@common/contract/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { systemStatusQuery } from "@web/lib/system-status";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders, testQueryClient } from "../../../../tests/web-fake-api";
import { GOOGLE_LOGIN_PATH, GoogleSignIn } from "./google-sign-in";

const status = (google_enabled: boolean) => ({
  body: { maintenance_mode: false, registration_enabled: true, google_enabled, payments_enabled: true },
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("GoogleSignIn", () => {
  it("shows 'Entrar com Google' as a plain link when the server has Google on", async () => {
    fakeApi({ "GET /api/system/status": status(true) });
    renderWithProviders(<GoogleSignIn />, { route: "/auth" });
    const link = await screen.findByRole("link", { name: "Entrar com Google" });
    expect(link.getAttribute("href")).toBe(GOOGLE_LOGIN_PATH);
  });

  it("shows nothing when Google is off", async () => {
    const calls = fakeApi({ "GET /api/system/status": status(false) });
    const { container } = renderWithProviders(<GoogleSignIn />, { route: "/auth" });
    await vi.waitFor(() => expect(calls.length).toBe(1));
    expect(container.textContent).toBe("");
  });

  it("shows the pt-BR message of a refused Google sign-in, even with Google off", async () => {
    fakeApi({ "GET /api/system/status": status(false) });
    renderWithProviders(<GoogleSignIn />, { route: "/auth?google_error=email_exists" });
    expect((await screen.findByRole("alert")).textContent).toBe(GOOGLE_ERRORS.email_exists);
    expect(screen.queryByRole("link", { name: "Entrar com Google" })).toBeNull();
  });

  it("arrives in the server's HTML and hydrates without asking again", async () => {
    const calls = fakeApi({});
    const client = () => {
      const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
      queryClient.setQueryData(systemStatusQuery.queryKey, status(true).body);
      return queryClient;
    };
    const ui = (queryClient: ReturnType<typeof testQueryClient>) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/auth"]}>
          <GoogleSignIn />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const html = renderToString(ui(client()));
    expect(html).toContain(`href="${GOOGLE_LOGIN_PATH.replace("&", "&amp;")}"`);
    expect(html).toContain("Entrar com Google");
    const root = document.createElement("div");
    root.innerHTML = html;
    document.body.append(root);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const hydrated = hydrateRoot(root, ui(client()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(calls).toEqual([]);
    act(() => hydrated.unmount());
    root.remove();
  });
});
