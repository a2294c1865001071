import { expect, type Locator, type Page } from "@playwright/test";

// What the Link Bio journeys share: a new account and page made through the API, the saved page's
// blocks editor (web/features/link-pages/components/blocks-editor.tsx) and the new page's draft
// links (links-editor.tsx).

/** A unique slug starting with `prefix`. */
export const uniqueSlug = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Creates a page of the signed-in user through the API; answers its id. */
export async function createPageViaApi(page: Page, baseURL: string, body: Record<string, unknown>) {
  const response = await page.request.post("/api/link-pages", { data: body, headers: { origin: baseURL } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Adds a block through the API (`POST /api/link-pages/{id}/blocks`); answers its id. */
export async function addBlockViaApi(
  page: Page,
  baseURL: string,
  pageId: number,
  body: { type: string; data: Record<string, unknown>; is_active?: boolean },
) {
  const response = await page.request.post(`/api/link-pages/${pageId}/blocks`, {
    data: body,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

// ---- A saved page: its blocks.

export const blockList = (page: Page) => page.getByRole("list", { name: "Blocos da página" });

/**
 * Opens the 'Adicionar bloco' menu, picks `type` (its label, "Link", "Pix"…), lets `fill` fill the
 * new block's form and adds it; waits until the form is gone and the list has one row more.
 * A divider has no form: it is added at once.
 */
export async function addBlock(page: Page, type: string, fill?: (form: Locator) => Promise<void>) {
  const rows = blockList(page).getByRole("listitem");
  const before = (await blockList(page).count()) ? await rows.count() : 0;
  await page.getByRole("button", { name: "Adicionar bloco" }).click();
  await page
    .getByRole("menu", { name: "Tipos de bloco" })
    .getByRole("menuitem", { name: type, exact: true })
    .click();
  if (fill) {
    const form = page.getByRole("group", { name: `Novo bloco: ${type}` });
    await fill(form);
    await form.getByRole("button", { name: "Adicionar à página" }).click();
    await expect(form).toBeHidden();
  }
  await expect(rows).toHaveCount(before + 1);
}

/** Adds a Link block and waits for its row. */
export async function addLink(page: Page, title: string, url: string) {
  await addBlock(page, "Link", async (form) => {
    await form.getByLabel("Título do link").fill(title);
    await form.getByLabel("URL", { exact: true }).fill(url);
  });
  await expect(page.getByRole("button", { name: `Editar Link “${title}”` })).toBeVisible();
}

/** What each row of the saved page's blocks says it holds, in order (a divider says nothing). */
export const blockSummaries = (page: Page) => blockList(page).getByTestId("block-summary").allTextContents();

/** The type of each row of the saved page's blocks, in order. */
export const blockTypes = (page: Page) =>
  blockList(page)
    .locator("li[data-block-type]")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-block-type")));

/**
 * Moves the block named `name` ('Texto “Olá”') `steps` places up (negative: down) by dragging it
 * with the keyboard: its handle focused, Space, arrows, Space.
 */
export async function moveBlockByKeyboard(page: Page, name: string, steps: number) {
  const handle = page.getByRole("button", { name: `Arrastar para reordenar: ${name}` });
  const from = await handle.evaluate((element) => {
    const row = element.closest("li")!;
    return [...row.parentElement!.children].indexOf(row) + 1;
  });
  // dnd-kit says each step of a drag in its live region (announcements in blocks-editor.tsx).
  const said = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  // Over its own place: the rows are measured (the arrows find no place before that).
  await expect(said).toHaveText(
    `${name} pego, na posição ${from} de ${await blockRowCount(page)}. Use as setas para mover e Espaço para soltar.`,
  );
  // NOTE: the keyboard sensor listens for the arrows from a setTimeout(0) after the pick-up; a task
  // queued now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (let step = 1; step <= Math.abs(steps); step++) {
    await page.keyboard.press(steps > 0 ? "ArrowUp" : "ArrowDown");
    // The drop goes where the block is over: wait until it is over the next place (the window may
    // still be scrolling to it).
    await expect(said).toContainText(`${name} sobre a posição ${from - Math.sign(steps) * step} de`);
  }
  await page.keyboard.press("Space");
  await expect(said).toContainText(`${name} solto na posição ${from - steps} de`);
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
}

const blockRowCount = (page: Page) => blockList(page).locator("li[data-block-type]").count();

// ---- A new page: its draft links, saved with it.

/** Adds a link in the new page's 'Adicionar link' box and waits for it in the list. */
export async function addDraftLink(page: Page, title: string, url: string) {
  const form = page.getByRole("group", { name: "Adicionar link" });
  await form.getByLabel("Título do link").fill(title);
  await form.getByLabel("URL").fill(url);
  await form.getByRole("button", { name: "Adicionar link" }).click();
  await expect(
    page.getByRole("list", { name: "Links da página" }).getByText(title, { exact: true }),
  ).toBeVisible();
}

/** The titles in the new page's links list, in order. */
export const draftLinkTitles = (page: Page) =>
  page.getByRole("list", { name: "Links da página" }).locator("li p.font-medium").allTextContents();
