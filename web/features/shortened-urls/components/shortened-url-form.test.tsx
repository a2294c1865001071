import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { availableDomain } from "../../../../tests/web-domains";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { ShortenedUrlForm } from "./shortened-url-form";

const domains = [
  availableDomain(),
  availableDomain({
    id: 2,
    domain: "meu.link",
    display_name: "meu.link",
    is_default: false,
    is_premium: true,
  }),
];

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("ShortenedUrlForm", () => {
  beforeEach(() => {
    stubClipboard();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the schema's message under a bad URL and sends nothing", async () => {
    const calls = fakeApi({ "GET /api/user/available-domains": () => ({ body: domains }) });
    renderWithProviders(<ShortenedUrlForm />);
    fill(/URL Original/, "javascript:print()");
    fill(/Código Personalizado/, "com espaço");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    expect(await screen.findByText("Informe uma URL válida começando com http:// ou https://")).toBeTruthy();
    const code = screen.getByLabelText(/Código Personalizado/);
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(code.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe(
      SHORT_URL_MESSAGES.codeHint,
    );
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("previews the short URL on the chosen domain", async () => {
    fakeApi({ "GET /api/user/available-domains": () => ({ body: domains }) });
    renderWithProviders(<ShortenedUrlForm />);
    await screen.findByRole("option", { name: "meu.link" });
    fill(/Código Personalizado/, "promo");
    expect(screen.getByTestId("short-url-preview").textContent).toBe(`${window.location.origin}/s/promo`);
    fill(/Domínio/, "2");
    expect(screen.getByTestId("short-url-preview").textContent).toBe("https://meu.link/s/promo");
  });

  it("sends the parsed body, copies the new short link and clears the form", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "POST /api/shortened-urls": () => ({
        status: 201,
        body: {
          id: 9,
          original_url: "https://exemplo.com.br/",
          title: null,
          short_code: "promo",
          custom_domain_id: 2,
          click_count: 0,
          created_at: "2026-11-22T10:00:00.000Z",
          expires_at: null,
        },
      }),
    });
    renderWithProviders(<ShortenedUrlForm />);
    await screen.findByRole("option", { name: "meu.link" });
    fill(/URL Original/, "exemplo.com.br");
    fill(/Código Personalizado/, "promo");
    fill(/Domínio/, "2");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    await waitFor(() =>
      expect(navigator.clipboard.writeText).toHaveBeenCalledWith("https://meu.link/s/promo"),
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      original_url: "https://exemplo.com.br",
      title: null,
      custom_code: "promo",
      custom_domain_id: 2,
      expires_at: null,
      open_in_app: true,
    });
    expect((screen.getByLabelText(/URL Original/) as HTMLInputElement).value).toBe("");
  });

  it("shows the server's field error once, on the field, keeping what was typed", async () => {
    fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "POST /api/shortened-urls": () => ({
        status: 409,
        body: { error: SHORT_URL_MESSAGES.codeTaken, details: { custom_code: SHORT_URL_MESSAGES.codeTaken } },
      }),
    });
    renderWithProviders(<ShortenedUrlForm />);
    fill(/URL Original/, "https://exemplo.com.br");
    fill(/Código Personalizado/, "promo");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    const code = screen.getByLabelText(/Código Personalizado/) as HTMLInputElement;
    await waitFor(() => expect(code.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(SHORT_URL_MESSAGES.codeTaken)).toHaveLength(1);
    expect(document.getElementById(code.getAttribute("aria-describedby")!)?.textContent).toBe(
      SHORT_URL_MESSAGES.codeTaken,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(code.value).toBe("promo");
  });

  it("falls back to 'Erro ao encurtar URL' when the server fails without a message", async () => {
    fakeApi({
      "GET /api/user/available-domains": () => ({ status: 500, body: {} }),
      "POST /api/shortened-urls": () => ({ status: 500, body: {} }),
    });
    renderWithProviders(<ShortenedUrlForm />);
    // The domain list failed: the current host stands in as the default.
    expect(await screen.findByRole("option", { name: `${window.location.host} (padrão)` })).toBeTruthy();
    fill(/URL Original/, "https://exemplo.com.br");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    expect((await screen.findByRole("alert")).textContent).toBe(SHORT_URL_MESSAGES.shortenFailed);
  });
});
