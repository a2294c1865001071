import { BLOG_MESSAGES } from "@common/contract/blog";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { blogPost, category, renderBlogAdmin } from "./blog-admin.test-helper";
import { BlogPostEditor } from "./blog-post-editor";

const categories = [category(1, { name: "Marketing" }), category(2, { name: "Dicas" })];
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const location = () => screen.getByTestId("location").textContent;

const renderNew = () => renderBlogAdmin(<BlogPostEditor id={null} />, { path: "/admin/blog/posts/new" });
const renderEdit = (id: number) =>
  renderBlogAdmin(<BlogPostEditor id={id} />, {
    path: `/admin/blog/posts/${id}/edit`,
    pattern: "/admin/blog/posts/:id/edit",
  });

describe("BlogPostEditor", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("fills the slug from the title while it is empty, normalised as typed, until typed by hand", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderNew();
    expect(screen.getByRole("heading", { name: "Novo Post" })).toBeTruthy();
    expect(screen.getByText("/blog/")).toBeTruthy();
    type("Título", "Introdução ao Link na Bio!");
    expect(field("Slug").value).toBe("introducao-ao-link-na-bio");
    type("Slug", "Meu  Post__Novo!! ");
    expect(field("Slug").value).toBe("meu-post__novo-");
    fireEvent.blur(field("Slug"));
    expect(field("Slug").value).toBe("meu-post__novo");
    type("Título", "Outro título");
    expect(field("Slug").value).toBe("meu-post__novo");
    // Emptied by hand: it follows the title again.
    type("Slug", "");
    type("Título", "Terceiro título");
    expect(field("Slug").value).toBe("terceiro-titulo");
  });

  it("never moves a saved post's slug with its title", async () => {
    fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "GET /api/admin/blog/posts/7": { body: blogPost(7, { slug: "endereco-publico" }) },
    });
    renderEdit(7);
    expect(await screen.findByRole("heading", { name: "Editar Post" })).toBeTruthy();
    type("Título", "Novo título");
    expect(field("Slug").value).toBe("endereco-publico");
  });

  it("counts the excerpt to 300 and the meta description to 160", () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderNew();
    expect(screen.getByText("0/300")).toBeTruthy();
    expect(screen.getByText("0/160")).toBeTruthy();
    type("Resumo (excerpt)", "x".repeat(301));
    expect(screen.getByText("301/300").className).toContain("text-red-600");
    type("Meta description", "abc");
    expect(screen.getByText("3/160")).toBeTruthy();
  });

  it("enables 'Salvar Rascunho' with a title and content, and 'Publicar' also with a slug", () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderNew();
    expect(button("Salvar Rascunho").disabled).toBe(true);
    expect(button("Publicar").disabled).toBe(true);
    type("Conteúdo (HTML)", "<p>Oi</p>");
    expect(button("Salvar Rascunho").disabled).toBe(true);
    type("Título", "!!!");
    expect(field("Slug").value).toBe("");
    expect(button("Salvar Rascunho").disabled).toBe(false);
    expect(button("Publicar").disabled).toBe(true);
    type("Slug", "abc");
    expect(button("Publicar").disabled).toBe(false);
    // 'Visualizar' only for a loaded published post.
    expect(screen.queryByRole("link", { name: "Visualizar" })).toBeNull();
  });

  it("refuses by the contract's rules, every failure joined, and sends nothing", async () => {
    const calls = fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderNew();
    type("Título", "Oi");
    type("Slug", "ab");
    type("Conteúdo (HTML)", "<p>x</p>");
    type("Resumo (excerpt)", "x".repeat(301));
    fireEvent.click(button("Salvar Rascunho"));
    expect(
      await screen.findByText(
        `Erro de validação: ${BLOG_MESSAGES.slugRequired}, ${BLOG_MESSAGES.excerptTooLong}`,
      ),
    ).toBeTruthy();
    fireEvent.click(button("Publicar"));
    expect(
      await screen.findByText(
        `Erro na publicação: ${BLOG_MESSAGES.slugLength}, ${BLOG_MESSAGES.excerptTooLong}`,
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method !== "GET")).toBe(false);
  });

  it("creates the post with the cleaned body and moves to its edit route without asking", async () => {
    const calls = fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "POST /api/admin/blog/posts": (call) => ({
        status: 201,
        body: blogPost(42, { ...(call.body as object), categories: [] }),
      }),
    });
    renderNew();
    await screen.findByText("Marketing");
    type("Título", "  Meu primeiro post  ");
    type("Conteúdo (HTML)", " <p>Olá</p> ");
    type("Palavras-chave", " a, b ");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "archived" } });
    fireEvent.click(screen.getByLabelText(/^Post em destaque/));
    fireEvent.click(screen.getByLabelText("Dicas"));
    fireEvent.click(button("Salvar Rascunho"));
    expect(await screen.findByText(BLOG_MESSAGES.postSaved)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      title: "Meu primeiro post",
      slug: "meu-primeiro-post",
      content: "<p>Olá</p>",
      excerpt: null,
      meta_description: null,
      meta_keywords: "a, b",
      featured_image_url: null,
      // 'Salvar Rascunho' keeps the chosen status.
      status: "archived",
      is_featured: true,
      category_ids: [2],
    });
    await waitFor(() => expect(location()).toBe("/admin/blog/posts/42/edit"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("publishes with status published whatever the select says, and keeps the stored values", async () => {
    const saved = blogPost(7, {
      title: "Pronto",
      slug: "pronto",
      content: "<p>limpo</p>",
      status: "published",
      published_at: "2026-05-02T15:00:00.000Z",
    });
    const calls = fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "GET /api/admin/blog/posts/7": { body: blogPost(7, { title: "Pronto", slug: "pronto" }) },
      "PUT /api/admin/blog/posts/7": { body: saved },
    });
    renderEdit(7);
    await screen.findByRole("heading", { name: "Editar Post" });
    expect(screen.queryByRole("link", { name: "Visualizar" })).toBeNull();
    type("Conteúdo (HTML)", "<p>limpo</p><script>x</script>");
    fireEvent.click(button("Publicar"));
    expect(await screen.findByText(BLOG_MESSAGES.postPublished)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ status: "published" });
    // The server's sanitised content replaces what was typed; nothing left unsaved.
    await waitFor(() => expect(field("Conteúdo (HTML)").value).toBe("<p>limpo</p>"));
    expect(field("Status").value).toBe("published");
    expect(screen.queryByText("Alterações não salvas")).toBeNull();
    const view = screen.getByRole("link", { name: "Visualizar" });
    expect(view.getAttribute("href")).toBe("/blog/pronto");
    expect(view.getAttribute("target")).toBe("_blank");
  });

  it("shows the server's validation_errors joined, its error, or the status", async () => {
    let reply = {
      status: 400,
      body: { error: "Dados inválidos", validation_errors: ["Erro A", "Erro B"] } as object,
    };
    fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "GET /api/admin/blog/posts/7": { body: blogPost(7) },
      "PUT /api/admin/blog/posts/7": () => reply,
    });
    renderEdit(7);
    await screen.findByRole("heading", { name: "Editar Post" });
    fireEvent.click(button("Salvar Rascunho"));
    expect(await screen.findByText("Erro de validação: Erro A, Erro B")).toBeTruthy();
    fireEvent.click(button("Publicar"));
    expect(await screen.findByText("Erro na publicação: Erro A, Erro B")).toBeTruthy();
    reply = { status: 409, body: { error: BLOG_MESSAGES.slugTaken } };
    fireEvent.click(button("Salvar Rascunho"));
    expect(await screen.findByText(BLOG_MESSAGES.slugTaken)).toBeTruthy();
    reply = { status: 502, body: undefined as unknown as object };
    fireEvent.click(button("Salvar Rascunho"));
    expect(await screen.findByText("Erro ao salvar post (502)")).toBeTruthy();
    // A failed publish leaves the status as it was.
    expect(field("Status").value).toBe("draft");
  });

  it("says the connection failed when the request never arrives", async () => {
    fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "GET /api/admin/blog/posts/7": { body: blogPost(7) },
      "PUT /api/admin/blog/posts/7": { networkError: true },
    });
    renderEdit(7);
    await screen.findByRole("heading", { name: "Editar Post" });
    fireEvent.click(button("Publicar"));
    expect(await screen.findByText(BLOG_MESSAGES.publishFailedNetwork)).toBeTruthy();
    fireEvent.click(button("Salvar Rascunho"));
    expect(await screen.findByText(BLOG_MESSAGES.saveFailedNetwork)).toBeTruthy();
  });

  it("sends a post that does not exist back to the list", async () => {
    fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "GET /api/admin/blog/posts/99": { status: 404, body: { error: BLOG_MESSAGES.notFound } },
    });
    renderEdit(99);
    await waitFor(() => expect(location()).toBe("/admin/blog"));
  });

  it("asks before leaving with unsaved changes", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    const router = renderNew();
    type("Título", "Rascunho");
    const question = () =>
      within(screen.getByRole("alertdialog", { name: "Sair sem salvar o post “Rascunho”?" }));
    await act(() => router.navigate("/admin/blog"));
    expect(question().getByText(BLOG_MESSAGES.unsavedChanges)).toBeTruthy();
    fireEvent.click(question().getByRole("button", { name: "Continuar editando" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(location()).toBe("/admin/blog/posts/new");
    await act(() => router.navigate("/admin/blog"));
    fireEvent.click(question().getByRole("button", { name: "Sair sem salvar" }));
    await waitFor(() => expect(location()).toBe("/admin/blog"));
  });

  it("previews the HTML in a sandbox where nothing runs", () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderNew();
    type("Conteúdo (HTML)", '<h2>Olá</h2><img src=x onerror="print()">');
    const frame = screen.getByTitle("Pré-visualização do conteúdo") as HTMLIFrameElement;
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<h2>Olá</h2>");
  });

  it("reads an uploaded image as a data URL, refuses other files, and removes it", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: [] } });
    renderNew();
    expect((await screen.findByRole("link", { name: "Criar categorias" })).getAttribute("href")).toBe(
      "/admin/blog",
    );
    const upload = screen.getByLabelText("Enviar imagem");
    fireEvent.change(upload, { target: { files: [new File(["x"], "a.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Por favor selecione um arquivo de imagem válido")).toBeTruthy();
    const big = new File(["x"], "big.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(upload, { target: { files: [big] } });
    expect(await screen.findByText("A imagem deve ter no máximo 5MB")).toBeTruthy();
    fireEvent.change(upload, { target: { files: [new File(["png"], "a.png", { type: "image/png" })] } });
    const preview = (await screen.findByAltText("Prévia da imagem destacada")) as HTMLImageElement;
    expect(preview.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(button("Remover imagem"));
    expect(screen.queryByAltText("Prévia da imagem destacada")).toBeNull();
    type("ou URL da imagem", "https://img.exemplo.com/capa.png");
    expect(screen.getByAltText("Prévia da imagem destacada").getAttribute("src")).toBe(
      "https://img.exemplo.com/capa.png",
    );
  });
});
