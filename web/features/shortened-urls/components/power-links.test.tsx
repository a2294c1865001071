import {
  POWER_LINK_MESSAGES,
  SHORT_URL_IMPORT_COLUMNS,
  SHORT_URL_IMPORT_MESSAGES,
  type ShortenedUrl,
} from "@common/contract/shortened-urls";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { fakeApi, renderWithProviders } from "../../../../tests/web-fake-api";
import { shortenedUrl } from "../test-helpers";
import { ShortenedUrlForm } from "./shortened-url-form";
import { ShortenedUrlList } from "./shortened-url-list";

const link = (over: Partial<ShortenedUrl> = {}) =>
  shortenedUrl({
    id: 7,
    original_url: "https://loja.com.br/p?cor=azul&utm_source=ig&utm_campaign=natal#topo",
    title: "Promoção",
    short_code: "promo",
    rules: [
      { type: "device", value: "ios", url: "https://apps.apple.com/x" },
      { type: "country", value: "PT", url: "https://loja.pt/" },
    ],
    click_limit: 100,
    limit_used: 3,
    has_password: true,
    ...over,
  });
const domains = DEFAULT_DOMAINS;
const fill = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the shortener form's UTM builder and advanced options", () => {
  beforeEach(() => {
    stubClipboard();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("merges the UTM fields into the target and sends the rules in their order", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "POST /api/shortened-urls": () => ({ status: 201, body: link({ id: 9 }) }),
    });
    renderWithProviders(<ShortenedUrlForm />);
    fill(/URL Original/, "https://loja.com.br/p?cor=azul#topo");
    fill(/utm_source/, "instagram");
    fill(/utm_campaign/, "natal 2026");
    expect(screen.getByTestId("utm-final-url").textContent).toBe(
      "https://loja.com.br/p?cor=azul&utm_source=instagram&utm_campaign=natal+2026#topo",
    );
    fireEvent.click(screen.getByRole("button", { name: "Adicionar regra" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar regra" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar regra" }));
    fill("Valor da regra 1", "android");
    fill("Destino da regra 1", "https://play.google.com/x");
    fill("Tipo da regra 2", "country");
    fill("Valor da regra 2", "br");
    fill("Destino da regra 2", "https://loja.com.br/br");
    fireEvent.click(screen.getByRole("button", { name: "Remover regra 3" }));
    fireEvent.click(screen.getByRole("button", { name: "Subir regra 2" }));
    fill(/Limite de cliques/, "50");
    fill(/Destino após expirar/, "https://loja.com.br/fim");
    fill(/Senha do link/, "segredo");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      original_url: "https://loja.com.br/p?cor=azul&utm_source=instagram&utm_campaign=natal+2026#topo",
      rules: [
        { type: "country", value: "BR", url: "https://loja.com.br/br" },
        { type: "device", value: "android", url: "https://play.google.com/x" },
      ],
      click_limit: 50,
      expired_url: "https://loja.com.br/fim",
      password: "segredo",
    });
  });

  it("sends 'Abrir no app' on by default, and off once switched off", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "POST /api/shortened-urls": () => ({ status: 201, body: link({ id: 9 }) }),
    });
    renderWithProviders(<ShortenedUrlForm />);
    const openInApp = screen.getByRole("switch", { name: "Abrir no app" });
    expect(openInApp.getAttribute("aria-checked")).toBe("true");
    expect(openInApp.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(openInApp.getAttribute("aria-describedby")!)?.textContent).toMatch(
      /^Quem abrir pelo Instagram, TikTok e outros apps vai direto para o app do link/,
    );
    const posts = () => calls.filter((c) => c.method === "POST");

    fill(/URL Original/, "https://youtube.com/watch?v=abc");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ open_in_app: true });

    // The form is cleared after a link is made: the switch is back on.
    await waitFor(() => expect((screen.getByLabelText(/URL Original/) as HTMLInputElement).value).toBe(""));
    expect(openInApp.getAttribute("aria-checked")).toBe("true");
    fill(/URL Original/, "https://loja.com.br/");
    fireEvent.click(openInApp);
    expect(openInApp.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]?.body).toMatchObject({ original_url: "https://loja.com.br/", open_in_app: false });
  });

  it("fills the UTM fields from a pasted target", () => {
    fakeApi({ "GET /api/user/available-domains": () => ({ body: domains }) });
    renderWithProviders(<ShortenedUrlForm />);
    fill(/URL Original/, "https://a.com.br/?utm_medium=email&utm_term=sapato");
    expect((screen.getByLabelText(/utm_medium/) as HTMLInputElement).value).toBe("email");
    expect((screen.getByLabelText(/utm_term/) as HTMLInputElement).value).toBe("sapato");
  });

  it("shows the schema's and the server's messages by field, rules included", async () => {
    fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "POST /api/shortened-urls": () => ({
        status: 400,
        body: {
          error: "Este endereço aponta para uma rede interna e não pode ser usado.",
          details: { "rules.0.url": "Este endereço aponta para uma rede interna e não pode ser usado." },
        },
      }),
    });
    renderWithProviders(<ShortenedUrlForm />);
    fill(/URL Original/, "https://a.com.br");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar regra" }));
    fill("Tipo da regra 1", "country");
    fill("Valor da regra 1", "Brasil");
    fill(/Limite de cliques/, "0");
    fill(/Senha do link/, "abc");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    expect(await screen.findByText(POWER_LINK_MESSAGES.ruleCountry)).toBeTruthy();
    expect(screen.getByText(POWER_LINK_MESSAGES.clickLimit)).toBeTruthy();
    expect(screen.getByText(POWER_LINK_MESSAGES.passwordLength)).toBeTruthy();
    expect(screen.getByLabelText("Valor da regra 1").getAttribute("aria-invalid")).toBe("true");

    fill("Valor da regra 1", "BR");
    fill("Destino da regra 1", "http://10.0.0.1/");
    fill(/Limite de cliques/, "");
    fill(/Senha do link/, "");
    fireEvent.click(screen.getByRole("button", { name: "Encurtar URL" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Destino da regra 1").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(
      screen.getAllByText("Este endereço aponta para uma rede interna e não pode ser usado.").length,
    ).toBe(2);
  });
});

