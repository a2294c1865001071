import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { availableDomain } from "../../../../tests/web-domains";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { shortenedUrl } from "../test-helpers";
import { RecentUrls } from "./recent-urls";

const url = (id: number) =>
  shortenedUrl({ id, original_url: `https://exemplo.com.br/${id}`, short_code: `c${id}xyz`, click_count: 2 });
const domains = [availableDomain({ domain: "atalho.app" })];

function serve(total: number) {
  return fakeApi({
    "GET /api/user/available-domains": () => ({ body: domains }),
    "GET /api/shortened-urls": () => ({
      body: Array.from({ length: Math.min(total, 5) }, (_, i) => url(total - i)),
      headers: { "x-total-count": String(total) },
    }),
  });
}

describe("RecentUrls", () => {
  beforeEach(() => {
    stubClipboard();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the 5 newest, links to all of them and copies a short link from this origin", async () => {
    const calls = serve(7);
    renderWithProviders(<RecentUrls />);
    expect((await screen.findByRole("link", { name: /Ver todas as URLs \(7\)/ })).getAttribute("href")).toBe(
      "/url-shortener",
    );
    expect(calls.find((c) => c.url.startsWith("/api/shortened-urls"))?.url).toContain("limit=5");
    expect(screen.getAllByRole("link", { name: "Abrir URL original" })).toHaveLength(5);
    fireEvent.click(screen.getAllByRole("button", { name: "Copiar link curto" })[0]!);
    await waitFor(() =>
      expect(navigator.clipboard.writeText).toHaveBeenCalledWith(`${window.location.origin}/s/c7xyz`),
    );
    expect(await screen.findByText("Copiado!")).toBeTruthy();
  });

  it("has no 'Ver todas' link with 5 or fewer, and an empty state with none", async () => {
    serve(5);
    const { unmount } = renderWithProviders(<RecentUrls />);
    await screen.findAllByRole("link", { name: "Abrir URL original" });
    expect(screen.queryByText(/Ver todas as URLs/)).toBeNull();
    unmount();
    serve(0);
    renderWithProviders(<RecentUrls />);
    expect(await screen.findByText("Você ainda não encurtou nenhuma URL.")).toBeTruthy();
  });
});
