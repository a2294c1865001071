import { POWER_LINK_MESSAGES } from "@common/contract/shortened-urls";
import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";

// Power links from the owner's side: edit a link's target and follow the new one, build a UTM link,
// import a CSV with good and bad rows and read the report.

const urlList = (page: Page) => page.getByRole("region", { name: /Suas URLs/ }).getByRole("listitem");
const visit = (page: Page, code: string) => page.request.get(`/s/${code}`, { maxRedirects: 0 });

test("a link's target is edited and the short link follows the new one at once", async ({
  page,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "poder", "Rui");
  const code = `ed-${Date.now().toString(36)}`;
  await page.goto("/url-shortener");
  await page.getByLabel(/URL Original/).fill("https://exemplo.com.br/antigo");
  await page.getByLabel(/Código Personalizado/).fill(code);
  await page.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(page.getByRole("heading", { name: "Suas URLs (1)" })).toBeVisible();
  expect((await visit(page, code)).headers().location).toBe("https://exemplo.com.br/antigo");

  await urlList(page).first().getByRole("button", { name: "Editar" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar link curto" });
  await expect(dialog.getByLabel(/URL Original/)).toHaveValue("https://exemplo.com.br/antigo");
  await dialog.getByLabel(/URL Original/).fill("https://exemplo.com.br/novo");
  await dialog.getByLabel(/Título/).fill("Cardápio");
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(POWER_LINK_MESSAGES.updated)).toBeVisible();
  await expect(urlList(page).first()).toContainText("Cardápio");
  await expect(urlList(page).first()).toContainText("https://exemplo.com.br/novo");

  const followed = await visit(page, code);
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toBe("https://exemplo.com.br/novo");
});

test("a UTM link is built from the fields and merged into the target", async ({ page, baseURL }) => {
  await registerViaApi(page, baseURL!, "poder", "Rui");
  const code = `utm-${Date.now().toString(36)}`;
  await page.goto("/url-shortener");
  await page.getByLabel(/URL Original/).fill("https://loja.com.br/produto?cor=azul#fotos");
  await page.getByText("Parâmetros UTM").click();
  await page.getByLabel(/utm_source/).fill("instagram");
  await page.getByLabel(/utm_medium/).fill("social");
  await page.getByLabel(/utm_campaign/).fill("natal 2026");
  const merged =
    "https://loja.com.br/produto?cor=azul&utm_source=instagram&utm_medium=social&utm_campaign=natal+2026#fotos";
  await expect(page.getByTestId("utm-final-url")).toHaveText(merged);
  await page.getByLabel(/Código Personalizado/).fill(code);
  await page.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(urlList(page).first()).toContainText(`/s/${code}`);
  expect((await visit(page, code)).headers().location).toBe(merged);

  // On edit the fields come back filled from the target, and changing one changes the target.
  await urlList(page).first().getByRole("button", { name: "Editar" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar link curto" });
  await expect(dialog.getByLabel(/utm_source/)).toHaveValue("instagram");
  await dialog.getByLabel(/utm_source/).fill("newsletter");
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(dialog).toBeHidden();
  expect((await visit(page, code)).headers().location).toBe(merged.replace("instagram", "newsletter"));
});

test("a CSV with good and bad rows is imported and the report names the bad ones", async ({
  page,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "poder", "Rui");
  const code = `csv-${Date.now().toString(36)}`;
  await page.goto("/url-shortener");
  await expect(page.getByRole("heading", { name: "Suas URLs (0)" })).toBeVisible();
  await page.getByRole("button", { name: "Importar CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Importar CSV" });
  const csv =
    "\uFEFForiginal_url;title;custom_code;expires_at\r\n" +
    `https://exemplo.com.br/a;Primeiro;${code};31/12/2030\r\n` +
    "javascript:alert(1);Ruim;;\r\n" +
    "https://exemplo.com.br/b;Segundo;;01/01/2020\r\n" +
    "https://exemplo.com.br/c;Terceiro;;\r\n";
  await dialog.getByLabel("Arquivo CSV").setInputFiles({
    name: "links.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await dialog.getByRole("button", { name: "Importar" }).click();
  await expect(dialog.getByRole("status")).toHaveText("2 links importados. 2 linhas recusadas.");
  const rows = dialog.getByRole("row");
  await expect(rows.nth(1)).toHaveText(/^3\s*URL\s*Informe uma URL válida/);
  await expect(rows.nth(2)).toHaveText(/^4\s*Expira em\s*A data de expiração deve estar no futuro\./);
  await dialog.getByRole("button", { name: "Concluir" }).click();
  await expect(page.getByRole("heading", { name: "Suas URLs (2)" })).toBeVisible();
  expect((await visit(page, code)).headers().location).toBe("https://exemplo.com.br/a");

  // The export has both, with their clicks, ready for Excel.
  const exported = await page.request.get("/api/shortened-urls/export.csv");
  const text = await exported.text();
  expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "original_url;title;custom_code;expires_at;open_in_app;short_url;click_count;created_at",
  );
  expect(text).toContain(`https://exemplo.com.br/a;Primeiro;${code};31/12/2030 23:59;sim;`);
});
