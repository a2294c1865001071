import { BLOCK_MESSAGES } from "@common/contract/link-blocks";
import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";
import { addLink, blockSummaries, moveBlockByKeyboard } from "./link-bio-editor";

// The Link Bio journey: build a page with styled link blocks in the editor, see the same page in
// public, count a visitor's click, delete the page. Every other block type: link-bio-blocks.spec.ts.

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test("a user builds a styled Link Bio, visitors see it and their clicks count", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // Link targets are answered locally: the test needs no internet.
  await context.route("https://example.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>destino</h1>" }),
  );
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await registerViaApi(page, baseURL!, "bio", "Bia");
  const slug = `bio-${Date.now().toString(36)}`;

  await page.goto("/link-pages");
  await expect(page.getByText("Nenhuma Link Bio ainda")).toBeVisible();
  await page.getByRole("link", { name: "Nova Link Bio" }).click();
  await expect(page.getByRole("heading", { name: "Nova Link Bio" })).toBeVisible();

  // Page fields; the slug is forced while typing (e2e/link-bio-new-page.spec.ts: from the title).
  const save = page.getByRole("button", { name: "Salvar Link Bio" });
  await expect(save).toBeDisabled();
  await page.getByRole("textbox", { name: "Título *" }).fill("Minha Página");
  await page.getByLabel(/^Slug da URL/).fill(`Bio Ã!${slug}`);
  await expect(page.getByLabel(/^Slug da URL/)).toHaveValue(`bio-a${slug}`);
  await page.getByLabel(/^Slug da URL/).fill(slug);
  await page.getByLabel("Descrição", { exact: true }).fill("Todos os meus links");
  // Profile image: a text file is refused, a PNG is taken (stored as a file by the server).
  const upload = page.getByLabel("Enviar imagem");
  await upload.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("oi") });
  await expect(page.getByText(LINK_PAGE_MESSAGES.imageInvalid)).toBeVisible();
  await upload.setInputFiles({
    name: "avatar.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_1PX, "base64"),
  });
  await expect(page.getByText(LINK_PAGE_MESSAGES.imageInvalid)).toBeHidden();
  await expect(page.getByTestId("link-bio-preview").locator("img.lb-avatar")).toHaveAttribute(
    "src",
    /^data:image\/png/,
  );
  // A theme fills the look (a gradient, its font, round buttons); its fields stay editable: a solid
  // colour of our own, and the theme is no longer the current one.
  const themes = page.getByRole("group", { name: "Temas" });
  const oceano = themes.getByRole("radio", { name: "Oceano" });
  // The radios are visually hidden inside their drawn samples: a user taps the sample.
  await themes.getByText("Oceano", { exact: true }).click();
  await expect(oceano).toBeChecked();
  await expect(themes.getByText("Tema atual: Oceano.")).toBeVisible();
  await expect(page.getByTestId("link-bio-preview").locator(".lb")).toHaveCSS(
    "background-image",
    /linear-gradient/,
  );
  const background = page.getByRole("group", { name: "Fundo" });
  await expect(background.getByRole("button", { name: "Degradê" })).toHaveAttribute("aria-pressed", "true");
  await background.getByRole("button", { name: "Cor sólida" }).click();
  await page.getByLabel("Cor de Fundo", { exact: true }).fill("#123456");
  await page.getByLabel("Cor do Texto", { exact: true }).fill("#fafafa");
  await expect(oceano).not.toBeChecked();
  await expect(page.getByTestId("link-bio-preview").locator(".lb")).toHaveCSS("background-image", "none");

  // Global button style: orange buttons, rounder.
  await page.getByRole("button", { name: "Personalizar" }).click();
  await page.getByLabel("Cor de fundo do botão", { exact: true }).fill("#ff5500");
  await page.getByRole("tab", { name: "Layout" }).click();
  await page.getByLabel("Arredondamento").selectOption("20px");
  await expect(page.getByTestId("button-style-preview").locator(".lb-btn")).toHaveCSS(
    "background-color",
    "rgb(255, 85, 0)",
  );
  await page.getByRole("button", { name: "Fechar" }).click();

  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole("heading", { name: "Editar Link Bio" })).toBeVisible();
  await expect(page).toHaveURL(/\/link-pages\/\d+\/edit$/);
  const pageId = Number(page.url().match(/link-pages\/(\d+)\/edit/)![1]);
  const publicUrl = `${baseURL}/p/${slug}`;
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);

  // Links: three Link blocks from the 'Adicionar bloco' menu, then validation of an empty one.
  await addLink(page, "Site", "https://example.com/site");
  await addLink(page, "Blog", "https://example.com/blog");
  await addLink(page, "Loja", "example.com/loja");
  await page.getByRole("button", { name: "Adicionar bloco" }).click();
  await page.getByRole("menuitem", { name: "Link", exact: true }).click();
  const empty = page.getByRole("group", { name: "Novo bloco: Link" });
  await empty.getByRole("button", { name: "Adicionar à página" }).click();
  await expect(empty.getByText("Título é obrigatório")).toBeVisible();
  await empty.getByRole("button", { name: "Cancelar" }).click();
  await expect(empty).toBeHidden();
  expect(await blockSummaries(page)).toEqual(["Site", "Blog", "Loja"]);

  // Edit the title and save: the page's fields save apart from its blocks.
  await page.getByRole("textbox", { name: "Título *" }).fill("Minha Página Editada");
  await expect(page.getByText("Alterações não salvas").first()).toBeVisible();
  await save.click();
  await expect(page.getByText("Link Bio salva!")).toBeVisible();
  await expect(page.getByText("Alterações não salvas").first()).toBeHidden();

  // Reorder with the arrows: Loja goes up one place.
  await page.getByRole("button", { name: "Mover Link “Loja” para cima" }).click();
  await expect.poll(() => blockSummaries(page)).toEqual(["Site", "Loja", "Blog"]);
  // And by dragging with the keyboard (dnd-kit): pick Site up, one place down, drop.
  await moveBlockByKeyboard(page, "Link “Site”", -1);
  await expect.poll(() => blockSummaries(page)).toEqual(["Loja", "Site", "Blog"]);

  // The Blog button gets its own green style in the modal (saved on change).
  await page.getByRole("button", { name: "Editar Link “Blog”" }).click();
  await page
    .getByRole("group", { name: "Editar Link “Blog”" })
    .getByRole("button", { name: "Personalizar botão" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Personalizar botão" });
  await dialog.getByLabel("Cor de fundo do botão", { exact: true }).fill("#00aa00");
  await expect(dialog.getByText("Salvo")).toBeVisible();
  await dialog.getByRole("button", { name: "Concluído" }).click();
  await expect(dialog).toBeHidden();
  await page
    .getByRole("group", { name: "Editar Link “Blog”" })
    .getByRole("button", { name: "Cancelar" })
    .click();

  // Delete the Site link, after the confirm; the toast's undo brings it back, and it goes again.
  const deleteSite = async () => {
    await page.getByRole("button", { name: "Excluir Link “Site”" }).click();
    await expect(page.getByRole("alertdialog").getByText(BLOCK_MESSAGES.confirmDelete)).toBeVisible();
    await answerConfirm(page, "Excluir Link “Site”?", "Excluir bloco");
    await expect.poll(() => blockSummaries(page)).toEqual(["Loja", "Blog"]);
  };
  await deleteSite();
  await expect(page.getByText("Bloco excluído")).toBeVisible();
  await page.getByRole("button", { name: "Desfazer" }).click();
  await expect(page.getByText("Bloco restaurado")).toBeVisible();
  await expect.poll(() => blockSummaries(page)).toEqual(["Loja", "Site", "Blog"]);
  await deleteSite();

  // Everything above survives a reload.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Título *" })).toHaveValue("Minha Página Editada");
  expect(await blockSummaries(page)).toEqual(["Loja", "Blog"]);
  const preview = page.getByTestId("link-bio-preview");
  await expect(preview.locator(".lb-btn")).toHaveText(["Loja", "Blog"]);
  await expect(preview.locator(".lb-btn").nth(1)).toHaveCSS("background-color", "rgb(0, 170, 0)");

  // The public page shows the same page as the preview.
  const visitor = await context.newPage();
  await visitor.goto(`/p/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Minha Página Editada");
  await expect(visitor.getByText("Todos os meus links")).toBeVisible();
  await expect(visitor.locator("img.lb-avatar")).toHaveAttribute("src", /^\/uploads\/[\w.-]+\.png$/);
  await expect
    .poll(() => visitor.locator("img.lb-avatar").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);
  await expect(visitor.locator(".lb")).toHaveCSS("background-color", "rgb(18, 52, 86)");
  await expect(visitor.locator(".lb")).toHaveCSS("color", "rgb(250, 250, 250)");
  const buttons = visitor.locator(".lb-btn");
  await expect(buttons).toHaveText(["Loja", "Blog"]);
  await expect(buttons.nth(0)).toHaveCSS("background-color", "rgb(255, 85, 0)");
  await expect(buttons.nth(0)).toHaveCSS("border-top-left-radius", "20px");
  await expect(buttons.nth(1)).toHaveCSS("background-color", "rgb(0, 170, 0)");
  // The theme's font stayed under our own colours.
  await expect(buttons.nth(0)).toHaveCSS("font-family", /^"?Montserrat"?,/);

  // A visitor's click opens the link in a new tab and is counted.
  const [target] = await Promise.all([context.waitForEvent("page"), buttons.nth(0).click()]);
  await target.waitForLoadState();
  expect(target.url()).toBe("https://example.com/loja");
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/link-pages/${pageId}`);
        return (await response.json()).click_count;
      },
      { timeout: 10_000, intervals: [1_000] },
    )
    .toBe(1);

  // The list shows the page with its numbers; deleting asks first.
  await page.goto("/link-pages");
  const card = page.locator("article", { hasText: "Minha Página Editada" });
  await expect(card.getByText("Ativa")).toBeVisible();
  await expect(card.getByText("2 links")).toBeVisible();
  await expect(card.getByText("1 clique")).toBeVisible();
  await expect(page.getByText("1 de 1 Link Bios")).toBeVisible();
  // The owner's own look is not a view (?previa=1, issue 35).
  await expect(card.getByRole("link", { name: "Visualizar" })).toHaveAttribute(
    "href",
    `${publicUrl}?previa=1`,
  );
  await card.hover();
  await card.getByRole("button", { name: "Excluir Minha Página Editada" }).click();
  await answerConfirm(page, "Excluir a Link Bio “Minha Página Editada”?", "Excluir Link Bio");
  await expect(page.getByText("Nenhuma Link Bio ainda")).toBeVisible();
  expect((await page.request.get(`/api/link-pages/${pageId}`)).status()).toBe(404);
  await expect((await visitor.goto(`/p/${slug}`))!.status()).toBe(404);
});

test("an unknown page id in the editor goes back to the dashboard", async ({ page, baseURL }) => {
  await registerViaApi(page, baseURL!, "bio", "Bia");
  await page.goto("/link-pages/999999/edit");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(LINK_PAGE_MESSAGES.notFound)).toBeVisible();
});
