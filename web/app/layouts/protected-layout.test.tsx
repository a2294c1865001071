import { ADMIN_MESSAGES } from "@common/contract/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, type Reply, testQueryClient } from "../../../tests/web-fake-api";
import { sessionUser } from "../../../tests/web-session";
import { ProtectedLayout } from "./protected-layout";

const member = sessionUser({ email: "maria@exemplo.com", first_name: "Maria", last_name: "Silva" });
const admin = sessionUser({ ...member, id: 2, email: "admin@exemplo.com", is_admin: true });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <ProtectedLayout />,
        children: [
          { path: "/dashboard", element: <p>Tela do dashboard</p> },
          { path: "/admin", element: <p>Tela do admin</p> },
        ],
      },
      { path: "/", element: <p>Página inicial</p> },
      { path: "/auth", element: <p>Tela de login</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const status = (maintenance_mode: boolean): Reply => ({
  body: { maintenance_mode, registration_enabled: true },
});

describe("ProtectedLayout", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the maintenance page, not the screen, to a signed-in user who is not an admin", async () => {
    const calls = fakeApi({
      "GET /api/auth/session": { body: { user: member } },
      "GET /api/system/status": status(true),
      "POST /api/auth/logout": { body: {} },
    });
    const router = renderAt("/dashboard");
    expect(await screen.findByText(ADMIN_MESSAGES.maintenance)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Estamos em manutenção" })).toBeTruthy();
    expect(screen.queryByText("Tela do dashboard")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sair" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/auth/logout")).toBe(true);
  });

  it("shows the screen with a thin banner to the administrator", async () => {
    fakeApi({ "GET /api/auth/session": { body: { user: admin } }, "GET /api/system/status": status(true) });
    renderAt("/dashboard");
    expect(await screen.findByText("Modo de manutenção ativo")).toBeTruthy();
    expect(screen.getByText("Tela do dashboard")).toBeTruthy();
    expect(screen.queryByText(ADMIN_MESSAGES.maintenance)).toBeNull();
  });

  it("shows the screen when the product is not in maintenance", async () => {
    fakeApi({ "GET /api/auth/session": { body: { user: member } }, "GET /api/system/status": status(false) });
    renderAt("/dashboard");
    expect(await screen.findByText("Tela do dashboard")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Modo de manutenção ativo")).toBeNull());
    expect(screen.getByRole("navigation", { name: "Navegação principal" })).toBeTruthy();
  });

  it("gives the admin area its own header: logo to /dashboard and the admin's menu", async () => {
    const calls = fakeApi({
      "GET /api/auth/session": { body: { user: admin } },
      "GET /api/system/status": status(false),
      "POST /api/auth/logout": { body: {} },
    });
    const router = renderAt("/admin");
    expect(await screen.findByText("Tela do admin")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Navegação principal" })).toBeNull();
    expect(screen.getByRole("link", { name: "Atalho" }).getAttribute("href")).toBe("/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Menu do perfil: Maria Silva" }));
    expect(screen.getByRole("link", { name: "Configurações" }).getAttribute("href")).toBe(
      "/admin?tab=configuracoes",
    );
    expect(screen.getByRole("link", { name: "Perfil Normal" }).getAttribute("href")).toBe("/dashboard");
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname));
    fireEvent.click(screen.getByRole("button", { name: "Sair" }));
    await screen.findByText("Página inicial");
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/auth/logout")).toBe(true);
    expect(seen).toEqual(["/"]);
  });

  it("keeps the product's header on /admin for a user who is not an admin", async () => {
    fakeApi({ "GET /api/auth/session": { body: { user: member } }, "GET /api/system/status": status(false) });
    renderAt("/admin");
    expect(await screen.findByText("Tela do admin")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Navegação principal" })).toBeTruthy();
  });

  it("asks the status again when an API call answers 503, and then shows the maintenance page", async () => {
    let maintenance = false;
    fakeApi({
      "GET /api/auth/session": { body: { user: member } },
      "GET /api/system/status": () => status(maintenance),
    });
    const client = testQueryClient();
    const router = createMemoryRouter(
      [
        {
          element: <ProtectedLayout />,
          children: [{ path: "/dashboard", element: <p>Tela do dashboard</p> }],
        },
      ],
      { initialEntries: ["/dashboard"] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Tela do dashboard")).toBeTruthy();
    maintenance = true;
    const { ApiError } = await import("@web/lib/api-client");
    await client
      .fetchQuery({
        queryKey: ["qualquer"],
        queryFn: () => Promise.reject(new ApiError(503, ADMIN_MESSAGES.maintenance, null)),
      })
      .catch(() => {});
    expect(await screen.findByRole("heading", { name: "Estamos em manutenção" })).toBeTruthy();
  });
});
