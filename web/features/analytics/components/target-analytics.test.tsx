import {
  ANALYTICS_MESSAGES,
  type PageAnalytics,
  type TargetAnalytics as TargetFigures,
} from "@common/contract/analytics";
import { addDays, dayOf } from "@common/time";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_IN_APP_VISITS } from "./open-in-app-figures";
import { TargetAnalytics } from "./target-analytics";

function renderTarget(
  status: number,
  body: unknown,
  kind: "shortened-urls" | "link-pages" = "shortened-urls",
) {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TargetAnalytics kind={kind} id="7" heading={<h1>Promo</h1>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const card = (label: string) =>
  screen.getByText(label, { selector: "p" }).closest("div.rounded-xl") as HTMLElement;
const region = (name: string) => screen.getByRole("region", { name });
const rowsOf = (name: string) =>
  within(region(name))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

const noClicks: TargetFigures = {
  total_clicks: 0,
  unique_visitors: 0,
  bot_clicks: 0,
  daily_clicks: [],
  countries: [],
  referrers: [],
  devices: [],
  browsers: [],
  os: [],
  in_app: { visits: 0, share: 0, app_opens: 0, browser_opens: 0, app_open_share: 0, apps: [] },
};

const page: PageAnalytics = {
  ...noClicks,
  total_clicks: 150,
  views: 1200,
  unique_visitors: 800,
  clicks: 150,
  ctr: 0.125,
  daily: [
    { date: "2026-11-21", views: 200, unique_visitors: 150, clicks: 50 },
    { date: "2026-11-22", views: 1000, unique_visitors: 650, clicks: 100 },
  ],
  blocks: [
    { id: 3, type: "whatsapp", title: "(11) 98765-4321", clicks: 100, ctr: 100 / 1200 },
    { id: 1, type: "link", title: "Loja", clicks: 50, ctr: 50 / 1200 },
    { id: 5, type: "pix", title: "Ana · R$ 50,00 · E-mail", clicks: 0, ctr: 0 },
  ],
  countries: [
    { value: "BR", views: 1000, clicks: 140 },
    { value: "", views: 200, clicks: 10 },
  ],
  referrers: [
    { value: "instagram.com", views: 700, clicks: 100 },
    { value: "", views: 500, clicks: 50 },
  ],
  devices: [
    { value: "mobile", views: 1100, clicks: 140 },
    { value: "desktop", views: 100, clicks: 10 },
  ],
  browsers: [{ value: "Chrome", views: 1200, clicks: 150 }],
  os: [],
  in_app: {
    visits: 900,
    share: 0.75,
    app_opens: 1,
    browser_opens: 0,
    app_open_share: 1 / 90,
    apps: [
      { value: "Instagram", visits: 720 },
      { value: "TikTok", visits: 180 },
    ],
  },
};

describe("TargetAnalytics of a short link", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows its clicks and unique visitors, and ranks clicks by country, origin, device, browser and OS in pt-BR", async () => {
    renderTarget(200, {
      ...noClicks,
      total_clicks: 6,
      unique_visitors: 4,
      countries: [{ value: "BR", clicks: 6 }],
      referrers: [
        { value: "", clicks: 4 },
        { value: "instagram.com", clicks: 2 },
      ],
      devices: [
        { value: "mobile", clicks: 5 },
        { value: "desktop", clicks: 1 },
      ],
      browsers: [{ value: "Chrome", clicks: 6 }],
      os: [{ value: "", clicks: 6 }],
    });
    expect(await screen.findByText("Brasil")).toBeTruthy();
    expect(within(card("Cliques")).getByText("6")).toBeTruthy();
    expect(within(card("Visitantes únicos")).getByText("4")).toBeTruthy();
    expect(screen.getByText("Direto")).toBeTruthy();
    expect(screen.getByText("instagram.com")).toBeTruthy();
    expect(screen.getByText("Celular")).toBeTruthy();
    expect(screen.getByText("Chrome")).toBeTruthy();
    expect(screen.getByText("Desconhecido")).toBeTruthy();
  });

  it("shows how many visits came from in-app browsers, where they were sent and from which apps", async () => {
    renderTarget(200, {
      ...noClicks,
      total_clicks: 40,
      in_app: {
        visits: 15,
        share: 0.375,
        app_opens: 12,
        browser_opens: 3,
        app_open_share: 0.8,
        apps: [
          { value: "TikTok", visits: 5 },
          { value: "Instagram", visits: 10 },
        ],
      },
    });
    const inApp = within(await screen.findByRole("region", { name: "Abrir no app" }));
    expect(
      await inApp.findByText(
        (_, el) =>
          el?.tagName === "P" &&
          el.textContent === "37,5% das visitas vieram de apps como Instagram e TikTok (15 visitas)",
      ),
    ).toBeTruthy();
    expect(inApp.getByText("12 aberturas no app")).toBeTruthy();
    expect(inApp.getByText("(80% dos cliques feitos em apps)")).toBeTruthy();
    expect(inApp.getByText("3 aberturas no navegador")).toBeTruthy();
    expect(
      inApp
        .getAllByRole("listitem")
        .slice(2)
        .map((li) => li.textContent),
    ).toEqual(["Instagram1067%", "TikTok533%"]);
  });

  it("says when no visit came from an in-app browser", async () => {
    renderTarget(200, noClicks);
    const inApp = within(await screen.findByRole("region", { name: "Abrir no app" }));
    expect(await inApp.findByText(NO_IN_APP_VISITS)).toBeTruthy();
    expect(inApp.queryByText(/aberturas no app/)).toBeNull();
  });

  it("names its chart by the period's clicks, and says when there are none", async () => {
    // The label sums the chart's days (the total card may count days the chart does not show).
    const today = dayOf(Date.now());
    const daily_clicks = [
      { date: addDays(today, -3), clicks: 1000 },
      { date: today, clicks: 234 },
    ];
    renderTarget(200, { ...noClicks, total_clicks: 5000, daily_clicks });
    expect(await screen.findByRole("img", { name: "1.234 cliques no período" })).toBeTruthy();
    cleanup();
    renderTarget(200, noClicks);
    expect(await screen.findByText(ANALYTICS_MESSAGES.noClicks)).toBeTruthy();
    expect(screen.queryByRole("img", { name: /no período/ })).toBeNull();
  });

  it("has no page-only figures: no views, no blocks, no CSV", async () => {
    renderTarget(200, noClicks);
    expect(await screen.findByRole("region", { name: "Países" })).toBeTruthy();
    expect(screen.queryByText("Visualizações")).toBeNull();
    expect(screen.queryByRole("region", { name: "Cliques por bloco" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Exportar CSV" })).toBeNull();
  });

  it("says the link was not found on a 404, with a way back", async () => {
    renderTarget(404, { error: "URL não encontrada" });
    expect(await screen.findByRole("heading", { name: "URL não encontrada" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar para Encurtar URL" }).getAttribute("href")).toBe(
      "/url-shortener",
    );
  });
});

describe("TargetAnalytics of a Link Bio page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows views, unique visitors, clicks and the CTR as a pt-BR percent", async () => {
    renderTarget(200, page, "link-pages");
    expect(await screen.findByText("12,5%")).toBeTruthy();
    expect(within(card("Visualizações")).getByText("1.200")).toBeTruthy();
    expect(within(card("Visitantes únicos")).getByText("800")).toBeTruthy();
    expect(within(card("Cliques")).getByText("150")).toBeTruthy();
    expect(within(card("CTR")).getByText("12,5%")).toBeTruthy();
    expect(screen.getByRole("img", { name: "1.200 visualizações e 150 cliques no período" })).toBeTruthy();
  });

  it("lists its blocks as served, with clicks and CTR, and the breakdowns with views and clicks", async () => {
    renderTarget(200, page, "link-pages");
    await screen.findByText("12,5%");
    expect(
      within(region("Cliques por bloco"))
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Bloco", "Cliques", "CTR"]);
    expect(rowsOf("Cliques por bloco")).toEqual([
      ["WhatsApp: (11) 98765-4321", "100", "8,3%"],
      ["Link: Loja", "50", "4,2%"],
      ["Pix: Ana · R$ 50,00 · E-mail", "0", "0%"],
    ]);
    expect(
      within(region("Países"))
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["País", "Visualizações", "Cliques"]);
    expect(rowsOf("Países")).toEqual([
      ["Brasil", "1.000", "140"],
      ["Desconhecido", "200", "10"],
    ]);
    expect(rowsOf("Origem")).toEqual([
      ["instagram.com", "700", "100"],
      ["Direto", "500", "50"],
    ]);
    expect(rowsOf("Dispositivos")).toEqual([
      ["Celular", "1.100", "140"],
      ["Desktop", "100", "10"],
    ]);
    expect(rowsOf("Navegadores")).toEqual([["Chrome", "1.200", "150"]]);
    expect(within(region("Sistemas Operacionais")).getByText("Nenhum dado de sistema ainda")).toBeTruthy();
    const inApp = within(region("Abrir no app"));
    expect(inApp.getByText("75%")).toBeTruthy();
    expect(inApp.getByText("(900 visitas)")).toBeTruthy();
    expect(inApp.getByText("1 abertura no app")).toBeTruthy();
    expect(inApp.getByText("(1,1% dos cliques feitos em apps)")).toBeTruthy();
    expect(inApp.getByText("0 aberturas no navegador")).toBeTruthy();
    expect(inApp.getByText("Instagram")).toBeTruthy();
  });

  it("exports the period shown as CSV", async () => {
    const fetch = renderTarget(200, page, "link-pages");
    await screen.findByText("12,5%");
    const csv = screen.getByRole("link", { name: "Exportar CSV" });
    expect(csv.getAttribute("href")).toBe("/api/link-pages/7/analytics/export.csv?range=30d");
    expect(csv.hasAttribute("download")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "7 dias" }));
    expect(csv.getAttribute("href")).toBe("/api/link-pages/7/analytics/export.csv?range=7d");
    await screen.findByText("12,5%");
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/analytics/link-pages/7?range=7d");
  });

  it("says there is no data yet without views or clicks, and a 0% CTR with views but no clicks", async () => {
    const empty = { ...page, views: 0, unique_visitors: 0, clicks: 0, ctr: 0, total_clicks: 0 };
    renderTarget(
      200,
      { ...empty, daily: page.daily.map((d) => ({ ...d, views: 0, unique_visitors: 0, clicks: 0 })) },
      "link-pages",
    );
    expect(await screen.findByText(ANALYTICS_MESSAGES.noPageData)).toBeTruthy();
    expect(within(card("CTR")).getByText("0%")).toBeTruthy();
    cleanup();

    renderTarget(
      200,
      { ...empty, views: 40, daily: page.daily.map((d) => ({ ...d, views: 20, clicks: 0 })) },
      "link-pages",
    );
    expect(await screen.findByText("40")).toBeTruthy();
    expect(within(card("Cliques")).getByText("0")).toBeTruthy();
    expect(within(card("CTR")).getByText("0%")).toBeTruthy();
    expect(screen.getByRole("img", { name: "40 visualizações e 0 cliques no período" })).toBeTruthy();
  });

  it("says the page was not found on a 404, with a way back", async () => {
    renderTarget(404, { error: "Página não encontrada" }, "link-pages");
    expect(await screen.findByRole("heading", { name: "Página não encontrada" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar para Link Bio" }).getAttribute("href")).toBe(
      "/link-pages",
    );
  });
});
