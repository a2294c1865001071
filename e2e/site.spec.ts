import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";

// The public screens the server renders (landing, pricing, auth, legal pages): their content is in
// the HTML before any script runs, the browser hydrates them without a mismatch, and nothing is
// fetched from another origin.

const SITE_PATHS = ["/", "/pricing", "/auth", "/auth?mode=register", "/terms", "/privacy"];

/** Console errors, page errors (a hydration mismatch is one) and requests to other origins. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:")) problems.push(`other origin: ${url}`);
  });
  return problems;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page and the legal pages are whole in the HTML", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Começar Grátis" }).first()).toBeVisible();
    for (const href of ["/blog", "/terms", "/privacy"]) {
      await expect(page.locator(`footer a[href="${href}"]`).first()).toBeAttached();
    }
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/$/);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      /\/og-image\.png$/,
    );

    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeVisible();
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeVisible();
  });
});

test("each public screen hydrates without an error and fetches nothing from elsewhere", async ({
  page,
  baseURL,
}) => {
  const problems = watch(page, baseURL!);
  for (const path of SITE_PATHS) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.locator("h1").first()).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test("the landing page answers the session: 'Começar Grátis' for a visitor, 'Ir ao Dashboard' signed in", async ({
  page,
  baseURL,
}) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Começar Grátis" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir ao Dashboard" })).toHaveCount(0);

  await registerViaApi(page, baseURL!, "landing", "Lara", { lastName: "Teste" });
  // Straight from the server's HTML, then the same after hydration.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain("Ir ao Dashboard");
  await page.goto("/");
  await page.getByRole("link", { name: "Ir ao Dashboard" }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A signed-in visitor of /auth goes on to the dashboard.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a dead short link's visitor sees the notice on the landing page, once", async ({ page }) => {
  await page.goto("/s/nao-existe-nada");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("alert")).toContainText("Este link curto não existe ou expirou.");
  await page.reload();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
