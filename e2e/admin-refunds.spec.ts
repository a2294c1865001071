import {
  type AdminStats,
  BILLING_MESSAGES,
  type CreateSubscriptionResponse,
  REFUND_MESSAGES,
  type SubscriptionPlan,
} from "@common/contract/billing";
import { formatBRL } from "@common/money";
import { expect, type Page, test } from "@playwright/test";
import { registerViaApi, signInViaApi } from "./accounts";

// The administrator refunds what a customer paid for their current period: a Pro payment and the
// upgrade to Business it credited, both refunded from the upgrade's transaction, with the figures
// on the dashboard following at once.

/** Opens a checkout for the plan and pays it by card on the dev checkout page. */
async function payOnDevCheckout(page: Page, baseURL: string, planName: string) {
  const plans = (await (await page.request.get("/api/subscription-plans")).json()) as SubscriptionPlan[];
  const created = await page.request.post("/api/subscriptions/create", {
    data: { plan_id: plans.find((plan) => plan.name === planName)!.id, interval_type: "monthly" },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const checkout = (await created.json()) as CreateSubscriptionResponse;
  await page.goto(checkout.init_point);
  await expect(page.getByText("Checkout de testes")).toBeVisible();
  await page.getByLabel("Cartão de Crédito").check();
  await page.getByRole("button", { name: "Aprovar" }).click();
  await expect(page.getByText(BILLING_MESSAGES.returnApproved)).toBeVisible();
  return checkout;
}

test("the administrator refunds the upgrade and the Pro payment it credited, and sees the figures change", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  const email = await registerViaApi(customer, baseURL!, "estorno", "Duda", {
    lastName: "Reis",
    verified: true,
  });
  const pro = await payOnDevCheckout(customer, baseURL!, "Pro");
  const upgrade = await payOnDevCheckout(customer, baseURL!, "Business");
  expect(upgrade.transaction_type).toBe("upgrade");
  await customerContext.close();
  const total = pro.amount_cents + upgrade.amount_cents;

  await signInViaApi(page, baseURL!);
  const before = (await (await page.request.get("/api/admin/stats?fresh=1")).json()) as AdminStats;
  await page.goto("/admin?tab=assinaturas");
  const kpi = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
  await expect(kpi("Receita Total")).toHaveText(formatBRL(before.total_revenue));
  await expect(kpi("Assinaturas Ativas")).toHaveText(String(before.active_subscriptions));

  await page.getByLabel("Buscar transações").fill(email);
  const rows = page.getByRole("row").filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  const upgradeRow = rows.filter({ hasText: "Upgrade" });
  await upgradeRow.getByRole("button", { name: "Detalhes" }).click();

  const dialog = page.getByRole("dialog", { name: `Transação #${upgrade.transaction_id}` });
  await dialog.getByRole("button", { name: "Estornar" }).click();
  await expect(dialog.getByText(REFUND_MESSAGES.irreversible)).toBeVisible();
  // Both payments of the period are listed with their amounts.
  const list = dialog.getByRole("region", { name: "Pagamentos deste período (assinatura Business)" });
  await expect(list.getByRole("listitem").filter({ hasText: "Pro · Nova Assinatura" })).toContainText(
    formatBRL(pro.amount_cents),
  );
  await expect(list.getByRole("listitem").filter({ hasText: "Business · Upgrade" })).toContainText(
    formatBRL(upgrade.amount_cents),
  );
  await expect(list.getByRole("listitem").filter({ hasText: "Total do período" })).toContainText(
    formatBRL(total),
  );
  const alone = dialog.getByRole("radio", {
    name: `Estornar só este pagamento (${formatBRL(upgrade.amount_cents)}): a assinatura Business termina agora e os ${formatBRL(pro.amount_cents)} do outro pagamento deste período não são devolvidos.`,
  });
  const all = dialog.getByRole("radio", {
    name: `Estornar os 2 pagamentos (${formatBRL(total)}): tudo o que o cliente pagou por este período é devolvido e a assinatura Business termina agora.`,
  });
  await expect(alone).not.toBeChecked();
  await expect(all).not.toBeChecked();

  await all.check();
  await dialog.getByLabel("Motivo do estorno (opcional)").fill("Cliente desistiu do plano");
  await dialog.getByRole("button", { name: "Confirmar estorno" }).click();
  await expect(dialog.getByText("Estorno realizado com sucesso!")).toBeVisible();
  await expect(dialog.getByText(`Valor estornado: ${formatBRL(total)}`)).toBeVisible();
  await expect(dialog.getByText(/ID do estorno: dev-refund-/)).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Without a reload: both payments refunded, the figures down by what went back.
  await expect(rows.filter({ hasText: "Estornado" })).toHaveCount(2);
  await expect(kpi("Receita Total")).toHaveText(formatBRL(before.total_revenue - total));
  await expect(kpi("Assinaturas Ativas")).toHaveText(String(before.active_subscriptions - 1));
});
