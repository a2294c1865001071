import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TargetAnalytics } from "./target-analytics";

function renderTarget(
  status: number,
  body: unknown,
  kind: "shortened-urls" | "link-pages" = "shortened-urls",
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TargetAnalytics kind={kind} id="7" heading={<h1>Promo</h1>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("TargetAnalytics", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("ranks clicks by country, origin, device, browser and OS in pt-BR", async () => {
    renderTarget(200, {
      total_clicks: 6,
      bot_clicks: 0,
      daily_clicks: [],
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
    expect(screen.getByText("Direto")).toBeTruthy();
    expect(screen.getByText("instagram.com")).toBeTruthy();
    expect(screen.getByText("Celular")).toBeTruthy();
    expect(screen.getByText("Chrome")).toBeTruthy();
    expect(screen.getByText("Desconhecido")).toBeTruthy();
  });

  it("lists a page's blocks by clicks, each with its type, and no such list for a short link", async () => {
    const empty = {
      total_clicks: 9,
      bot_clicks: 0,
      daily_clicks: [],
      countries: [],
      referrers: [],
      devices: [],
      browsers: [],
      os: [],
    };
    renderTarget(
      200,
      {
        ...empty,
        blocks: [
          { id: 3, type: "whatsapp", title: "(11) 98765-4321", clicks: 6 },
          { id: 1, type: "link", title: "Loja", clicks: 3 },
          { id: 5, type: "pix", title: "Ana · R$ 50,00 · E-mail", clicks: 0 },
        ],
      },
      "link-pages",
    );
    const section = await screen.findByRole("region", { name: "Cliques por bloco" });
    const rows = await within(section).findAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "WhatsApp: (11) 98765-4321667%",
      "Link: Loja333%",
      "Pix: Ana · R$ 50,00 · E-mail00%",
    ]);
    cleanup();
    renderTarget(200, empty);
    expect(await screen.findByRole("region", { name: "Países" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Cliques por bloco" })).toBeNull();
  });

  it("says the link was not found on a 404, with a way back", async () => {
    renderTarget(404, { error: "URL não encontrada" });
    expect(await screen.findByRole("heading", { name: "URL não encontrada" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar para Encurtar URL" }).getAttribute("href")).toBe(
      "/url-shortener",
    );
  });
});