describe("editing a link from the list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("opens the form prefilled, sends the changes, updates the row and says so", async () => {
    const success = vi.spyOn(toast, "success");
    const saved = link({ title: "Promoção nova", original_url: "https://loja.com.br/novo" });
    let current = link();
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": () => ({ body: [current], headers: { "x-total-count": "1" } }),
      "PUT /api/shortened-urls/7": () => {
        current = saved;
        return { body: saved };
      },
    });
    renderWithProviders(<ShortenedUrlList />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar" }));
    const dialog = screen.getByRole("dialog", { name: "Editar link curto" });
    const inDialog = within(dialog);
    expect((inDialog.getByLabelText(/URL Original/) as HTMLInputElement).value).toBe(link().original_url);
    expect((inDialog.getByLabelText(/utm_source/) as HTMLInputElement).value).toBe("ig");
    expect((inDialog.getByLabelText(/utm_campaign/) as HTMLInputElement).value).toBe("natal");
    expect((inDialog.getByLabelText(/Limite de cliques/) as HTMLInputElement).value).toBe("100");
    expect((inDialog.getByLabelText("Destino da regra 2") as HTMLInputElement).value).toBe(
      "https://loja.pt/",
    );
    // Clicked (limit_used 3): the code is fixed.
    expect((inDialog.getByLabelText(/Código Personalizado/) as HTMLInputElement).disabled).toBe(true);
    expect(inDialog.getByText(POWER_LINK_MESSAGES.codeLocked)).toBeTruthy();

    fill(/Título/, "Promoção nova");
    fireEvent.change(inDialog.getByLabelText(/utm_source/), { target: { value: "" } });
    fireEvent.click(inDialog.getByLabelText("Remover senha"));
    const openInApp = inDialog.getByRole("switch", { name: "Abrir no app" });
    expect(openInApp.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(openInApp);
    fireEvent.click(inDialog.getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({
      original_url: "https://loja.com.br/p?cor=azul&utm_campaign=natal#topo",
      title: "Promoção nova",
      rules: link().rules,
      click_limit: 100,
      expired_url: null,
      password: null,
      open_in_app: false,
    });
    expect(success).toHaveBeenCalledWith(POWER_LINK_MESSAGES.updated);
    expect(await screen.findByText("Promoção nova")).toBeTruthy();
  });

  it("starts from a link's 'Abrir no app' switched off, with the advanced options open, and keeps it off", async () => {
    const plain = link({ rules: [], click_limit: null, has_password: false, open_in_app: false });
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": () => ({ body: [plain], headers: { "x-total-count": "1" } }),
      "PUT /api/shortened-urls/7": () => ({ body: plain }),
    });
    renderWithProviders(<ShortenedUrlList />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar" }));
    const inDialog = within(screen.getByRole("dialog", { name: "Editar link curto" }));
    const openInApp = inDialog.getByRole("switch", { name: "Abrir no app" });
    expect(openInApp.getAttribute("aria-checked")).toBe("false");
    expect(openInApp.closest("details")?.open).toBe(true);
    fireEvent.click(inDialog.getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ open_in_app: false });
  });
});

