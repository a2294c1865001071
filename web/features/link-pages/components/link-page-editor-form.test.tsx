import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { LINK_TARGET_MESSAGES } from "@common/contract/urls";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { fakeApi, makePage, renderRoutes } from "../test-helpers";
import { LinkPageEditor } from "./link-page-editor";

// The new page editor's first minutes: the slug from the title, links before the first save, the
// plan's page limit said up front and once.
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
