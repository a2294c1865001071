import type { SessionUser } from "@common/contract/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { admin, member } from "../../../tests/web-admin-fixtures";
import { TopNav } from "./top-nav";

function renderNav(user: SessionUser, path = "/dashboard") {
  const router = createMemoryRouter([{ path: "*", element: <TopNav user={user} /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const profileButton = () => screen.getByRole("button", { name: "Menu do perfil: Maria Silva" });

describe("TopNav profile menu", () => {
  it("offers the subscription and logout, and no admin entries to a member", () => {
    renderNav(member);
    expect(screen.queryByRole("link", { name: "Gerenciar Assinatura" })).toBeNull();
    fireEvent.click(profileButton());
    expect(profileButton().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("link", { name: "Gerenciar Assinatura" })[0]!.getAttribute("href")).toBe(
      "/subscription",
    );
    expect(screen.getAllByRole("button", { name: "Sair" }).length).toBeGreaterThan(0);
    expect(screen.queryByText("Painel Admin")).toBeNull();
    expect(screen.queryByText("Administrador")).toBeNull();
  });

  it("shows 'Painel Admin' and the 'Administrador' label to the administrator", () => {
    renderNav(admin);
    fireEvent.click(profileButton());
    expect(screen.getByRole("link", { name: "Painel Admin" }).getAttribute("href")).toBe("/admin");
    expect(screen.getByText("Administrador")).toBeTruthy();
  });

  it("closes on Escape, returning focus to its button, and on a press outside", () => {
    renderNav(member);
    fireEvent.click(profileButton());
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("link", { name: "Gerenciar Assinatura" })).toBeNull();
    expect(document.activeElement).toBe(profileButton());

    fireEvent.click(profileButton());
    fireEvent.pointerDown(screen.getByRole("link", { name: "Atalho" }));
    expect(screen.queryByRole("link", { name: "Gerenciar Assinatura" })).toBeNull();
  });

  it("closes when the focus moves out of it, not while it moves inside", () => {
    renderNav(member);
    fireEvent.click(profileButton());
    act(() => screen.getByRole("button", { name: "Sair" }).focus());
    expect(screen.getByRole("link", { name: "Gerenciar Assinatura" })).toBeTruthy();
    act(() => screen.getByRole("link", { name: "Atalho" }).focus());
    expect(screen.queryByRole("link", { name: "Gerenciar Assinatura" })).toBeNull();
  });

  it("names the profile button with the text it shows (WCAG 2.5.3 Label in Name)", () => {
    renderNav(member);
    // The initials are drawn by CSS: the only text inside the button is the visible first name.
    expect(profileButton().textContent).toBe("Maria");
    expect(profileButton().querySelector("[data-initials]")?.getAttribute("data-initials")).toBe("MS");
  });

  it("stays open for presses inside it", () => {
    renderNav(member);
    fireEvent.click(profileButton());
    fireEvent.pointerDown(screen.getByText("maria@exemplo.com"));
    expect(screen.getByRole("link", { name: "Gerenciar Assinatura" })).toBeTruthy();
  });

  it("marks the current screen, including its sub-pages", () => {
    renderNav(member, "/link-pages/7/edit");
    const [desktopLinkBio] = screen.getAllByRole("link", { name: "Link Bio" });
    expect(desktopLinkBio!.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
  });

  it("leads to Contatos next to Analytics", () => {
    renderNav(member, "/contacts");
    const nav = screen.getByRole("navigation", { name: "Navegação principal" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Dashboard",
      "Link Bio",
      "Encurtar URL",
      "Analytics",
      "Contatos",
    ]);
    expect(links.at(-1)!.getAttribute("href")).toBe("/contacts");
    expect(links.at(-1)!.getAttribute("aria-current")).toBe("page");
  });
});
