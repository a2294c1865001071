import type { SessionUser } from "@common/contract/auth";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { AdminPanel, adminTabOf } from "./admin-panel";

const member: SessionUser = {
  id: 1,
  email: "maria@exemplo.com",
  first_name: "Maria",
  last_name: "Silva",
  profile_picture_url: null,
  is_admin: false,
  google_user_data: { given_name: "Maria", family_name: "Silva", picture: null },
};
const admin: SessionUser = { ...member, id: 2, email: "admin@exemplo.com", is_admin: true };

const stats = {
  total_users: 10,
  new_users_this_month: 2,
  active_subscriptions: 3,
  cancellations_this_month: 1,
  total_revenue: 598_70,
  total_clicks: 40,
  monthly_revenue_pending: 49_90,
  monthly_revenue_paid: 19_90,
};

describe("AdminPanel", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Acesso Negado' to a user without the admin flag, and asks the server nothing", () => {
    const calls = fakeApi({});
    renderWithProviders(<AdminPanel user={member} />, { route: "/admin?tab=assinaturas" });
    expect(screen.getByRole("heading", { name: "Acesso Negado" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar ao Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByText("Painel Admin")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows the tab bar to the administrator, the overview first", () => {
    fakeApi({});
    renderWithProviders(<AdminPanel user={admin} />, { route: "/admin" });
    expect(screen.getByRole("heading", { name: "Painel Admin" })).toBeTruthy();
    const current = screen.getByRole("link", { name: "Visão Geral" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Assinaturas" }).getAttribute("href")).toBe(
      "/admin?tab=assinaturas",
    );
    for (const name of ["Usuários", "Planos", "Blog"])
      expect(screen.getByRole("link", { name })).toBeTruthy();
    expect(screen.getByText("Em construção")).toBeTruthy();
  });

  it("opens the subscriptions dashboard from the URL", async () => {
    fakeApi({
      "GET /api/admin/stats": () => ({ body: stats }),
      "GET /api/admin/transactions": () => ({ body: { transactions: [], total: 0, page: 1, page_size: 20 } }),
    });
    renderWithProviders(<AdminPanel user={admin} />, { route: "/admin?tab=assinaturas" });
    expect(screen.getByRole("heading", { name: "Dashboard de Assinaturas" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Assinaturas" }).getAttribute("aria-current")).toBe("page");
    expect(await screen.findByText("R$ 598,70")).toBeTruthy();
  });

  it("links the blog tab to the blog admin and the public blog", () => {
    fakeApi({});
    renderWithProviders(<AdminPanel user={admin} />, { route: "/admin?tab=blog" });
    expect(screen.getByRole("link", { name: "Gerenciar Blog" }).getAttribute("href")).toBe("/admin/blog");
    expect(screen.getByRole("link", { name: "Ver blog público" }).getAttribute("href")).toBe("/blog");
  });

  it("reads an unknown tab as the overview", () => {
    expect(adminTabOf("assinaturas")).toBe("assinaturas");
    expect(adminTabOf(null)).toBe("visao-geral");
    expect(adminTabOf("x")).toBe("visao-geral");
  });
});
