import { ADMIN_MESSAGES } from "@common/contract/admin";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, registerViaApi, signInViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";

// The administrator runs the business from /admin: a user's plan and limits, deactivation, plans,
// maintenance and closed registrations, and each action found in the audit log.

/** A customer in a browser of their own, signed in. */
async function customer(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await registerViaApi(page, baseURL, "cliente", "Davi", { lastName: "Rocha" });
  return { email, page, close: () => context.close() };
}

const userRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

async function findUser(page: Page, email: string) {
  await page.goto("/admin?tab=usuarios");
  await page.getByPlaceholder("Buscar por nome ou email").fill(email);
  await expect(userRow(page, email)).toHaveCount(1);
}

async function saveSettings(page: Page, change: (page: Page) => Promise<void>) {
  await page.goto("/admin?tab=configuracoes");
  await expect(page.getByRole("switch", { name: "Modo de manutenção" })).toBeVisible();
  await change(page);
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText(ADMIN_MESSAGES.settingsUpdated)).toBeVisible();
}

test("the administrator changes a user's plan and limits, and deactivates them", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const user = await customer(browser, baseURL!);
  await signInViaApi(page, baseURL!);
  await findUser(page, user.email);
  await expect(userRow(page, user.email)).toContainText("Gratuito");

  await page.getByRole("button", { name: `Editar ${user.email}` }).click();
  const modal = page.getByRole("dialog", { name: "Editar usuário" });
  await modal.getByLabel("Plano").selectOption({ label: "Business" });
  await modal.getByLabel("Máx. de Link Bios").fill("7");
  await modal.getByLabel("Máx. de URLs").fill("-1");
  await modal.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText(ADMIN_MESSAGES.userUpdated)).toBeVisible();
  await expect(userRow(page, user.email)).toContainText("Business");

  // The user sees the new plan and limits at once.
  await user.page.goto("/subscription");
  await expect(user.page.locator("#current-plan-title")).toHaveText("Business");
  await expect(user.page.getByText(/\/ 7\b/)).toBeVisible();
  await expect(user.page.getByText(/Ilimitado/).first()).toBeVisible();

  // Deactivated: the open session stops working.
  await page.getByRole("button", { name: `Desativar ${user.email}` }).click();
  await answerConfirm(page, `Desativar ${user.email}?`, "Desativar usuário");
  await expect(page.getByText(ADMIN_MESSAGES.userDeactivated)).toBeVisible();
  await expect(userRow(page, user.email)).toContainText("Inativo");
  const me = await user.page.request.get("/api/auth/me");
  expect(me.status()).toBe(401);
  await user.page.goto("/dashboard");
  await expect(user.page).toHaveURL(/\/auth/);
  await user.close();

  await page.goto("/admin?tab=auditoria");
  const log = page.getByRole("region", { name: "Log de auditoria" });
  await expect(
    log.getByRole("row").filter({ hasText: "Usuário desativado" }).filter({ hasText: user.email }),
  ).toHaveCount(1);
  await expect(
    log.getByRole("row").filter({ hasText: "Usuário editado" }).filter({ hasText: user.email }),
  ).toHaveCount(1);
});

