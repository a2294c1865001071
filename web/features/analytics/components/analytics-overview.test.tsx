import type { AnalyticsSummary } from "@common/contract/analytics";
import { ANALYTICS_MESSAGES } from "@common/contract/analytics";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makePage } from "../../../../tests/web-link-pages";
import { AnalyticsOverview } from "./analytics-overview";

const summary: AnalyticsSummary = {
  clicks_today: 15,
  clicks_this_week: 40,
  clicks_this_month: 90,
  total_clicks: 300,
  previous: { clicks_yesterday: 10, clicks_last_week: 0, clicks_last_month: 100 },
  top_countries: [
    { country: "US", clicks: 5 },
    { country: "BR", clicks: 30 },
  ],
  bot_clicks: 0,
};

function stub(replies: Record<string, { status: number; body: unknown }>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const reply = replies[String(input)] ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

function renderOverview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AnalyticsOverview />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const linkPage = (id: number, title: string, slug: string, clicks: number) =>
  makePage({ id, title, slug, click_count: clicks, links_count: 2 });

const card = (label: string) =>
  screen.getByText(label, { selector: "p" }).closest("div.rounded-xl") as HTMLElement;

describe("AnalyticsOverview", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each figure with its real change, and the top countries in pt-BR", async () => {
    stub({
      "/api/analytics": { status: 200, body: summary },
      "/api/analytics/advanced?range=30d": { status: 200, body: { daily_clicks: [] } },
      "/api/link-pages": { status: 200, body: [] },
    });
    renderOverview();
    await screen.findByText("300");
    // Week is the default period; last week had no clicks, so no figure.
    expect(within(card("Total de Cliques")).getByText("40")).toBeTruthy();
    expect(within(card("Total de Cliques")).queryByText(/vs/)).toBeNull();
    expect(within(card("Hoje")).getByText("+50% vs ontem")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Este Mês" }));
    expect(within(card("Total de Cliques")).getByText("90")).toBeTruthy();
    expect(within(card("Total de Cliques")).getByText("-10% vs mês anterior")).toBeTruthy();

    const countries = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(countries[0]).toContain("Brasil");
    expect(countries[1]).toContain("Estados Unidos");
    expect(screen.getByText(ANALYTICS_MESSAGES.noClicks)).toBeTruthy();
  });

  it("names clicks of no known country 'Desconhecido', as a link's own breakdown does", async () => {
    stub({
      "/api/analytics": {
        status: 200,
        body: { ...summary, top_countries: [{ country: "", clicks: 4 }] },
      },
      "/api/analytics/advanced?range=30d": { status: 200, body: { daily_clicks: [] } },
      "/api/link-pages": { status: 200, body: [] },
    });
    renderOverview();
    await screen.findByText("300");
    const countries = within(screen.getByRole("heading", { name: "Países Principais" }).closest("section")!);
    expect(countries.getByRole("listitem").textContent).toContain("Desconhecido");
    expect(countries.queryByText(ANALYTICS_MESSAGES.noCountries)).toBeNull();
  });

  it("shows the empty texts and the server's error", async () => {
    stub({
      "/api/analytics": { status: 403, body: { error: "Acesso negado." } },
      "/api/analytics/advanced?range=30d": { status: 200, body: { daily_clicks: [] } },
      "/api/link-pages": { status: 200, body: [] },
    });
    renderOverview();
    expect((await screen.findByRole("alert")).textContent).toBe("Acesso negado.");
    expect(screen.getByText(ANALYTICS_MESSAGES.noCountries)).toBeTruthy();
  });

  it("leads to each Link Bio page's own figures, and lists none without pages", async () => {
    stub({
      "/api/analytics": { status: 200, body: summary },
      "/api/analytics/advanced?range=30d": { status: 200, body: { daily_clicks: [] } },
      "/api/link-pages": {
        status: 200,
        body: [linkPage(4, "Loja da Ana", "ana", 1234), linkPage(9, "Banda", "banda", 1)],
      },
    });
    renderOverview();
    const section = await screen.findByRole("region", { name: "Estatísticas por Link Bio" });
    // The row shows the page's clicks; its views and CTR are one step away.
    within(section).getByText("Abra uma página para ver suas visualizações, cliques e CTR.");
    const links = await within(section).findAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Loja da Ana/p/ana1.234 cliques", "/analytics/link-pages/4"],
      ["Banda/p/banda1 clique", "/analytics/link-pages/9"],
    ]);
  });

  it("has no page list while the user has no Link Bio", async () => {
    stub({
      "/api/analytics": { status: 200, body: summary },
      "/api/analytics/advanced?range=30d": { status: 200, body: { daily_clicks: [] } },
      "/api/link-pages": { status: 200, body: [] },
    });
    renderOverview();
    await screen.findByText("300");
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Estatísticas por Link Bio" })).toBeNull(),
    );
    expect(screen.getByRole("link", { name: /Criar Nova Link Bio/ })).toBeTruthy();
  });
});
