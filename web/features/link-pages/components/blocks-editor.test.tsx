import { DEFAULT_BUTTON_STYLE } from "@common/button-style";
import { BLOCK_MESSAGES } from "@common/contract/link-blocks";
import { useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makePage } from "../../../../tests/web-link-pages";
import { blocksQuery } from "../api/blocks-query";
import { fakeApi, renderRoutes } from "../test-helpers";
import { blocksServer, makeBlock } from "./blocks/fake-blocks-server";
import { BlocksEditor } from "./blocks-editor";

const PAGE_ID = 7;

/** The editor as the page editor holds it: fed by the cached blocks its changes update. */
function Editor() {
  const { data } = useQuery(blocksQuery(PAGE_ID));
  return data ? (
    <BlocksEditor pageId={PAGE_ID} blocks={data} pageStyle={DEFAULT_BUTTON_STYLE} pageTitle="Doces da Ana" />
  ) : null;
}

function setup(initial: Parameters<typeof blocksServer>[1] = [], routes: Parameters<typeof fakeApi>[0] = {}) {
  const server = blocksServer(PAGE_ID, initial);
  const calls = fakeApi({
    [`GET /api/link-pages/${PAGE_ID}`]: { body: makePage({ id: PAGE_ID }) },
    "GET /api/link-pages": { body: [] },
    ...server.routes,
    ...routes,
  });
  renderRoutes([{ path: "/", element: <Editor /> }], "/");
  const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { server, calls, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const list = () => screen.getByRole("list", { name: "Blocos da página" });

async function openNew(type: string) {
  fireEvent.click(await screen.findByRole("button", { name: "Adicionar bloco" }));
  fireEvent.click(screen.getByRole("menuitem", { name: type }));
  return screen.getByRole("group", { name: `Novo bloco: ${type}` });
}

const type = (form: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

const addToPage = (form: HTMLElement) =>
  fireEvent.click(within(form).getByRole("button", { name: "Adicionar à página" }));

describe("BlocksEditor: adding", () => {
  it("offers every type from the menu, with its hint, and focuses the new form", async () => {
    setup();
    expect(await screen.findByText("Sua página ainda não tem blocos")).toBeTruthy();
    expect(screen.getByText("0 de 100 blocos")).toBeTruthy();
    const trigger = screen.getByRole("button", { name: "Adicionar bloco" });
    fireEvent.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("menu", { name: "Tipos de bloco" });
    const items = within(menu).getAllByRole("menuitem");
    expect(items).toHaveLength(12);
    for (const name of [
      "Link",
      "Título",
      "Texto",
      "Imagem",
      "Redes sociais",
      "Vídeo ou música",
      "WhatsApp",
      "Pix",
      "Contato",
      "Perguntas frequentes",
      "Divisor",
      "Formulário de contato",
    ])
      expect(within(menu).getByRole("menuitem", { name })).toBeTruthy();
    expect(
      within(menu).getByRole("menuitem", { name: "Pix", description: /QR code e Pix Copia e Cola/ }),
    ).toBeTruthy();
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "End" });
    expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Formulário de contato" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Título" }));
    expect(screen.queryByRole("menu")).toBeNull();
    const form = screen.getByRole("group", { name: "Novo bloco: Título" });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText("Texto do título")));
  });

  it("adds a header, a link, a Pix, social icons and a divider, each as its type's body", async () => {
    const { sent } = setup();
    const post = () => sent("POST", `/api/link-pages/${PAGE_ID}/blocks`);

    let form = await openNew("Título");
    type(form, "Texto do título", "Meus cursos");
    addToPage(form);
    expect(await screen.findByRole("button", { name: "Editar Título “Meus cursos”" })).toBeTruthy();
    expect(post()[0]!.body).toEqual({ type: "header", data: { text: "Meus cursos" } });

    form = await openNew("Link");
    type(form, "Título do link", "Loja");
    type(form, "URL", "loja.com.br");
    fireEvent.click(within(form).getByRole("checkbox", { name: /Destacar/ }));
    expect(within(form).getByRole("switch", { name: "Abrir no app" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    addToPage(form);
    expect(await screen.findByRole("button", { name: "Editar Link “Loja”" })).toBeTruthy();
    expect(post()[1]!.body).toEqual({
      type: "link",
      data: { title: "Loja", url: "loja.com.br", highlight: true, open_in_app: true, custom_style: {} },
    });

    form = await openNew("Pix");
    type(form, "Chave Pix", "529.982.247-25");
    expect(within(form).getByText("Tipo de chave: CPF")).toBeTruthy();
    type(form, "Nome de quem recebe", "Ana Souza");
    type(form, "Cidade", "São Paulo");
    type(form, /^Valor em reais/, "25,00");
    addToPage(form);
    expect(
      await screen.findByRole("button", { name: "Editar Pix “Ana Souza · R$ 25,00 · CPF”" }),
    ).toBeTruthy();
    expect(post()[2]!.body).toMatchObject({
      type: "pix",
      data: { key: "529.982.247-25", name: "Ana Souza", city: "São Paulo", amount_cents: 2500 },
    });

    form = await openNew("Redes sociais");
    type(form, "Endereço da rede 1", "@ana.souza");
    fireEvent.click(within(form).getByRole("button", { name: "Adicionar rede" }));
    fireEvent.change(within(form).getByLabelText("Rede 2"), { target: { value: "tiktok" } });
    type(form, "Endereço da rede 2", "tiktok.com/@ana");
    addToPage(form);
    expect(
      await screen.findByRole("button", { name: "Editar Redes sociais “Instagram, TikTok”" }),
    ).toBeTruthy();
    expect(post()[3]!.body).toEqual({
      type: "social",
      data: {
        items: [
          { network: "instagram", url: "@ana.souza" },
          { network: "tiktok", url: "tiktok.com/@ana" },
        ],
      },
    });

    fireEvent.click(screen.getByRole("button", { name: "Adicionar bloco" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Divisor" }));
    await waitFor(() => expect(post()).toHaveLength(5));
    expect(post()[4]!.body).toEqual({ type: "divider", data: {} });
    expect(await screen.findByText("5 de 100 blocos")).toBeTruthy();
    expect(
      within(list())
        .getAllByRole("listitem")
        .map((li) => li.dataset.blockType),
    ).toEqual(["header", "link", "pix", "social", "divider"]);
  });

  it("recognises the player's provider as the URL is typed", async () => {
    setup();
    const form = await openNew("Vídeo ou música");
    expect(within(form).getByText("YouTube, Vimeo, Spotify, SoundCloud ou TikTok.")).toBeTruthy();
    type(form, "Link do vídeo ou da música", "https://youtu.be/dQw4w9WgXcQ");
    expect(within(form).getByText(/^Reconhecido: YouTube\./)).toBeTruthy();
  });

  it("checks the data with the type's schema before sending it", async () => {
    const { sent } = setup();
    const form = await openNew("Contato");
    type(form, "Nome", "Ana");
    addToPage(form);
    const phone = within(form).getByLabelText("Telefone");
    expect(await within(form).findByText(BLOCK_MESSAGES.contactReach)).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)).toHaveLength(0);
  });

  it("shows the server's field error at its field, not again above the buttons", async () => {
    const refusal = "Este endereço não pode ser usado: ele está na lista de bloqueio.";
    setup([], {
      [`POST /api/link-pages/${PAGE_ID}/blocks`]: {
        status: 400,
        body: { error: refusal, details: { "data.url": refusal } },
      },
    });
    const form = await openNew("Link");
    type(form, "Título do link", "Promo");
    type(form, "URL", "https://golpe.example");
    addToPage(form);
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(within(form).getByLabelText("URL").getAttribute("aria-invalid")).toBe("true");
    expect(within(form).queryByRole("alert")).toBeNull();
  });

  it("says the plan's link limit in the form, with the way to upgrade", async () => {
    const message = "Você atingiu o limite de 5 links do seu plano. Faça upgrade em /pricing.";
    setup([], {
      [`POST /api/link-pages/${PAGE_ID}/blocks`]: {
        status: 403,
        body: { error: message, details: { limit: "links" } },
      },
    });
    const form = await openNew("Link");
    type(form, "Título do link", "Mais um");
    type(form, "URL", "https://exemplo.com");
    addToPage(form);
    const notice = await within(form).findByRole("alert");
    expect(notice.textContent).toContain("Você atingiu o limite de 5 links do seu plano");
    expect(within(notice).getByRole("link", { name: /Ver planos/ })).toBeTruthy();
  });

  it("puts the focus back on 'Adicionar bloco' when the new form is cancelled", async () => {
    setup();
    const form = await openNew("Texto");
    fireEvent.click(within(form).getByRole("button", { name: "Cancelar" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Adicionar bloco" })),
    );
  });
});

describe("BlocksEditor: a saved block", () => {
  const header = () => makeBlock(1, "header", { text: "Meus cursos" });
  const link = () => makeBlock(2, "link", { title: "Instagram", url: "https://instagram.com/ana" });
  const text = () => makeBlock(3, "text", { text: "Olá!\nBem-vindo." });

  it("opens its form in place, saves it and gives the focus back", async () => {
    const { sent } = setup([header(), link()]);
    const edit = await screen.findByRole("button", { name: "Editar Link “Instagram”" });
    expect(edit.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(edit);
    expect(edit.getAttribute("aria-expanded")).toBe("true");
    const form = screen.getByRole("group", { name: "Editar Link “Instagram”" });
    expect((within(form).getByLabelText("URL") as HTMLInputElement).value).toBe("https://instagram.com/ana");
    type(form, "Título do link", "Meu Instagram");
    const openInApp = within(form).getByRole("switch", { name: "Abrir no app" });
    expect(openInApp.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(openInApp);
    expect(openInApp.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(within(form).getByRole("button", { name: "Salvar bloco" }));
    const renamed = await screen.findByRole("button", { name: "Editar Link “Meu Instagram”" });
    expect(sent("PUT", "/api/blocks/2")[0]!.body).toEqual({
      data: {
        title: "Meu Instagram",
        url: "https://instagram.com/ana",
        highlight: false,
        open_in_app: false,
        custom_style: {},
      },
    });
    expect(renamed.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(renamed));
    fireEvent.click(renamed);
    const reopened = screen.getByRole("group", { name: "Editar Link “Meu Instagram”" });
    expect(within(reopened).getByRole("switch", { name: "Abrir no app" }).getAttribute("aria-checked")).toBe(
      "false",
    );
  });

  it("switches a block off and on, and says so on its row", async () => {
    const { sent } = setup([header()]);
    const toggle = await screen.findByRole("switch", { name: "Mostrar Título “Meus cursos” na página" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(toggle);
    expect(await within(list()).findByText("Desativado")).toBeTruthy();
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(sent("PUT", "/api/blocks/1")[0]!.body).toEqual({ is_active: false });
    fireEvent.click(toggle);
    await waitFor(() => expect(within(list()).queryByText("Desativado")).toBeNull());
    expect(sent("PUT", "/api/blocks/1")[1]!.body).toEqual({ is_active: true });
  });

  it("schedules a block on Brasília's clock and sends the instant with its offset", async () => {
    const { sent, server } = setup([header()]);
    const schedule = await screen.findByRole("button", { name: "Agendar Título “Meus cursos”" });
    fireEvent.click(schedule);
    expect(schedule.getAttribute("aria-expanded")).toBe("true");
    const form = screen.getByRole("group", { name: "Agendar Título “Meus cursos”" });
    expect(within(form).getAllByText("Horário de Brasília")).toHaveLength(2);
    type(form, "Mostrar a partir de", "2099-12-12T18:00");
    fireEvent.click(within(form).getByRole("button", { name: "Salvar agendamento" }));
    expect(await within(list()).findByText("Agendado: 12/12/2099 às 18:00")).toBeTruthy();
    expect(sent("PUT", "/api/blocks/1")[0]!.body).toEqual({
      starts_at: "2099-12-12T18:00:00-03:00",
      ends_at: null,
    });
    expect(server.blocks()[0]!.starts_at).toBe("2099-12-12T21:00:00.000Z");
    await waitFor(() => expect(document.activeElement).toBe(schedule));
  });

  it("shows a window that is over, and the server's window error at the end field", async () => {
    setup([header()], {
      "PUT /api/blocks/1": {
        status: 400,
        body: { error: BLOCK_MESSAGES.windowOrder, details: { ends_at: BLOCK_MESSAGES.windowOrder } },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Agendar Título “Meus cursos”" }));
    const form = screen.getByRole("group", { name: "Agendar Título “Meus cursos”" });
    type(form, "Mostrar até", "2099-01-01T00:00");
    fireEvent.click(within(form).getByRole("button", { name: "Salvar agendamento" }));
    expect(await within(form).findByText(BLOCK_MESSAGES.windowOrder)).toBeTruthy();
    expect(within(form).getByLabelText("Mostrar até").getAttribute("aria-invalid")).toBe("true");
  });

  it("marks a block whose window is over", async () => {
    setup([makeBlock(1, "header", { text: "Promoção" }, { ends_at: "2020-01-01T00:00:00.000Z" })]);
    expect(
      await within(await screen.findByRole("list", { name: "Blocos da página" })).findByText("Encerrado"),
    ).toBeTruthy();
  });

  it("duplicates a block right after the original", async () => {
    const { sent, server } = setup([header(), link(), text()]);
    fireEvent.click(await screen.findByRole("button", { name: "Duplicar Link “Instagram”" }));
    await waitFor(() => expect(sent("PUT", `/api/link-pages/${PAGE_ID}/blocks/order`)).toHaveLength(1));
    expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)[0]!.body).toEqual({
      type: "link",
      data: {
        title: "Instagram",
        url: "https://instagram.com/ana",
        custom_style: {},
        highlight: false,
        open_in_app: true,
      },
      is_active: true,
      starts_at: null,
      ends_at: null,
    });
    expect(sent("PUT", `/api/link-pages/${PAGE_ID}/blocks/order`)[0]!.body).toEqual({ ids: [1, 2, 4, 3] });
    await waitFor(() =>
      expect(
        within(list())
          .getAllByRole("listitem")
          .map((li) => li.dataset.testid),
      ).toEqual(["block-1", "block-2", "block-4", "block-3"]),
    );
    expect(server.blocks().map((b) => b.id)).toEqual([1, 2, 4, 3]);
  });

  it("sends a move made while a copy is still being saved with the copy in it, the copy after its original", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = blocksServer(PAGE_ID, [header(), link(), text()]);
    const post = server.routes[`POST /api/link-pages/${PAGE_ID}/blocks`]!;
    const { sent } = setup([], {
      ...server.routes,
      [`POST /api/link-pages/${PAGE_ID}/blocks`]: async (body) => {
        await held;
        return post(body);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Duplicar Link “Instagram”" }));
    await waitFor(() => expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)).toHaveLength(1));
    // The copy is still being saved: the text goes up, on screen at once.
    fireEvent.click(screen.getByRole("button", { name: /^Mover Texto .* para cima$/ }));
    release();
    await waitFor(() => expect(sent("PUT", `/api/link-pages/${PAGE_ID}/blocks/order`)).toHaveLength(2));
    // Every order names every block the server holds: no refusal, no rollback.
    await waitFor(() => expect(server.blocks().map((b) => b.id)).toEqual([1, 3, 2, 4]));
    expect(screen.queryByText(BLOCK_MESSAGES.saveFailed)).toBeNull();
  });

  it("deletes after the confirmation, then undoes it in the block's old place", async () => {
    const scheduled = makeBlock(
      2,
      "link",
      { title: "Instagram", url: "https://instagram.com/ana" },
      {
        is_active: false,
        ends_at: "2099-01-01T03:00:00.000Z",
      },
    );
    const { sent, server } = setup([header(), scheduled, text()]);
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Link “Instagram”" }));
    const dialog = screen.getByRole("alertdialog", { name: "Excluir Link “Instagram”?" });
    expect(within(dialog).getByText(BLOCK_MESSAGES.confirmDelete)).toBeTruthy();
    expect(
      within(dialog).getByText("Ele sai da página publicada na hora, e os cliques dele são apagados."),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir bloco" }));
    await waitFor(() => expect(within(list()).queryByText("Instagram")).toBeNull());
    expect(sent("DELETE", "/api/blocks/2")).toHaveLength(1);

    fireEvent.click(await screen.findByRole("button", { name: "Desfazer" }));
    expect(await within(list()).findByText("Instagram")).toBeTruthy();
    expect(await screen.findByText("Bloco restaurado")).toBeTruthy();
    expect(sent("POST", `/api/link-pages/${PAGE_ID}/blocks`)[0]!.body).toEqual({
      type: "link",
      data: scheduled.data,
      is_active: false,
      starts_at: null,
      ends_at: "2099-01-01T03:00:00.000Z",
    });
    await waitFor(() => expect(server.blocks().map((b) => b.id)).toEqual([1, 4, 3]));
    expect(sent("PUT", `/api/link-pages/${PAGE_ID}/blocks/order`)[0]!.body).toEqual({ ids: [1, 4, 3] });
  });

  it("keeps the block when the confirmation is cancelled, and reports a failed delete in it", async () => {
    const { sent } = setup([header()], { "DELETE /api/blocks/1": { status: 500, body: { error: "x" } } });
    const remove = await screen.findByRole("button", { name: "Excluir Título “Meus cursos”" });
    fireEvent.click(remove);
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancelar" }));
    expect(sent("DELETE", "/api/blocks/1")).toHaveLength(0);
    fireEvent.click(remove);
    const dialog = screen.getByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir bloco" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(BLOCK_MESSAGES.deleteFailed);
  });
});

describe("BlocksEditor: order", () => {
  const blocks = () => [
    makeBlock(1, "header", { text: "Primeiro" }),
    makeBlock(2, "header", { text: "Segundo" }),
    makeBlock(3, "header", { text: "Terceiro" }),
  ];
  const order = () =>
    within(list())
      .getAllByRole("listitem")
      .map((li) => li.dataset.testid);

  it("moves a block with its arrow buttons and saves the order", async () => {
    const { sent } = setup(blocks());
    fireEvent.click(await screen.findByRole("button", { name: "Mover Título “Primeiro” para baixo" }));
    await waitFor(() => expect(order()).toEqual(["block-2", "block-1", "block-3"]));
    await waitFor(() =>
      expect(sent("PUT", `/api/link-pages/${PAGE_ID}/blocks/order`)[0]?.body).toEqual({ ids: [2, 1, 3] }),
    );
    expect(screen.getByRole("button", { name: "Mover Título “Segundo” para cima" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("moves a block by keyboard drag: space, arrow down, space", async () => {
    // jsdom lays nothing out: each row gets a box by its place in the list.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const row = this.closest("li");
      const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
      const top = index * 60;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 320,
        bottom: top + 50,
        width: 320,
        height: 50,
        toJSON() {},
      };
    });
    const { sent } = setup(blocks());
    const handle = await screen.findByRole("button", { name: "Arrastar para reordenar: Título “Primeiro”" });
    handle.focus();
    // The sensor listens for the arrows from the next tick on.
    const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.keyDown(handle, { code: "Space", key: " " });
    await tick();
    fireEvent.keyDown(handle, { code: "ArrowDown", key: "ArrowDown" });
    await tick();
    fireEvent.keyDown(handle, { code: "Space", key: " " });
    await waitFor(() =>
      expect(sent("PUT", `/api/link-pages/${PAGE_ID}/blocks/order`)[0]?.body).toEqual({ ids: [2, 1, 3] }),
    );
    await waitFor(() => expect(order()).toEqual(["block-2", "block-1", "block-3"]));
  });

  it("puts the saved order back when the server refuses the new one", async () => {
    setup(blocks(), {
      [`PUT /api/link-pages/${PAGE_ID}/blocks/order`]: {
        status: 400,
        body: { error: BLOCK_MESSAGES.orderMismatch },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Mover Título “Terceiro” para cima" }));
    expect(await screen.findByText(BLOCK_MESSAGES.orderMismatch)).toBeTruthy();
    await waitFor(() => expect(order()).toEqual(["block-1", "block-2", "block-3"]));
  });
});
