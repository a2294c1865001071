import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DashboardStatCards, QuickActions } from "./dashboard-stat-cards";

describe("DashboardStatCards", () => {
  it("shows the three figures, and a skeleton for one still loading", () => {
    render(<DashboardStatCards linkPages={3} shortenedUrls={12} totalClicks={undefined} />);
    expect(screen.getByText("Link Bios").parentElement?.parentElement?.textContent).toContain("3");
    expect(screen.getByText("URLs Encurtadas").parentElement?.parentElement?.textContent).toContain("12");
    expect(screen.getByText("Total de Cliques").parentElement?.parentElement?.textContent).toContain(
      "Carregando",
    );
  });

  it("offers a new Link Bio and a new short link", () => {
    render(
      <MemoryRouter>
        <QuickActions />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: /Nova Link Bio/ }).getAttribute("href")).toBe(
      "/link-pages/new/edit",
    );
    expect(screen.getByRole("link", { name: /Encurtar URL/ }).getAttribute("href")).toBe("/url-shortener");
  });
});
