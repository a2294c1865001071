import { BLOG_MESSAGES } from "@common/contract/blog";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/web-fake-api";
import { category, renderBlogAdmin } from "./blog-admin.test-helper";
import { BlogCategoryModal } from "./blog-category-modal";

const categories = [
  category(1, { name: "Marketing", slug: "marketing", post_count: 3, meta_description: "Sobre marketing" }),
  category(2, { name: "Dicas", slug: "dicas", post_count: 1 }),
];

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () =>
  screen.getByRole("button", { name: /^(Criar|Salvar) categoria$/ }) as HTMLButtonElement;

describe("BlogCategoryModal", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the categories in an area that scrolls at 12rem", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderBlogAdmin(<BlogCategoryModal onClose={() => {}} />);
    const list = within(screen.getByRole("region", { name: "Categorias" }));
    expect(await list.findByText("Marketing")).toBeTruthy();
    expect(list.getByText("/marketing · 3 posts")).toBeTruthy();
    expect(list.getByText("/dicas · 1 post")).toBeTruthy();
    expect(list.getByRole("list").parentElement?.className).toContain("max-h-48");
  });

  it("writes the slug from the name until it is typed by hand; save waits for both", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: [] } });
    renderBlogAdmin(<BlogCategoryModal onClose={() => {}} />);
    expect(await screen.findByText("Nenhuma categoria ainda.")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input("Nome"), { target: { value: "  Notícias & Tendências 2026! " } });
    expect(input("Slug").value).toBe("noticias-tendencias-2026");
    expect(saveButton().disabled).toBe(false);

    fireEvent.change(input("Slug"), { target: { value: "novidades" } });
    fireEvent.change(input("Nome"), { target: { value: "Outro nome" } });
    expect(input("Slug").value).toBe("novidades");

    fireEvent.change(input("Slug"), { target: { value: "" } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input("Nome"), { target: { value: "Guia Rápido" } });
    expect(input("Slug").value).toBe("guia-rapido");

    fireEvent.change(input("Nome"), { target: { value: "   " } });
    expect(saveButton().disabled).toBe(true);
  });

  it("counts the meta description to 160 and Cancel resets the form", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    renderBlogAdmin(<BlogCategoryModal onClose={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Marketing" }));
    expect(input("Nome").value).toBe("Marketing");
    expect(input("Meta description").value).toBe("Sobre marketing");
    expect(screen.getByText("15/160")).toBeTruthy();
    expect(input("Meta description").maxLength).toBe(160);
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(input("Nome").value).toBe("");
    expect(input("Slug").value).toBe("");
    expect(input("Meta description").value).toBe("");
    expect(screen.getByText("0/160")).toBeTruthy();
  });

  it("creates and edits with the body the API reads, and shows the server's error", async () => {
    const calls = fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "POST /api/admin/blog/categories": { status: 201, body: category(3) },
      "PUT /api/admin/blog/categories/2": { status: 409, body: { error: BLOG_MESSAGES.categorySlugTaken } },
    });
    renderBlogAdmin(<BlogCategoryModal onClose={() => {}} />);
    await screen.findByText("Marketing");
    fireEvent.change(input("Nome"), { target: { value: " Vendas " } });
    fireEvent.change(input("Descrição"), { target: { value: "  " } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(BLOG_MESSAGES.categorySaved)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Vendas",
      slug: "vendas",
      description: null,
      meta_description: null,
    });
    await waitFor(() => expect(input("Nome").value).toBe(""));

    fireEvent.click(screen.getByRole("button", { name: "Editar Dicas" }));
    fireEvent.change(input("Slug"), { target: { value: "marketing" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(BLOG_MESSAGES.categorySlugTaken)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ name: "Dicas", slug: "marketing" });
  });

  it("says 'Erro ao salvar categoria' when the server gives no reason", async () => {
    fakeApi({
      "GET /api/admin/blog/categories": { body: [] },
      "POST /api/admin/blog/categories": { networkError: true },
    });
    renderBlogAdmin(<BlogCategoryModal onClose={() => {}} />);
    fireEvent.change(input("Nome"), { target: { value: "Vendas" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(BLOG_MESSAGES.categorySaveFailed)).toBeTruthy();
  });

  it("deletes after the confirmation, with the toasts", async () => {
    const calls = fakeApi({
      "GET /api/admin/blog/categories": { body: categories },
      "DELETE /api/admin/blog/categories/1": { status: 204 },
      "DELETE /api/admin/blog/categories/2": { status: 500 },
    });
    const onClose = vi.fn();
    renderBlogAdmin(<BlogCategoryModal onClose={onClose} />);
    const question = (title: string) => within(screen.getByRole("alertdialog", { name: title }));
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Marketing" }));
    const dialog = question("Excluir a categoria “Marketing”?");
    expect(dialog.getByText(BLOG_MESSAGES.confirmDeleteCategory)).toBeTruthy();
    expect(dialog.getByText("Os 3 posts dela continuam no blog, sem esta categoria.")).toBeTruthy();
    // Escape closes the confirmation only, not the categories dialog under it.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Gerenciar Categorias" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Excluir Marketing" }));
    fireEvent.click(
      question("Excluir a categoria “Marketing”?").getByRole("button", { name: "Excluir categoria" }),
    );
    expect(await screen.findByText(BLOG_MESSAGES.categoryDeleted)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Excluir Dicas" }));
    const failing = question("Excluir a categoria “Dicas”?");
    fireEvent.click(failing.getByRole("button", { name: "Excluir categoria" }));
    expect((await failing.findByRole("alert")).textContent).toBe(BLOG_MESSAGES.categoryDeleteFailed);
  });

  it("closes on Escape", async () => {
    fakeApi({ "GET /api/admin/blog/categories": { body: categories } });
    const onClose = vi.fn();
    renderBlogAdmin(<BlogCategoryModal onClose={onClose} />);
    await screen.findByText("Marketing");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });
});
