import { readButtonStyle, resolveButtonStyle } from "@common/button-style";
import type { Block } from "@common/contract/link-blocks";
import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { LINK_TARGET_MESSAGES } from "@common/contract/urls";
import { findLinkPageTheme } from "@common/link-bio/themes";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { makePage } from "../../../../tests/web-link-pages";
import { fakeApi, renderRoutes } from "../test-helpers";
import { LinkPageEditor } from "./link-page-editor";
import { LinkPageEditorForm } from "./link-page-editor-form";

// The editor's form: the slug from the title, links before the first save, the plan's page limit
// said up front and once, the page's look (themes, background) and visibility, and the preview.
const routes = [
  { path: "/link-pages/new/edit", element: <LinkPageEditor key="new" idParam="new" /> },
  { path: "/link-pages/:id/edit", element: <p>Editor salvo</p> },
  { path: "/pricing", element: <p>Planos</p> },
];

beforeEach(() => {
  stubClipboard();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const title = () => screen.getByLabelText<HTMLInputElement>(/^Título \*/);
const slug = () => screen.getByLabelText<HTMLInputElement>(/^Slug da URL/);
const saveButton = () => screen.getByRole("button", { name: /Salvar Link Bio/ });
const FREE_USAGE = {
  link_pages: { used: 1, limit: 3 },
  shortened_urls: { used: 0, limit: 50 },
  clicks_this_month: { used: 0, limit: 5000 },
};

async function addLink(linkTitle: string, url: string) {
  const form = screen.getByRole("group", { name: "Adicionar link" });
  const add = await within(form).findByRole("button", { name: "Adicionar link" });
  fireEvent.change(within(form).getByLabelText("Título do link"), { target: { value: linkTitle } });
  fireEvent.change(within(form).getByLabelText("URL"), { target: { value: url } });
  fireEvent.click(add);
  // The form empties once the link is in the list.
  await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>("URL").value).toBe(""));
}

describe("the slug of a new page", () => {
  it("follows the title (accents out, spaces and punctuation to '-') until the user types one", () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Joana Silva!" } });
    expect(slug().value).toBe("joana-silva");
    fireEvent.change(title(), { target: { value: "Açaí da Conceição" } });
    expect(slug().value).toBe("acai-da-conceicao");

    fireEvent.change(slug(), { target: { value: "minha loja" } });
    expect(slug().value).toBe("minha-loja");
    fireEvent.change(title(), { target: { value: "Outro título" } });
    expect(slug().value).toBe("minha-loja");

    // Emptied, it follows the title again.
    fireEvent.change(slug(), { target: { value: "" } });
    fireEvent.change(title(), { target: { value: "Outro título" + " 2" } });
    expect(slug().value).toBe("outro-titulo-2");
  });
});