describe("import and export", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("uploads the chosen file, shows the progress and the report of refused rows", async () => {
    let release: () => void = () => {};
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": () => ({ body: [], headers: { "x-total-count": "0" } }),
      "POST /api/shortened-urls/import": () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                created: 2,
                refused: [{ row: 3, field: "original_url", message: "URL é obrigatória" }],
              },
            });
        }),
    });
    renderWithProviders(<ShortenedUrlList />);
    expect(screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")).toBe(
      "/api/shortened-urls/export.csv",
    );
    fireEvent.click(screen.getByRole("button", { name: "Importar CSV" }));
    const dialog = within(screen.getByRole("dialog", { name: "Importar CSV" }));
    // Every column, open_in_app included, as one line to copy (it may wrap after a comma).
    expect(dialog.getByText(/^original_url,/).textContent).toBe(SHORT_URL_IMPORT_COLUMNS.join(","));
    expect(SHORT_URL_IMPORT_COLUMNS).toContain("open_in_app");
    fireEvent.click(dialog.getByRole("button", { name: "Importar" }));
    expect(dialog.getByRole("alert").textContent).toBe("Escolha um arquivo CSV.");
    const csv = "original_url;title\nhttps://a.com.br;A\n;sem url\nhttps://b.com.br;B\n";
    fireEvent.change(dialog.getByLabelText("Arquivo CSV"), {
      target: { files: [new File([csv], "links.csv", { type: "text/csv" })] },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Importar" }));
    expect(await dialog.findByRole("button", { name: "Importando..." })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ csv });
    release();
    expect(await dialog.findByText(/2 links importados\. 1 linha recusada\./)).toBeTruthy();
    const cells = dialog.getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["3", "URL", "URL é obrigatória"]);
  });

  it("refuses a file over 1 MB without sending it", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": () => ({ body: domains }),
      "GET /api/shortened-urls": () => ({ body: [], headers: { "x-total-count": "0" } }),
    });
    renderWithProviders(<ShortenedUrlList />);
    fireEvent.click(screen.getByRole("button", { name: "Importar CSV" }));
    const dialog = within(screen.getByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Arquivo CSV"), {
      target: { files: [new File(["x".repeat(1024 * 1024 + 1)], "grande.csv")] },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Importar" }));
    expect(dialog.getByRole("alert").textContent).toBe(SHORT_URL_IMPORT_MESSAGES.tooLarge);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
