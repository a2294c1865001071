import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { addBlockViaApi, createPageViaApi, uniqueSlug } from "./link-bio-editor";

// Issue 35: a creator's page visited by three people, two of whom tap a link; the creator reads
// the views, unique visitors, clicks, CTR and the clicks of each link on the page's analytics.

const PHONES = [
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 13; moto g84 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/155.0.0.0 Mobile Safari/537.36",
];

/** A figure card's value, by its label (the cards come before the tables that repeat the labels). */
const card = (page: Page, label: string) =>
  page
    .getByText(label, { exact: true })
    .first()
    .locator("xpath=ancestor::div[contains(@class, 'rounded-xl')][1]");

test("three visitors, two taps: the page's views, visitors, clicks and CTR on the screen", async ({
  page,
  browser,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "vistas", "Ana");
  const slug = uniqueSlug("vistas");
  const pageId = await createPageViaApi(page, baseURL!, { slug, title: "Ana Doces" });
  await addBlockViaApi(page, baseURL!, pageId, {
    type: "link",
    data: { title: "Cardápio", url: "https://cardapio.exemplo.com.br/" },
  });
  await addBlockViaApi(page, baseURL!, pageId, {
    type: "link",
    data: { title: "Encomendas", url: "https://encomendas.exemplo.com.br/" },
  });

  // The owner's own look ("Visualizar" adds ?previa=1) is not a view. It comes first: counted, it
  // would be summed before the visitors' views (batches are summed in order), and show as 4.
  await page.goto("/link-pages");
  const preview = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Visualizar" }).first().click();
  const opened = await preview;
  await opened.waitForLoadState();
  expect(opened.url()).toContain("?previa=1");
  await expect(opened.getByRole("heading", { name: "Ana Doces" })).toBeVisible();
  await opened.close();

  for (const [i, userAgent] of PHONES.entries()) {
    const visitor = await browser.newContext({
      userAgent,
      viewport: { width: 390, height: 844 },
      locale: "pt-BR",
    });
    // The machine is offline and nothing may leave it: the links' sites answer here.
    await visitor.route(
      (url) => url.origin !== new URL(baseURL!).origin,
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>destino</p>" }),
    );
    const tab = await visitor.newPage();
    await tab.goto(`/p/${slug}`);
    await expect(tab.getByRole("heading", { name: "Ana Doces" })).toBeVisible();
    if (i < 2) {
      // The link opens its site in a new tab; the page's beacon counts the tap.
      const tracked = tab.waitForRequest((request) => request.url().endsWith("/api/track-link-click"));
      const site = visitor.waitForEvent("page");
      await tab.getByRole("link", { name: i === 0 ? "Cardápio" : "Encomendas" }).click();
      await tracked;
      await expect((await site).getByText("destino")).toBeVisible();
    }
    await visitor.close();
  }

  await page.goto(`/analytics/link-pages/${pageId}`);
  // Events are written within a second or so, and the screen reads them when it loads.
  await expect(async () => {
    await page.reload();
    await expect(card(page, "Visualizações")).toContainText("3", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(card(page, "Visitantes únicos")).toContainText("3");
  await expect(card(page, "Cliques")).toContainText("2");
  await expect(card(page, "CTR")).toContainText("66,7%");
  const perBlock = page.getByRole("region", { name: "Cliques por bloco" });
  await expect(perBlock.getByRole("row", { name: /Cardápio/ })).toContainText("1");
  await expect(perBlock.getByRole("row", { name: /Cardápio/ })).toContainText("33,3%");
  await expect(perBlock.getByRole("row", { name: /Encomendas/ })).toContainText("33,3%");
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
    "href",
    `/api/link-pages/${pageId}/analytics/export.csv?range=30d`,
  );
});