test("the administrator creates, edits and deletes a plan", async ({ page, baseURL }) => {
  await signInViaApi(page, baseURL!);
  const name = `Plano E2E ${Date.now().toString(36)}`;
  await page.goto("/admin?tab=planos");
  await page.getByRole("button", { name: "Novo Plano" }).click();
  const modal = page.getByRole("dialog", { name: "Novo Plano" });
  await modal.getByLabel("Nome").fill(name);
  await modal.getByLabel("Preço mensal (centavos)").fill("2990");
  await modal.getByLabel("Máx. de Link Bios").fill("12");
  await modal.getByRole("button", { name: "Criar plano" }).click();
  await expect(page.getByText(ADMIN_MESSAGES.planCreated)).toBeVisible();
  const card = page
    .getByRole("article", { name })
    .or(page.locator("section, article, li").filter({ hasText: name }).first());
  await expect(card.getByText("R$ 29,90").first()).toBeVisible();

  await page.getByRole("button", { name: `Editar ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Plano" });
  await edit.getByLabel("Preço mensal (centavos)").fill("3990");
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText(ADMIN_MESSAGES.planUpdated)).toBeVisible();
  await expect(card.getByText("R$ 39,90").first()).toBeVisible();

  // The new plan is on the public pricing page.
  const pricing = await page.request.get("/api/subscription-plans");
  expect((await pricing.json()).some((plan: { name: string }) => plan.name === name)).toBe(true);

  // The confirmation names the plan (a wrong plan was once deleted from an unnamed one).
  await page.getByRole("button", { name: `Deletar ${name}` }).click();
  await answerConfirm(page, `Deletar o plano “${name}”?`, "Deletar plano");
  await expect(page.getByText(ADMIN_MESSAGES.planDeleted)).toBeVisible();
  await expect(page.getByRole("button", { name: `Editar ${name}` })).toHaveCount(0);

  // A plan people pay for cannot be deleted: the server says why.
  await page.getByRole("button", { name: "Deletar Gratuito" }).click();
  const refused = await answerConfirm(page, "Deletar o plano “Gratuito”?", "Deletar plano");
  await expect(refused.getByRole("alert")).toHaveText(ADMIN_MESSAGES.freePlanRequired);
  await refused.getByRole("button", { name: "Cancelar" }).click();
  await expect(refused).toBeHidden();

  await page.goto("/admin?tab=auditoria");
  const log = page.getByRole("region", { name: "Log de auditoria" });
  for (const action of ["Plano criado", "Plano editado", "Plano deletado"]) {
    await expect(
      log.getByRole("row").filter({ hasText: action }).filter({ hasText: name }).first(),
    ).toBeVisible();
  }
});

test("maintenance and closed registrations are enforced, then lifted", async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const user = await customer(browser, baseURL!);
  await signInViaApi(page, baseURL!);
  try {
    await saveSettings(page, async (settings) => {
      await settings.getByRole("switch", { name: "Modo de manutenção" }).click();
      await settings.getByRole("switch", { name: "Cadastros abertos" }).click();
    });
    // The customer gets the maintenance page; the API says why.
    await user.page.goto("/dashboard");
    await expect(user.page.getByText(ADMIN_MESSAGES.maintenance).first()).toBeVisible();
    const api = await user.page.request.get("/api/shortened-urls");
    expect(api.status()).toBe(503);
    // The administrator keeps working, with a banner.
    await page.goto("/admin");
    await expect(page.getByText("Modo de manutenção ativo")).toBeVisible();

    // Registrations closed: the form says so before it is filled.
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/auth?mode=register");
    await expect(visitorPage.getByText(ADMIN_MESSAGES.registrationClosed)).toBeVisible();
    await visitor.close();
  } finally {
    await saveSettings(page, async (settings) => {
      await settings.getByRole("switch", { name: "Modo de manutenção" }).click();
      await settings.getByRole("switch", { name: "Cadastros abertos" }).click();
    });
  }
  await user.page.goto("/dashboard");
  await expect(user.page.getByText(ADMIN_MESSAGES.maintenance)).toHaveCount(0);
  await user.close();

  await page.goto("/admin?tab=auditoria");
  await page.getByLabel("Ação").selectOption({ label: "Configurações alteradas" });
  await expect(
    page
      .getByRole("region", { name: "Log de auditoria" })
      .getByRole("row")
      .filter({ hasText: "Configurações alteradas" }),
  ).toHaveCount(2);
});

test("the administrator reads a user's details, clears the caches and downloads a backup", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await customer(browser, baseURL!);
  await signInViaApi(page, baseURL!);
  await findUser(page, user.email);
  await page.getByRole("button", { name: `Detalhes de ${user.email}` }).click();
  const details = page.getByRole("dialog", { name: "Detalhes do usuário" });
  await expect(details.getByText("Davi Rocha")).toBeVisible();
  await expect(details.getByText("Último login").locator("xpath=following-sibling::dd")).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  );
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await user.close();

  await page.goto("/admin?tab=configuracoes");
  const tools = page.getByRole("region", { name: "Manutenção e dados" });
  await tools.getByRole("button", { name: "Limpar cache" }).click();
  await answerConfirm(page, /^Limpar o cache d/, "Limpar cache");
  await expect(page.getByText(ADMIN_MESSAGES.cacheCleared)).toBeVisible();

  // The e2e server runs on embedded PGlite: the backup is a download.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    tools.getByRole("link", { name: "Baixar backup" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atalho-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);

  await page.goto("/admin?tab=auditoria");
  const log = page.getByRole("region", { name: "Log de auditoria" });
  await expect(log.getByRole("row").filter({ hasText: "Cache limpo" }).first()).toBeVisible();
  await expect(log.getByRole("row").filter({ hasText: "Backup do banco baixado" }).first()).toBeVisible();
});

test("on a 390 px phone the panel fits: the sections in a select, the users without sideways scroll", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, baseURL!);
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Seções do painel" })).toBeHidden();
  await page.getByLabel("Seção do painel").selectOption({ label: "Usuários" });
  await expect(page).toHaveURL(/\/admin\?tab=usuarios$/);
  await page.getByPlaceholder("Buscar por nome ou email").fill(ADMIN.email);
  await expect(userRow(page, ADMIN.email)).toHaveCount(1);
  // The row's last action is on screen, not past its right edge.
  const action = await page.getByRole("button", { name: `Deletar ${ADMIN.email}` }).boundingBox();
  expect(action!.x + action!.width).toBeLessThanOrEqual(390);
  const sideways = await page.evaluate(() =>
    [...document.querySelectorAll("main *")].some(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === "auto",
    ),
  );
  expect(sideways).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
