import { BLOG_MESSAGES } from "@common/contract/blog";
import { expect, type Page, test } from "@playwright/test";
import { signInViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";

// The administrator runs the blog from /admin/blog: a category, a post with an image, a draft that
// is not public, publishing (the blog, the RSS and the sitemap), featuring, a new slug (the old
// address answers 301 to the new one), archiving and deleting.

// An 8x6 PNG, small enough to read in the test and a real image for the server to store.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGPwd3uKFTEMpAQAqUJG4WbiFckAAAAASUVORK5CYII=",
  "base64",
);

/** The editor's 'Salvar Rascunho' (saves with the chosen status) and its toast. */
async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Salvar Rascunho" }).click();
  await expect(page.getByText(BLOG_MESSAGES.postSaved).last()).toBeVisible();
}

const publicStatus = async (page: Page, path: string) =>
  (await page.request.get(path, { maxRedirects: 0 })).status();

test("the administrator writes, publishes, features, moves, archives and deletes a post", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const categoryName = `Estratégia ${tag}`;
  const title = `Guia do Link na Bio ${tag}`;
  const slug = `guia-do-link-na-bio-${tag}`;
  await signInViaApi(page, baseURL!);

  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { name: "Gerenciar Blog" })).toBeVisible();

  // A category: the slug follows the name.
  await page.getByRole("button", { name: "Gerenciar Categorias" }).click();
  const modal = page.getByRole("dialog", { name: "Gerenciar Categorias" });
  await modal.getByLabel("Nome").fill(categoryName);
  await expect(modal.getByLabel("Slug")).toHaveValue(`estrategia-${tag}`);
  await modal.getByRole("button", { name: "Criar categoria" }).click();
  await expect(page.getByText(BLOG_MESSAGES.categorySaved)).toBeVisible();
  await expect(modal.getByRole("region", { name: "Categorias" })).toContainText(categoryName);
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);

  // A post with an uploaded image, saved as a draft.
  await page.getByRole("link", { name: "Novo Post" }).click();
  await expect(page.getByRole("heading", { name: "Novo Post" })).toBeVisible();
  await page.getByLabel("Título").fill(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page
    .getByLabel("Conteúdo (HTML)")
    .fill("<h2>Por que usar</h2><p>Um só link para tudo.</p><script>alert(1)</script>");
  await expect(
    page.frameLocator("iframe[title='Pré-visualização do conteúdo']").getByRole("heading"),
  ).toHaveText("Por que usar");
  await page.getByLabel("Resumo (excerpt)").fill("Como reunir seus links em uma página.");
  await page.getByLabel(categoryName).check();
  await page
    .getByLabel("Enviar imagem")
    .setInputFiles({ name: "capa.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByAltText("Prévia da imagem destacada")).toHaveAttribute("src", /^data:image\/png/);

  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Voltar" }).click();
  await expect(page.getByRole("alertdialog").getByText(BLOG_MESSAGES.unsavedChanges)).toBeVisible();
  await answerConfirm(page, /^Sair sem salvar o post/, "Continuar editando");
  await expect(page.getByRole("heading", { name: "Novo Post" })).toBeVisible();

  await saveDraft(page);
  await expect(page).toHaveURL(/\/admin\/blog\/posts\/\d+\/edit$/);
  await expect(page.getByRole("heading", { name: "Editar Post" })).toBeVisible();
  const id = Number(page.url().match(/posts\/(\d+)\/edit/)![1]);
  const stored = await (await page.request.get(`/api/admin/blog/posts/${id}`)).json();
  // The image became a stored file and the script was dropped on save.
  expect(stored.featured_image_url).toMatch(/^\/uploads\//);
  expect(stored.content).not.toContain("script");
  await expect(page.getByRole("link", { name: "Visualizar" })).toHaveCount(0);
  expect(await publicStatus(page, `/blog/${slug}`)).toBe(404);

  // Published: on the blog, in the RSS and in the sitemap.
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByText(BLOG_MESSAGES.postPublished)).toBeVisible();
  await expect(page.getByRole("link", { name: "Visualizar" })).toHaveAttribute("href", `/blog/${slug}`);
  expect(await publicStatus(page, `/blog/${slug}`)).toBe(200);
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  expect(await (await page.request.get("/blog/rss.xml")).text()).toContain(`/blog/${slug}`);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}`);

  // Featured: in 'Destaques'.
  await page.goto(`/admin/blog/posts/${id}/edit`);
  await page.getByLabel(/^Post em destaque/).check();
  await saveDraft(page);
  await page.goto("/blog");
  const featured = page.locator("section").filter({ has: page.getByRole("heading", { name: "Destaques" }) });
  await expect(featured.getByRole("link", { name: title }).first()).toBeVisible();

  // A new slug: the old address redirects to it.
  await page.goto(`/admin/blog/posts/${id}/edit`);
  await page.getByLabel("Slug").fill(`${slug}-novo`);
  await saveDraft(page);
  const old = await page.request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toMatch(new RegExp(`/blog/${slug}-novo$`));
  expect(await publicStatus(page, `/blog/${slug}-novo`)).toBe(200);

  // Archived: gone from the public blog.
  await page.getByLabel("Status").selectOption("archived");
  await saveDraft(page);
  expect(await publicStatus(page, `/blog/${slug}-novo`)).toBe(404);
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);

  // Deleted from the list.
  await page.goto("/admin/blog");
  await page.getByPlaceholder("Buscar por título ou resumo").fill(tag);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Arquivado");
  await expect(row).toContainText(categoryName);
  await page.getByRole("button", { name: `Excluir ${title}` }).click();
  await answerConfirm(page, `Excluir o post “${title}”?`, "Excluir post");
  await expect(page.getByText(BLOG_MESSAGES.postDeleted)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("Nenhum post encontrado")).toBeVisible();
  expect((await page.request.get(`/api/admin/blog/posts/${id}`)).status()).toBe(404);
});
