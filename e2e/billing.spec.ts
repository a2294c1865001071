import { BILLING_MESSAGES, REFUND_MESSAGES } from "@common/contract/billing";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { registerViaApi, signInViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";

// Paying for a plan with no Mercado Pago account (the dev checkout), as a customer and as the
// administrator: subscribe, pending and rejected payments, plan change, cancel, refund, CSV.

const planCard = (page: Page, name: string) => page.getByRole("article", { name });
/** The current plan's card on /subscription. */
const currentPlan = (page: Page) => page.locator('section[aria-labelledby="current-plan-title"]');

/** On the dev checkout: pick a method and an outcome; back on /subscription with its alert. */
async function devCheckout(
  page: Page,
  outcome: "Aprovar" | "Deixar pendente" | "Recusar" | "Confirmar pagamento",
  method?: string,
) {
  await expect(page).toHaveURL(/\/dev-checkout\//);
  await expect(page.getByText("Checkout de testes")).toBeVisible();
  if (method) await page.getByLabel(method).check();
  await page.getByRole("button", { name: outcome }).click();
  await expect(page).toHaveURL(/\/subscription$/);
}

test("a new user pays for Pro, sees the new limits, changes plan and cancels", async ({ page, baseURL }) => {
  // Five checkouts in one journey: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await registerViaApi(page, baseURL!, "plano", "Bia", { lastName: "Lima", verified: true });
  await page.goto("/pricing");
  await expect(planCard(page, "Pro").getByText("MAIS POPULAR")).toBeVisible();
  await expect(planCard(page, "Enterprise").getByText("Ilimitado").first()).toBeVisible();
  await expect(planCard(page, "Gratuito").getByRole("link", { name: "Começar Grátis" })).toBeVisible();

  // A Pix left pending: the alert, and the Pix code in the history.
  await planCard(page, "Pro").getByRole("button", { name: "Assinar Agora" }).click();
  const checkoutUrl = await page.waitForURL(/\/dev-checkout\//).then(() => page.url());
  await devCheckout(page, "Deixar pendente", "Pix");
  await expect(page.getByText(BILLING_MESSAGES.returnPending)).toBeVisible();
  await expect(page.getByText(/PIX-DE-TESTE/).first()).toBeVisible();
  await expect(page.getByRole("img", { name: "QR Code Pix" }).first()).toBeVisible();

  // The Pix is paid: Pro is active with its limits.
  await page.goto(checkoutUrl);
  await devCheckout(page, "Confirmar pagamento");
  await expect(page.getByText(BILLING_MESSAGES.returnApproved)).toBeVisible();
  const plan = currentPlan(page);
  await expect(plan.getByRole("heading", { name: "Pro", exact: true })).toBeVisible();
  await expect(plan.getByText("Ativo")).toBeVisible();
  await expect(page.getByText(/\/ 20\b/)).toBeVisible();

  // A refused card for Business leaves Pro in place.
  await page.goto("/pricing");
  // A paying customer sees today's price (Pro's unused days credited) before the checkout.
  await planCard(page, "Business").getByRole("button", { name: "Trocar para Business" }).click();
  await expect(
    planCard(page, "Business").getByText(/de crédito dos dias não usados do plano Pro/),
  ).toBeVisible();
  await planCard(page, "Business")
    .getByRole("button", { name: /^Pagar R\$ \d+,\d{2}$/ })
    .click();
  await devCheckout(page, "Recusar", "Cartão de Crédito");
  await expect(page.getByText(BILLING_MESSAGES.returnRejected)).toBeVisible();
  await expect(plan.getByRole("heading", { name: "Pro", exact: true })).toBeVisible();

  // Upgrade from the plan-change modal.
  await page.getByRole("button", { name: "Trocar de Plano" }).click();
  const modal = page.getByRole("dialog", { name: "Trocar de Plano" });
  await expect(modal.getByText("PLANO ATUAL", { exact: true })).toBeVisible();
  await expect(modal.getByText("UPGRADE").first()).toBeVisible();
  await expect(modal.getByText("DOWNGRADE").first()).toBeVisible();
  await modal
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Business", exact: true }) })
    .getByRole("button", { name: "Selecionar Plano" })
    .click();
  // The price today (Pro's unused days credited) and the period come first; the button states the amount.
  await expect(modal.getByText(/^Hoje:/)).toContainText("de crédito dos dias não usados do plano Pro");
  await expect(modal.getByText(/^Válido de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await modal.getByRole("button", { name: /^Pagar R\$ \d+,\d{2}$/ }).click();
  await devCheckout(page, "Aprovar", "Cartão de Crédito");
  await expect(page.getByText(BILLING_MESSAGES.returnApproved)).toBeVisible();
  await expect(plan.getByRole("heading", { name: "Business", exact: true })).toBeVisible();
  await expect(page.getByText(/\/ 100\b/)).toBeVisible();

  // Cancel: access until the end of the period.
  await page.getByRole("button", { name: "Cancelar Assinatura" }).click();
  await expect(page.getByRole("alertdialog").getByText(BILLING_MESSAGES.confirmCancel)).toBeVisible();
  await answerConfirm(page, "Cancelar a assinatura do plano Business?", "Cancelar assinatura");
  await expect(page.getByText(BILLING_MESSAGES.canceled)).toBeVisible();
  await expect(plan.getByText("Cancelado")).toBeVisible();
  await expect(plan.getByText(/Acesso até/)).toBeVisible();
});

test("signed out, choosing a plan goes through sign-in and back to the checkout", async ({
  page,
  baseURL,
}) => {
  const email = await registerViaApi(page, baseURL!, "plano", "Bia", { lastName: "Lima", verified: true });
  await page.request.post("/api/auth/logout", { headers: { origin: baseURL! } });
  await page.goto("/pricing");
  await planCard(page, "Pro").getByRole("button", { name: "Assinar Agora" }).click();
  await expect(page).toHaveURL(/\/auth\?/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("senha-segura-123");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/dev-checkout\//);
});

async function customerWithApprovedPro(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await registerViaApi(page, baseURL, "plano", "Caio", { lastName: "Lima", verified: true });
  await page.goto("/pricing");
  await planCard(page, "Pro").getByRole("button", { name: "Assinar Agora" }).click();
  await devCheckout(page, "Aprovar", "Cartão de Crédito");
  await expect(page.getByText(BILLING_MESSAGES.returnApproved)).toBeVisible();
  return { email, page, close: () => context.close() };
}

test("the administrator finds a payment, opens it, refunds it and exports the CSV", async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await customerWithApprovedPro(browser, baseURL!);

  await signInViaApi(page, baseURL!);
  await page.goto("/admin?tab=assinaturas");
  await expect(page.getByRole("heading", { name: "Dashboard de Assinaturas" })).toBeVisible();
  await page.getByLabel("Buscar transações").fill(customer.email);
  const row = page.getByRole("row").filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("R$ 19,90");
  await expect(row).toContainText("Aprovado");

  await row.getByRole("button", { name: "Detalhes" }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByText("Detalhes do pagamento")).toBeVisible();
  await details.getByRole("button", { name: "Estornar" }).click();
  await expect(details.getByText(REFUND_MESSAGES.irreversible)).toBeVisible();
  await expect(
    details.getByText("Estornar este pagamento (R$ 19,90): a assinatura Pro termina agora."),
  ).toBeVisible();
  await details.getByLabel("Motivo do estorno (opcional)").fill("Pedido do cliente");
  await details.getByRole("button", { name: "Confirmar estorno" }).click();
  await expect(details.getByText(/R\$ 19,90/).first()).toBeVisible();
  await expect(details.getByText(/dev-refund-/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(row).toContainText("Estornado");

  // The customer is back on the free plan at once.
  await customer.page.goto("/subscription");
  await expect(
    currentPlan(customer.page).getByRole("heading", { name: "Gratuito", exact: true }),
  ).toBeVisible();
  await customer.close();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transacoes_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  });
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain("Data;Cliente;Email;Plano;Valor;Status;Tipo;Forma de Pagamento;ID Mercado Pago");
  expect(text).toContain(";19,90;");
  expect(text).toContain(customer.email);
});

test("a signed-in user who is not the administrator sees Acesso Negado", async ({ page, baseURL }) => {
  await registerViaApi(page, baseURL!, "plano", "Bia", { lastName: "Lima", verified: true });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
