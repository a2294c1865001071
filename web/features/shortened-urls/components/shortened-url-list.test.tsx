import type { ShortenedUrl } from "@common/contract/shortened-urls";
import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { shortenedUrl } from "../test-helpers";
import { ShortenedUrlList } from "./shortened-url-list";

const url = (id: number, over: Partial<ShortenedUrl> = {}) =>
  shortenedUrl({
    id,
    original_url: `https://exemplo.com.br/${id}`,
    title: `Link ${id}`,
    short_code: `code${id}`,
    click_count: id,
    ...over,
  });
const domains = DEFAULT_DOMAINS;

describe("ShortenedUrlList", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the total, the rows and loads the next page by offset", async () => {
    const all = Array.from({ length: 25 }, (_, i) => url(25 - i));
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": ({ url: u }) => {
        const params = new URL(u, "http://x").searchParams;
        const offset = Number(params.get("offset"));
        const limit = Number(params.get("limit"));
        return { body: all.slice(offset, offset + limit), headers: { "x-total-count": "25" } };
      },
    });
    // NOTE: text queries, not role queries: role queries over 25 rows are slow in jsdom.
    const { container } = renderWithProviders(<ShortenedUrlList />);
    expect(await screen.findByText("Suas URLs (25)")).toBeTruthy();
    expect(container.querySelectorAll("li")).toHaveLength(20);
    fireEvent.click(screen.getByText("Carregar mais"));
    await waitFor(() => expect(container.querySelectorAll("li")).toHaveLength(25));
    expect(calls.some((c) => c.url.includes("offset=20"))).toBe(true);
    expect(screen.queryByText("Carregar mais")).toBeNull();
  }, 15_000);

  it("searches on the server and says when nothing matches", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": ({ url: u }) =>
        u.includes("q=")
          ? { body: [], headers: { "x-total-count": "0" } }
          : { body: [url(1)], headers: { "x-total-count": "1" } },
    });
    renderWithProviders(<ShortenedUrlList />);
    await screen.findByText("Link 1");
    fireEvent.change(screen.getByLabelText("Buscar URLs"), { target: { value: "natal" } });
    expect(await screen.findByText("Nenhuma URL encontrada")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("q=natal"))).toBe(true);
  });

  it("says 'mais de 10.000' for a search the server did not count, and loads while pages come full", async () => {
    // 20 matches a page, 45 in all: the server counts none of them (no X-Total-Count).
    const all = Array.from({ length: 45 }, (_, i) => url(45 - i));
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": ({ url: u }) => {
        const params = new URL(u, "http://x").searchParams;
        if (!params.get("q")) return { body: [url(1)], headers: { "x-total-count": "1" } };
        const offset = Number(params.get("offset"));
        return { body: all.slice(offset, offset + Number(params.get("limit"))) };
      },
    });
    const { container } = renderWithProviders(<ShortenedUrlList />);
    expect(await screen.findByText("Suas URLs (1)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Buscar URLs"), { target: { value: "oferta" } });
    expect(await screen.findByText("Suas URLs (mais de 10.000)")).toBeTruthy();
    fireEvent.click(await screen.findByText("Carregar mais"));
    await waitFor(() => expect(container.querySelectorAll("li")).toHaveLength(40));
    fireEvent.click(screen.getByText("Carregar mais"));
    await waitFor(() => expect(container.querySelectorAll("li")).toHaveLength(45));
    // A page that came short was the last.
    expect(screen.queryByText("Carregar mais")).toBeNull();
    expect(calls.filter((c) => c.url.includes("q=oferta")).map((c) => c.url)).toEqual([
      expect.stringContaining("offset=0"),
      expect.stringContaining("offset=20"),
      expect.stringContaining("offset=40"),
    ]);
  }, 15_000);

  it("marks expired links and dates them in pt-BR", async () => {
    fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": () => ({
        body: [url(1, { expires_at: "2020-01-02T15:00:00.000Z" })],
        headers: { "x-total-count": "1" },
      }),
    });
    renderWithProviders(<ShortenedUrlList />);
    expect(await screen.findByText("Expirado")).toBeTruthy();
    expect(screen.getByText("Criada em 20/11/2026")).toBeTruthy();
    expect(screen.getByText("Expirou em 02/01/2020")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Estatísticas" }).getAttribute("href")).toBe(
      "/analytics/shortened-urls/1",
    );
  });

  it("deletes only after the confirmation, and keeps the row when the server refuses", async () => {
    let deleted = false;
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": () =>
        deleted
          ? { body: [], headers: { "x-total-count": "0" } }
          : { body: [url(1)], headers: { "x-total-count": "1" } },
      "DELETE /api/shortened-urls/1": () => (deleted ? { status: 204 } : { status: 500, body: {} }),
    });
    renderWithProviders(<ShortenedUrlList />);
    const row = (await screen.findByText("Link 1")).closest("li")!;
    const title = `Excluir a URL ${window.location.host}/s/code1?`;
    fireEvent.click(within(row).getByRole("button", { name: "Excluir" }));
    let dialog = within(screen.getByRole("alertdialog", { name: title }));
    expect(dialog.getByText(SHORT_URL_MESSAGES.confirmDelete)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(within(row).getByRole("button", { name: "Excluir" }));
    dialog = within(screen.getByRole("alertdialog", { name: title }));
    fireEvent.click(dialog.getByRole("button", { name: "Excluir URL" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(SHORT_URL_MESSAGES.deleteFailed);
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    expect(screen.getByText("Link 1")).toBeTruthy();

    deleted = true;
    fireEvent.click(dialog.getByRole("button", { name: "Excluir URL" }));
    expect(await screen.findByText("Você ainda não encurtou nenhuma URL")).toBeTruthy();
  });
});