describe("links before the first save", () => {
  it("collects links in the form, in order, and creates them with the page", async () => {
    const created = makePage({ id: 51, title: "Joana Silva", slug: "joana-silva", links_count: 3 });
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/user/limits": { body: FREE_USAGE },
      "POST /api/link-pages": { status: 201, body: created },
    });
    const { router } = renderRoutes(routes, "/link-pages/new/edit");
    await screen.findByLabelText("Domínio");
    expect(screen.queryByText(/Salve a Link Bio primeiro/)).toBeNull();

    await addLink("Instagram", "https://instagram.com/joana");
    await addLink("Loja", "loja.exemplo.com.br");
    await addLink("WhatsApp", "https://wa.me/5511999999999");
    const list = await screen.findByRole("list", { name: "Links da página" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    // In the preview before any save, and reorderable.
    expect(screen.getByTestId("link-bio-preview").textContent).toContain("WhatsApp");
    fireEvent.click(screen.getByRole("button", { name: "Mover WhatsApp para cima" }));
    fireEvent.click(screen.getByRole("button", { name: "Remover Loja" }));
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Instagram"), expect.stringContaining("WhatsApp")]);
    expect(screen.getByRole("heading", { name: "Links (2)" })).toBeTruthy();

    fireEvent.change(title(), { target: { value: "Joana Silva" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/link-pages/51/edit"));
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      title: "Joana Silva",
      slug: "joana-silva",
      links: [
        { title: "Instagram", url: "https://instagram.com/joana" },
        { title: "WhatsApp", url: "https://wa.me/5511999999999" },
      ],
    });
  });

  it("keeps the links and shows the refused one's reason on it when the save fails", async () => {
    const message = `Link "Interno": ${LINK_TARGET_MESSAGES.internal}`;
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": {
        status: 400,
        body: { error: message, details: { "links.1.url": LINK_TARGET_MESSAGES.internal } },
      },
    });
    const { router } = renderRoutes(routes, "/link-pages/new/edit");
    await addLink("Site", "https://exemplo.com.br");
    await addLink("Interno", "http://192.168.0.1/");
    fireEvent.change(title(), { target: { value: "Ana" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(message)).toBeTruthy();
    const rows = within(screen.getByRole("list", { name: "Links da página" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText(LINK_TARGET_MESSAGES.internal)).toBeTruthy();
    expect(within(rows[0]!).queryByText(LINK_TARGET_MESSAGES.internal)).toBeNull();
    expect(router.state.location.pathname).toBe("/link-pages/new/edit");
  });
});

describe("the plan's page limit", () => {
  it("is said before the form is filled when the user is already at it, and save is off", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/user/limits": { body: { ...FREE_USAGE, link_pages: { used: 3, limit: 3 } } },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Você atingiu o limite de 3 Link Bios do seu plano.");
    expect(within(notice).getByRole("link", { name: "Ver planos" }).getAttribute("href")).toBe("/pricing");
    fireEvent.change(title(), { target: { value: "Quarta página" } });
    expect(saveButton()).toHaveProperty("disabled", true);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("is not in the way below the limit or when unlimited", async () => {
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/user/limits": { body: { ...FREE_USAGE, link_pages: { used: 40, limit: null } } },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    await screen.findByLabelText("Domínio");
    fireEvent.change(title(), { target: { value: "Mais uma" } });
    await waitFor(() => expect(saveButton()).toHaveProperty("disabled", false));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says a refused save once, in the notice, not again in a toast", async () => {
    const message =
      "Você atingiu o limite de 3 Link Bios do plano Gratuito. Faça upgrade em /pricing para criar mais.";
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/user/limits": { body: FREE_USAGE },
      "POST /api/link-pages": { status: 403, body: { error: message, details: { limit: "link_pages" } } },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Quarta" } });
    await waitFor(() => expect(saveButton()).toHaveProperty("disabled", false));
    fireEvent.click(saveButton());
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Você atingiu o limite de 3 Link Bios do plano Gratuito.");
    // Give a toast the time to appear: there must be none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(/Você atingiu o limite/)).toHaveLength(1);
  });
});

describe("the profile image", () => {
  it("says in pt-BR what it takes", () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    renderRoutes(routes, "/link-pages/new/edit");
    expect(screen.getByText(LINK_PAGE_MESSAGES.imageHint)).toBeTruthy();
    expect(screen.queryByText(/up to/)).toBeNull();
  });
});

/** Fills the title (the one thing a new page needs) and saves; the body sent. */
async function saveNewPage(calls: { method: string; body: unknown }[]) {
  fireEvent.change(title(), { target: { value: "Ana" } });
  fireEvent.click(saveButton());
  await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  return calls.find((c) => c.method === "POST")!.body as Record<string, unknown>;
}

const colorText = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: "input[type=text]" });

