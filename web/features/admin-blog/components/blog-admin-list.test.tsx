import { BLOG_MESSAGES } from "@common/contract/blog";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, paramsOf } from "../../../../tests/web-fake-api";
import { category, postRow, renderBlogAdmin } from "./blog-admin.test-helper";
import { BlogAdminList } from "./blog-admin-list";

const stats = { total: 1234, published: 1000, draft: 200, archived: 34, views: 98765 };
const categories = [
  category(1, { name: "Marketing" }),
  category(2, { name: "Dicas" }),
  category(3, { name: "Novidades" }),
];
const rows = [
  postRow(1, {
    title: "Como vender mais",
    excerpt: "Um guia curto",
    status: "published",
    slug: "como-vender-mais",
    published_at: "2026-05-02T15:00:00.000Z",
    created_at: "2026-04-01T15:00:00.000Z",
    view_count: 4321,
    featured_image_url: "https://img.exemplo.com/capa.png",
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
  }),
  postRow(2, { title: "Rascunho de ideias", status: "draft", created_at: "2026-06-15T15:00:00.000Z" }),
  postRow(3, { title: "Post antigo", status: "archived" }),
];

const routes = (over: Parameters<typeof fakeApi>[0] = {}) => ({
  "GET /api/admin/blog/stats": { body: stats },
  "GET /api/admin/blog/categories": { body: categories },
  "GET /api/admin/blog/posts": { body: rows, headers: { "x-total-count": "3" } },
  ...over,
});

const row = (title: string) => within(screen.getByRole("row", { name: new RegExp(title) }));

describe("BlogAdminList", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the four stat cards and each post's thumbnail, status, categories, views and date", async () => {
    fakeApi(routes());
    renderBlogAdmin(<BlogAdminList />);
    expect(screen.getByRole("heading", { name: "Gerenciar Blog" })).toBeTruthy();
    await screen.findByText("1.234");
    for (const [label, value] of [
      ["Total de posts", "1.234"] as const,
      ["Publicados", "1.000"],
      ["Rascunhos", "200"],
      ["Visualizações", "98.765"],
    ]) {
      const term = within(document.querySelector("dl")!).getByText(label);
      expect(term.closest("div")?.textContent).toContain(value);
    }
    await screen.findByText("Como vender mais");
    const published = row("Como vender mais");
    expect(published.getByText("Um guia curto")).toBeTruthy();
    expect(published.getByText("Publicado").className).toContain("green");
    expect(published.getByText("Marketing")).toBeTruthy();
    expect(published.getByText("Dicas")).toBeTruthy();
    expect(published.queryByText("Novidades")).toBeNull();
    expect(published.getByText("+1")).toBeTruthy();
    expect(published.getByText("4.321")).toBeTruthy();
    // The publish date, not the creation date.
    expect(published.getByText("02/05/2026")).toBeTruthy();
    const view = published.getByRole("link", { name: "Ver Como vender mais" });
    expect(view.getAttribute("href")).toBe("/blog/como-vender-mais");
    expect(view.getAttribute("target")).toBe("_blank");
    expect(published.getByRole("link", { name: "Editar Como vender mais" }).getAttribute("href")).toBe(
      "/admin/blog/posts/1/edit",
    );

    const draft = row("Rascunho de ideias");
    expect(draft.getByText("Rascunho").className).toContain("amber");
    expect(draft.getByText("15/06/2026")).toBeTruthy();
    // Not published: nothing to view.
    expect(draft.queryByRole("link", { name: /^Ver / })).toBeNull();
    expect(row("Post antigo").getByText("Arquivado").className).toContain("gray");
  });

  it("asks the server for the search, the status and the category, from page 1", async () => {
    const calls = fakeApi(routes());
    renderBlogAdmin(<BlogAdminList />);
    await screen.findByText("Como vender mais");
    fireEvent.change(screen.getByPlaceholderText("Buscar por título ou resumo"), {
      target: { value: " vender " },
    });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "published" } });
    fireEvent.change(screen.getByLabelText("Categoria"), { target: { value: "2" } });
    await waitFor(() => {
      const last = paramsOf(calls.filter((c) => c.url.startsWith("/api/admin/blog/posts?")).at(-1)!);
      expect(Object.fromEntries(last)).toEqual({
        search: "vender",
        status: "published",
        category_id: "2",
        page: "1",
        limit: "50",
      });
    });
    expect(screen.getByRole("option", { name: "Todos os status" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Arquivado" })).toBeTruthy();
  });

  it("pages by the server's total", async () => {
    const calls = fakeApi(
      routes({ "GET /api/admin/blog/posts": { body: rows, headers: { "x-total-count": "120" } } }),
    );
    renderBlogAdmin(<BlogAdminList />);
    expect(await screen.findByText("Página 1 de 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Página 3" }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes("/api/admin/blog/posts?") && paramsOf(c).get("page") === "3"),
      ).toBe(true),
    );
  });

  it("offers 'Criar Primeiro Post' when there are no posts, and asks to adjust the filters when filtered", async () => {
    fakeApi(routes({ "GET /api/admin/blog/posts": { body: [], headers: { "x-total-count": "0" } } }));
    renderBlogAdmin(<BlogAdminList />);
    expect(await screen.findByText("Nenhum post encontrado")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Criar Primeiro Post" }).getAttribute("href")).toBe(
      "/admin/blog/posts/new",
    );
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "archived" } });
    expect(await screen.findByText("Tente ajustar os filtros de busca.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Criar Primeiro Post" })).toBeNull();
  });

  it("deletes a post only after the spec's confirmation, with the toasts", async () => {
    const calls = fakeApi(
      routes({
        "DELETE /api/admin/blog/posts/1": { status: 204 },
        "DELETE /api/admin/blog/posts/2": { status: 500, body: { error: "falhou" } },
      }),
    );
    renderBlogAdmin(<BlogAdminList />);
    await screen.findByText("Como vender mais");
    const question = (title: string) => within(screen.getByRole("alertdialog", { name: title }));
    fireEvent.click(screen.getByRole("button", { name: "Excluir Como vender mais" }));
    const dialog = question("Excluir o post “Como vender mais”?");
    expect(dialog.getByText(BLOG_MESSAGES.confirmDeletePost)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancelar" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Excluir Como vender mais" }));
    fireEvent.click(
      question("Excluir o post “Como vender mais”?").getByRole("button", { name: "Excluir post" }),
    );
    expect(await screen.findByText(BLOG_MESSAGES.postDeleted)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Excluir Rascunho de ideias" }));
    const failing = question("Excluir o post “Rascunho de ideias”?");
    fireEvent.click(failing.getByRole("button", { name: "Excluir post" }));
    expect((await failing.findByRole("alert")).textContent).toBe(BLOG_MESSAGES.postDeleteFailed);
  });
});
