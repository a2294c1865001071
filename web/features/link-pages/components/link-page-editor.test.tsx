import { BUTTON_STYLE_OPTIONS } from "@common/button-style";
import { BLOCK_MESSAGES } from "@common/contract/link-blocks";
import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { readImageFile } from "@web/lib/read-image-file";
import { UNSAVED_CHANGES_MESSAGE } from "@web/lib/use-unsaved-changes-warning";
import { useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubClipboard } from "../../../../tests/web-clipboard";
import { DEFAULT_DOMAINS } from "../../../../tests/web-domains";
import { makePage } from "../../../../tests/web-link-pages";
import { fakeApi, renderRoutes } from "../test-helpers";
import { blocksServer, makeBlock } from "./blocks/fake-blocks-server";
import { LinkPageEditor } from "./link-page-editor";

function EditorRoute({ id }: { id: string }) {
  return <LinkPageEditor key={id} idParam={id} />;
}
const routes = [
  { path: "/link-pages/new/edit", element: <EditorRoute id="new" /> },
  { path: "/link-pages/:id/edit", element: <RouteParam /> },
  { path: "/dashboard", element: <p>Painel</p> },
  { path: "/link-pages", element: <p>Lista</p> },
];
function RouteParam() {
  const { id } = useParams();
  return <EditorRoute id={id!} />;
}