describe("the theme gallery", () => {
  it("fills the look's fields with the picked theme, which stay editable, and sends them", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": { status: 201, body: makePage({ id: 61 }) },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    const gallery = await screen.findByRole("group", { name: "Temas" });
    // A new page has the default look, which is no theme.
    expect(within(gallery).getAllByRole("radio").length).toBeGreaterThanOrEqual(10);
    expect(within(gallery).queryByRole("radio", { checked: true })).toBeNull();

    fireEvent.click(within(gallery).getByRole("radio", { name: "Oceano" }));
    const oceano = findLinkPageTheme("oceano")!;
    expect(within(gallery).getByRole("radio", { name: "Oceano" })).toHaveProperty("checked", true);
    expect(within(gallery).getByText(/Tema atual: Oceano/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Degradê" }).getAttribute("aria-pressed")).toBe("true");
    expect(colorText("Cor de Fundo").value).toBe(oceano.background_color);
    expect(colorText("Segunda cor do degradê").value).toBe(oceano.background_gradient_to);
    expect(screen.getByLabelText<HTMLSelectElement>("Direção do degradê").value).toBe("135deg");
    expect(colorText("Cor do Texto").value).toBe(oceano.text_color);

    // Still editable: a changed field is no theme's look any more.
    fireEvent.change(colorText("Cor do Texto"), { target: { value: "#f0f9ff" } });
    expect(within(gallery).queryByRole("radio", { checked: true })).toBeNull();
    fireEvent.click(within(gallery).getByRole("radio", { name: "Oceano" }));

    const body = await saveNewPage(calls);
    expect(body).toMatchObject({
      background_type: "gradient",
      background_color: oceano.background_color,
      background_gradient_to: oceano.background_gradient_to,
      background_gradient_direction: oceano.background_gradient_direction,
      text_color: oceano.text_color,
      button_font: "Montserrat",
      button_size: "medium",
    });
    expect(JSON.parse(body.button_style as string)).toEqual(
      resolveButtonStyle(readButtonStyle(oceano.button_style), undefined),
    );
  });

  it("says so when the themes cannot be read, and the rest of the form still works", async () => {
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-page-themes": { status: 500, body: { error: "Erro interno" } },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    expect(await screen.findByText("Não foi possível carregar os temas.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
    // Not an alert: the form around it works without the gallery.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(colorText("Cor de Fundo").value).toBe("#ffffff");
  });
});

describe("the page's background", () => {
  it("switches between a colour, a gradient and an image, and sends what is shown", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": { status: 201, body: makePage({ id: 62 }) },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    expect(screen.getByRole("button", { name: "Cor sólida" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByLabelText("Segunda cor do degradê")).toBeNull();

    // A gradient starts with a second colour of its own and checks the text over all of it.
    fireEvent.click(screen.getByRole("button", { name: "Degradê" }));
    expect(colorText("Segunda cor do degradê").value).not.toBe("");
    expect(screen.queryByText(/Contraste baixo/)).toBeNull();
    fireEvent.change(colorText("Segunda cor do degradê"), { target: { value: "#333333" } });
    expect(screen.getByText(/Contraste baixo .*o texto da página, em parte do degradê/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Direção do degradê"), { target: { value: "90deg" } });
    expect(screen.getByRole("option", { name: "Para a direita (90°)" })).toHaveProperty("selected", true);

    // An image, like the profile image: upload or URL, over the background colour.
    fireEvent.click(screen.getByRole("button", { name: "Imagem" }));
    expect(screen.queryByLabelText("Segunda cor do degradê")).toBeNull();
    expect(screen.getByText("Enviar imagem de fundo")).toBeTruthy();
    expect(screen.getByText(/a leitura do texto depende da imagem/)).toBeTruthy();
    expect(screen.queryByText(/Contraste baixo/)).toBeNull();
    fireEvent.change(screen.getByLabelText("URL da imagem de fundo"), {
      target: { value: "https://exemplo.com.br/fundo.jpg" },
    });

    const body = await saveNewPage(calls);
    expect(body).toMatchObject({
      background_type: "image",
      background_color: "#ffffff",
      background_image_url: "https://exemplo.com.br/fundo.jpg",
    });
  });

  it("shows the server's refusal of the image at the image", async () => {
    const message = "Imagem de fundo: este endereço não é aceito.";
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": {
        status: 400,
        body: { error: message, details: { background_image_url: message } },
      },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.click(screen.getByRole("button", { name: "Imagem" }));
    fireEvent.change(screen.getByLabelText("URL da imagem de fundo"), {
      target: { value: "https://exemplo.com.br/fundo.jpg" },
    });
    fireEvent.change(title(), { target: { value: "Ana" } });
    fireEvent.click(saveButton());
    const alert = await screen.findByText(message, { selector: "[role=alert]" });
    expect(alert.closest("details")?.querySelector("h2")?.textContent).toBe("Aparência");
  });
});

describe("visibility and search engines", () => {
  it("sends the 18+ switch and the search texts, counting them against their limits", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": { status: 201, body: makePage({ id: 63 }) },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Ana" } });
    const section = screen.getByRole("heading", { name: "Visibilidade e SEO" }).closest("details")!;
    expect(section.open).toBe(false);
    fireEvent.click(section.querySelector("summary")!);
    await waitFor(() => expect(section.open).toBe(true));

    const sensitive = screen.getByRole("switch", { name: "Conteúdo sensível (18+)" });
    expect(sensitive.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText(/confirmam que têm 18 anos ou mais/)).toBeTruthy();
    fireEvent.click(sensitive);
    expect(sensitive.getAttribute("aria-checked")).toBe("true");

    const seoTitle = screen.getByLabelText("Título para buscadores");
    expect(screen.getByText("Vazio: usamos o título da página, “Ana”.")).toBeTruthy();
    fireEvent.change(seoTitle, { target: { value: "Ana Doces: bolos sob encomenda" } });
    expect(screen.getByText("30/70")).toBeTruthy();
    expect(seoTitle.getAttribute("maxlength")).toBe("70");
    const seoDescription = screen.getByLabelText("Descrição para buscadores");
    expect(seoDescription.getAttribute("maxlength")).toBe("200");
    fireEvent.change(seoDescription, { target: { value: "Bolos em São Paulo." } });
    expect(screen.getByText("19/200")).toBeTruthy();

    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      is_sensitive: true,
      seo_title: "Ana Doces: bolos sob encomenda",
      seo_description: "Bolos em São Paulo.",
    });
  });

  it("opens its section to show the server's refusal at the field", async () => {
    const message = "Título para buscadores: use no máximo 70 caracteres.";
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": { status: 400, body: { error: message, details: { seo_title: message } } },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    const section = screen.getByRole("heading", { name: "Visibilidade e SEO" }).closest("details")!;
    fireEvent.change(title(), { target: { value: "Ana" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(section.open).toBe(true));
    const field = screen.getByLabelText("Título para buscadores");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(message);
  });

  it("starts open on a page that is sensitive or has search texts", () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    const page = makePage({ id: 64, is_sensitive: true, seo_title: "Só para maiores" });
    renderRoutes([{ path: "/", element: <LinkPageEditorForm page={page} blocks={[]} /> }], "/");
    const section = screen.getByRole("heading", { name: "Visibilidade e SEO" }).closest("details")!;
    expect(section.open).toBe(true);
    expect(screen.getByRole("switch", { name: "Conteúdo sensível (18+)" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(screen.getByLabelText<HTMLInputElement>("Título para buscadores").value).toBe("Só para maiores");
  });
});

describe("the preview of a saved page", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const linkBlock = (id: number, text: string, window: Partial<Block> = {}): Block =>
    ({
      id,
      type: "link",
      position: id,
      is_active: true,
      starts_at: null,
      ends_at: null,
      data: { title: text, url: `https://exemplo.com.br/${id}`, custom_style: {}, highlight: false },
      ...window,
    }) as Block;

  it("shows a scheduled block only inside its window, at its bounds", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const start = Date.parse("2026-12-01T12:00:00.000Z");
    vi.setSystemTime(start);
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    const blocks = [
      linkBlock(1, "Sempre"),
      linkBlock(2, "Promoção relâmpago", {
        starts_at: new Date(start + 2_000).toISOString(),
        ends_at: new Date(start + 5_000).toISOString(),
      }),
      linkBlock(3, "Desligado", { is_active: false }),
    ];
    const page = makePage({ id: 65 });
    renderRoutes([{ path: "/", element: <LinkPageEditorForm page={page} blocks={blocks} /> }], "/");
    const preview = () => screen.getByTestId("link-bio-preview").textContent;
    expect(preview()).toContain("Sempre");
    expect(preview()).not.toContain("Promoção relâmpago");
    expect(preview()).not.toContain("Desligado");

    act(() => vi.advanceTimersByTime(1_999));
    expect(preview()).not.toContain("Promoção relâmpago");
    act(() => vi.advanceTimersByTime(1));
    expect(preview()).toContain("Promoção relâmpago");
    act(() => vi.advanceTimersByTime(3_000));
    expect(preview()).not.toContain("Promoção relâmpago");
    expect(preview()).toContain("Sempre");
  });
});
