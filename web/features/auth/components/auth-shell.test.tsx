import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { AuthShell } from "./auth-shell";

const SIGNED_IN = {
  user: { id: 1, email: "ana@exemplo.com", first_name: "Ana", last_name: "", profile_picture_url: null },
};

describe("AuthShell", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the way back to the login to someone signed out", async () => {
    fakeApi({ "GET /api/auth/session": { body: { user: null } } });
    renderWithProviders(
      <AuthShell title="Esqueceu sua senha?" subtitle="x">
        <p>form</p>
      </AuthShell>,
    );
    const back = await screen.findByRole("link", { name: "Voltar ao login" });
    expect(back.getAttribute("href")).toBe("/auth");
  });

  it("offers the dashboard, not the login, to someone already signed in", async () => {
    fakeApi({ "GET /api/auth/session": { body: SIGNED_IN } });
    renderWithProviders(
      <AuthShell title="Confirmação de email" subtitle="x">
        <p>result</p>
      </AuthShell>,
    );
    const back = await screen.findByRole("link", { name: "Voltar ao painel" });
    expect(back.getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("link", { name: "Voltar ao login" })).toBeNull();
  });
});