beforeEach(() => {
  stubClipboard();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const title = () => screen.getByLabelText(/^Título \*/);
const slug = () => screen.getByLabelText(/^Slug da URL/);
const saveButton = () => screen.getByRole("button", { name: /Salvar Link Bio/ });

describe("LinkPageEditor, new page", () => {
  it("forces the slug while typing and enables save only with title and slug", async () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    renderRoutes(routes, "/link-pages/new/edit");
    expect(saveButton()).toHaveProperty("disabled", true);
    fireEvent.change(title(), { target: { value: "Minha Loja" } });
    expect(saveButton()).toHaveProperty("disabled", false);
    fireEvent.change(slug(), { target: { value: "" } });
    expect(saveButton()).toHaveProperty("disabled", true);
    fireEvent.change(slug(), { target: { value: "Minha Loja!_2026-Ok" } });
    expect((slug() as HTMLInputElement).value).toBe("minha-loja_2026-ok");
    expect(saveButton()).toHaveProperty("disabled", false);
  });

  it("creates the page, moves to its editor and copies the public URL", async () => {
    const created = makePage({ id: 42, title: "Minha Loja", slug: "minha-loja" });
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": { status: 201, body: created },
      "GET /api/link-pages/42": { body: created },
      "GET /api/link-pages/42/blocks": { body: [] },
    });
    const { router } = renderRoutes(routes, "/link-pages/new/edit");
    await screen.findByLabelText("Domínio");
    fireEvent.change(title(), { target: { value: "Minha Loja" } });
    fireEvent.change(slug(), { target: { value: "minha-loja" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/link-pages/42/edit"));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({
      title: "Minha Loja",
      slug: "minha-loja",
      background_color: "#ffffff",
      text_color: "#000000",
      custom_domain_id: 1,
      is_active: true,
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(`${window.location.origin}/p/minha-loja`);
    expect(await screen.findByRole("heading", { name: "Editar Link Bio" }, { timeout: 4000 })).toBeTruthy();
  });

  it("falls back to the current host when the domain list cannot be read", async () => {
    const created = makePage({ id: 43, slug: "loja" });
    const calls = fakeApi({
      "GET /api/user/available-domains": { status: 503, body: { error: "fora do ar" } },
      "POST /api/link-pages": { status: 201, body: created },
      "GET /api/link-pages/43/blocks": { body: [] },
    });
    const { router } = renderRoutes(routes, "/link-pages/new/edit");
    const select = await screen.findByLabelText("Domínio");
    expect(within(select).getByRole("option").textContent).toBe(`${window.location.host} (padrão)`);
    fireEvent.change(title(), { target: { value: "Loja" } });
    fireEvent.change(slug(), { target: { value: "loja" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/link-pages/43/edit"));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ custom_domain_id: null });
  });

  it("shows the server's field error under the field and keeps the user on the form", async () => {
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": {
        status: 409,
        body: { error: LINK_PAGE_MESSAGES.slugTaken, details: { slug: LINK_PAGE_MESSAGES.slugTaken } },
      },
    });
    const { router } = renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Loja" } });
    fireEvent.change(slug(), { target: { value: "loja" } });
    fireEvent.click(saveButton());
    // Once under the slug field, once in the toast.
    await waitFor(() => expect(screen.getAllByText(LINK_PAGE_MESSAGES.slugTaken)).toHaveLength(2));
    expect(slug().getAttribute("aria-invalid")).toBe("true");
    expect(router.state.location.pathname).toBe("/link-pages/new/edit");
  });

  it("refuses a too short slug before calling the server", async () => {
    const calls = fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Loja" } });
    fireEvent.change(slug(), { target: { value: "a" } });
    fireEvent.click(saveButton());
    expect(await screen.findAllByText("O slug deve ter pelo menos 2 caracteres")).not.toHaveLength(0);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("asks before leaving with unsaved changes", async () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    const { router } = renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Rascunho" } });
    fireEvent.click(screen.getByRole("link", { name: /Link Bios/ }));
    const question = await screen.findByRole("alertdialog", { name: "Sair sem salvar?" });
    expect(within(question).getByText(UNSAVED_CHANGES_MESSAGE)).toBeTruthy();
    fireEvent.click(within(question).getByRole("button", { name: "Continuar editando" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/link-pages/new/edit");
    fireEvent.click(screen.getByRole("link", { name: /Link Bios/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Sair sem salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/link-pages"));
  });

  it("offers exactly the option lists of the button style in four tabs", async () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.click(screen.getByRole("button", { name: "Personalizar" }));
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole("option")
        .map((o) => (o as HTMLOptionElement).value);
    expect(options("Tipo de fundo")).toEqual([...BUTTON_STYLE_OPTIONS.backgroundType]);
    fireEvent.click(screen.getByRole("tab", { name: "Texto" }));
    expect(options("Fonte")).toEqual([...BUTTON_STYLE_OPTIONS.fontFamily]);
    expect(options("Tamanho da fonte")).toEqual([...BUTTON_STYLE_OPTIONS.fontSize]);
    expect(options("Peso da fonte")).toEqual([...BUTTON_STYLE_OPTIONS.fontWeight]);
    expect(options("Alinhamento")).toEqual([...BUTTON_STYLE_OPTIONS.textAlign]);
    fireEvent.click(screen.getByRole("tab", { name: "Layout" }));
    expect(options("Largura")).toEqual([...BUTTON_STYLE_OPTIONS.width]);
    expect(options("Arredondamento")).toEqual([...BUTTON_STYLE_OPTIONS.borderRadius]);
    expect(options("Espessura da borda")).toEqual([...BUTTON_STYLE_OPTIONS.borderWidth]);
    fireEvent.click(screen.getByRole("tab", { name: "Efeitos" }));
    expect(options("Efeito ao passar o mouse")).toEqual([...BUTTON_STYLE_OPTIONS.hoverEffect]);
    fireEvent.change(screen.getByLabelText("Animação"), { target: { value: "bounce" } });
    expect(screen.getByTestId("button-style-preview").innerHTML).toContain("lb-anim-bounce");
    expect(screen.getByRole("button", { name: "Fechar" })).toBeTruthy();
  });

  it("warns when the page text is hard to read on its background, and still saves", async () => {
    const created = makePage({ id: 44, slug: "cinza" });
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "POST /api/link-pages": { status: 201, body: created },
      "GET /api/link-pages/44": { body: created },
      "GET /api/link-pages/44/blocks": { body: [] },
    });
    renderRoutes(routes, "/link-pages/new/edit");
    const pageWarning = () =>
      screen.getAllByRole("status").find((s) => s.textContent?.includes("texto da página"));
    expect(pageWarning()).toBeUndefined();
    fireEvent.change(screen.getByLabelText("Cor do Texto"), { target: { value: "#999999" } });
    expect(pageWarning()?.textContent).toBe(
      "Contraste baixo (2,8:1): o texto da página pode ficar difícil de ler. Recomendado: 4,5:1 ou mais.",
    );
    fireEvent.change(title(), { target: { value: "Cinza" } });
    fireEvent.change(slug(), { target: { value: "cinza" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ text_color: "#999999" });
  });

  it("warns about a saved button style with low contrast before the style editor is opened", async () => {
    const page = makePage({
      id: 45,
      button_style: JSON.stringify({ backgroundColor: "#3b82f6", textColor: "#ffffff" }),
    });
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/45": { body: page },
      "GET /api/link-pages/45/blocks": { body: [] },
    });
    renderRoutes(routes, "/link-pages/45/edit");
    expect(await screen.findByText(/Contraste baixo \(3,7:1\): o texto dos botões/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Personalizar" }));
    expect(screen.getByText(/Contraste baixo \(3,7:1\): o texto do botão /)).toBeTruthy();
    expect(screen.queryByText(/o texto dos botões/)).toBeNull();
  });

  it("draws the unsaved form in the live preview", async () => {
    fakeApi({ "GET /api/user/available-domains": { body: DEFAULT_DOMAINS } });
    renderRoutes(routes, "/link-pages/new/edit");
    fireEvent.change(title(), { target: { value: "Café <Central>" } });
    fireEvent.change(screen.getByLabelText("Cor de Fundo"), { target: { value: "#112233" } });
    const preview = screen.getByTestId("link-bio-preview");
    expect(preview.querySelector("h2.lb-title")?.textContent).toBe("Café <Central>");
    expect(preview.querySelector(".lb")?.getAttribute("style")).toContain("background:#112233");
  });
});

describe("LinkPageEditor, saved page", () => {
  it("sends the user to /dashboard when the page does not exist", async () => {
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/9": { status: 404, body: { error: LINK_PAGE_MESSAGES.notFound } },
      "GET /api/link-pages/9/blocks": { status: 404, body: { error: LINK_PAGE_MESSAGES.notFound } },
    });
    const { router } = renderRoutes(routes, "/link-pages/9/edit");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("loads the page's blocks into the editor, the counter and the live preview", async () => {
    const page = makePage({ id: 7 });
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/7": { body: page },
      ...blocksServer(7, [
        makeBlock(3, "header", { text: "Meus cursos" }),
        makeBlock(4, "link", { title: "Instagram", url: "https://instagram.com/x" }),
        makeBlock(5, "link", { title: "Oculto", url: "https://exemplo.com" }, { is_active: false }),
      ]).routes,
    });
    renderRoutes(routes, "/link-pages/7/edit");
    const blocks = await screen.findByRole("list", { name: "Blocos da página" });
    expect(within(blocks).getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getByText("3 de 100 blocos")).toBeTruthy();
    const preview = screen.getByTestId("link-bio-preview");
    expect(preview.textContent).toContain("Meus cursos");
    expect(preview.textContent).toContain("Instagram");
    // Switched off: in the list, not on the page.
    expect(preview.textContent).not.toContain("Oculto");
  });

  it("validates a new link block's title and URL before sending it", async () => {
    const page = makePage({ id: 8 });
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/8": { body: page },
      ...blocksServer(8).routes,
    });
    renderRoutes(routes, "/link-pages/8/edit");
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar bloco" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Link" }));
    const form = screen.getByRole("group", { name: "Novo bloco: Link" });
    fireEvent.click(within(form).getByRole("button", { name: "Adicionar à página" }));
    expect(await within(form).findByText("Título é obrigatório")).toBeTruthy();
    expect(within(form).getByText("URL é obrigatória")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("URL"), { target: { value: "javascript:print()" } });
    fireEvent.click(within(form).getByRole("button", { name: "Adicionar à página" }));
    expect(
      await within(form).findByText("Informe uma URL válida começando com http:// ou https://"),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("adds a block from the menu, saved at once, without the page's save", async () => {
    const page = makePage({ id: 12 });
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/12": { body: page },
      ...blocksServer(12).routes,
    });
    renderRoutes(routes, "/link-pages/12/edit");
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar bloco" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "WhatsApp" }));
    const form = screen.getByRole("group", { name: "Novo bloco: WhatsApp" });
    fireEvent.change(within(form).getByLabelText("Número do WhatsApp"), {
      target: { value: "(11) 98765-4321" },
    });
    // Enter in the field adds the block; it does not submit the page's form.
    fireEvent.keyDown(within(form).getByLabelText("Número do WhatsApp"), { key: "Enter" });
    expect(await screen.findByRole("button", { name: "Editar WhatsApp “(11) 98765-4321”" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { type: "whatsapp", data: { phone: "(11) 98765-4321", message: "", label: "" } },
    ]);
    expect(calls.some((c) => c.method === "PUT" && c.path === "/api/link-pages/12")).toBe(false);
    expect(await screen.findByTestId("link-bio-preview")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("link-bio-preview").innerHTML).toContain("wa.me/5511987654321"),
    );
  });
});

describe("LinkStyleModal", () => {
  const page = makePage({ id: 11 });
  const link = () => makeBlock(5, "link", { title: "Instagram", url: "https://instagram.com/x" });

  const openStyle = async () => {
    fireEvent.click(await screen.findByRole("button", { name: "Editar Link “Instagram”" }));
    fireEvent.click(screen.getByRole("button", { name: "Personalizar botão" }));
    return screen.getByRole("dialog", { name: "Personalizar botão" });
  };

  it("saves the link's data with its new style shortly after a change and shows it in the preview", async () => {
    const calls = fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/11": { body: page },
      ...blocksServer(11, [link()]).routes,
    });
    renderRoutes(routes, "/link-pages/11/edit");
    const dialog = await openStyle();
    fireEvent.click(within(dialog).getByRole("tab", { name: "Efeitos" }));
    fireEvent.change(within(dialog).getByLabelText("Animação"), { target: { value: "shake" } });
    await waitFor(() => expect(screen.getByTestId("link-bio-preview").innerHTML).toContain("lb-anim-shake"));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      data: {
        title: "Instagram",
        url: "https://instagram.com/x",
        highlight: false,
        open_in_app: true,
        custom_style: { animation: "shake" },
      },
    });
    expect(await within(dialog).findByText("Salvo")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Concluído" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("reports a style that could not be saved", async () => {
    fakeApi({
      "GET /api/user/available-domains": { body: DEFAULT_DOMAINS },
      "GET /api/link-pages/11": { body: page },
      ...blocksServer(11, [link()]).routes,
      "PUT /api/blocks/5": { status: 503, body: { error: "indisponível" } },
    });
    renderRoutes(routes, "/link-pages/11/edit");
    const dialog = await openStyle();
    fireEvent.change(within(dialog).getByLabelText("Tipo de fundo"), { target: { value: "gradient" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Concluído" }));
    expect(await screen.findByText(BLOCK_MESSAGES.saveFailed)).toBeTruthy();
  });
});

describe("readImageFile", () => {
  it("refuses files that are not images and images over 5MB", async () => {
    await expect(readImageFile(new File(["x"], "a.txt", { type: "text/plain" }))).rejects.toThrow(
      LINK_PAGE_MESSAGES.imageInvalid,
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "a.png", { type: "image/png" });
    await expect(readImageFile(big)).rejects.toThrow(LINK_PAGE_MESSAGES.imageTooLarge);
    const small = new File([new Uint8Array([137, 80, 78, 71])], "a.png", { type: "image/png" });
    await expect(readImageFile(small)).resolves.toMatch(/^data:image\/png;base64,/);
  });
});
