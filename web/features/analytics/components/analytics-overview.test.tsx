import type { AnalyticsSummary } from "@common/contract/analytics";
import { ANALYTICS_MESSAGES } from "@common/contract/analytics";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
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

const card = (label: string) =>
  screen.getByText(label, { selector: "p" }).closest("div.rounded-xl") as HTMLElement;

describe("AnalyticsOverview", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each figure with its real change, and the top countries in pt-BR", async () => {
    stub({
      "/api/analytics": { status: 200, body: summary },
      "/api/analytics/advanced?range=30d": { status: 200, body: { daily_clicks: [] } },
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
    });
    renderOverview();
    expect((await screen.findByRole("alert")).textContent).toBe("Acesso negado.");
    expect(screen.getByText(ANALYTICS_MESSAGES.noCountries)).toBeTruthy();
  });
});
