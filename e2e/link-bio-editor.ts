import { expect, type Page } from "@playwright/test";

// What the Link Bio journeys share: a new account made through the API, and the editor's links list.

/** Registers a new account (signed in on `page`) with a unique address starting with `prefix`. */
export async function registerViaApi(page: Page, baseURL: string, prefix: string, firstName: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@exemplo.com`;
  const response = await page.request.post("/api/auth/register", {
    data: { email, password: "senha-segura-123", first_name: firstName },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
}

/** Adds a link in the editor's 'Adicionar link' box and waits for it in the list. */
export async function addLink(page: Page, title: string, url: string) {
  const form = page.getByRole("group", { name: "Adicionar link" });
  await form.getByLabel("Título do link").fill(title);
  await form.getByLabel("URL").fill(url);
  await form.getByRole("button", { name: "Adicionar link" }).click();
  await expect(
    page.getByRole("list", { name: "Links da página" }).getByText(title, { exact: true }),
  ).toBeVisible();
}

/** The titles in the editor's links list, in order. */
export const linkTitles = (page: Page) =>
  page.getByRole("list", { name: "Links da página" }).locator("li p.font-medium").allTextContents();
