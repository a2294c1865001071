import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";

// Shortening a URL, following it as a visitor from Brazil, reading the click in analytics,
// landing on a dead link, and deleting the URL: what a user of the shortener sees.

const urlList = (page: Page) => page.getByRole("region", { name: /Suas URLs/ }).getByRole("listitem");

test("a short link is created, followed, counted in analytics and deleted", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerViaApi(page, baseURL!, "encurta", "Lia");
  const code = `e2e-${Date.now().toString(36)}`;
  // A target elsewhere (our own hosts and loopback are refused); nothing needs to answer there: the
  // visit below reads the redirect without following it.
  const target = `https://exemplo.com.br/saude?e2e=${code}`;

  await page.goto("/url-shortener");
  await expect(page.getByRole("heading", { name: "Suas URLs (0)" })).toBeVisible();
  await page.getByLabel(/URL Original/).fill(target);
  await page.getByLabel(/Título/).fill("Saúde do site");
  await page.getByLabel(/Código Personalizado/).fill(code);
  await expect(page.getByTestId("short-url-preview")).toHaveText(`${baseURL}/s/${code}`);
  await page.getByRole("button", { name: "Encurtar URL" }).click();

  await expect(page.getByRole("heading", { name: "Suas URLs (1)" })).toBeVisible();
  await expect(urlList(page).first()).toContainText("Saúde do site");
  await expect(urlList(page).first()).toContainText(`/s/${code}`);
  await expect(page.getByText("URL encurtada e copiada!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/s/${code}`);

  // The same code again is refused with the server's message, once, on the field; nothing is added.
  await page.getByLabel(/URL Original/).fill(target);
  await page.getByLabel(/Código Personalizado/).fill(code);
  await page.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(page.getByLabel(/Código Personalizado/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(SHORT_URL_MESSAGES.codeTaken)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Suas URLs (1)" })).toBeVisible();

  // A visitor from Brazil (the CDN's header, trusted behind the proxy) follows the link.
  const visit = await page.request.get(`/s/${code}`, { headers: { "cf-ipcountry": "BR" }, maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe(target);

  // Clicks are written in batches: reload until the click shows.
  await expect(async () => {
    await page.goto("/analytics");
    const countries = page.getByRole("region", { name: "Países Principais" });
    await expect(countries.getByText("Brasil")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const allTime = page
    .locator("div.rounded-xl")
    .filter({ has: page.getByText("Todos os Tempos", { exact: true }) });
  await expect(allTime).toHaveText(/^Todos os Tempos\s*1$/);

  // The dashboard counts it too, and lists the link among the recent ones.
  await page.goto("/dashboard");
  const card = (label: string) =>
    page.locator("div.rounded-xl").filter({ has: page.getByText(label, { exact: true }) });
  await expect(card("Total de Cliques")).toHaveText(/^Total de Cliques\s*1$/);
  await expect(card("URLs Encurtadas")).toHaveText(/^URLs Encurtadas\s*1$/);
  await expect(page.getByText(`${new URL(baseURL!).host}/s/${code}`)).toBeVisible();

  // The drill-down of this link counts the same click.
  await page.goto("/url-shortener");
  await expect(urlList(page).first()).toContainText("1 clique");
  await urlList(page).first().getByRole("link", { name: "Estatísticas" }).click();
  await expect(page).toHaveURL(/\/analytics\/shortened-urls\/\d+$/);
  await expect(page.getByRole("region", { name: "Países" }).getByText("Brasil")).toBeVisible();

  // Delete, confirming the dialog with the spec's question.
  await page.goto("/url-shortener");
  await urlList(page).first().getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByRole("alertdialog").getByText(SHORT_URL_MESSAGES.confirmDelete)).toBeVisible();
  await answerConfirm(page, new RegExp(`^Excluir a URL .+/s/${code}\\?$`), "Excluir URL");
  await expect(page.getByText("Você ainda não encurtou nenhuma URL")).toBeVisible();

  // The deleted link is now unavailable to visitors.
  await page.goto(`/s/${code}`);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("alert")).toContainText(SHORT_URL_MESSAGES.linkUnavailable);
});

test("an unknown short link lands on the home page with a notice", async ({ page, baseURL }) => {
  await page.goto("/s/nao-existe-mesmo");
  await expect(page.getByRole("alert")).toContainText(SHORT_URL_MESSAGES.linkUnavailable);
  // The notice's parameter is dropped from the address.
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.getByRole("button", { name: "Fechar aviso" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a bad URL shows its validation error and creates nothing", async ({ page, baseURL }) => {
  await registerViaApi(page, baseURL!, "encurta", "Lia");
  await page.goto("/url-shortener");
  await expect(page.getByRole("heading", { name: "Suas URLs (0)" })).toBeVisible();
  await page.getByLabel(/URL Original/).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(page.getByText("Informe uma URL válida começando com http:// ou https://")).toBeVisible();
  await page.getByLabel(/URL Original/).fill("https://exemplo.com.br");
  await page.getByLabel(/Código Personalizado/).fill("a b");
  await page.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(page.getByLabel(/Código Personalizado/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(SHORT_URL_MESSAGES.codeHint)).toHaveClass(/text-red-600/);
  await expect(page.getByRole("heading", { name: "Suas URLs (0)" })).toBeVisible();
  await expect(page.getByText("Você ainda não encurtou nenhuma URL")).toBeVisible();
});
