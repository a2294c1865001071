import type { SystemStatus } from "@common/contract/admin";
import { AUTH_MESSAGES } from "@common/contract/auth";
import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./accounts";
import { waitForMailedLink } from "./outbox";

// The README's first steps as a newcomer: from the home page to the plans, an account, and back to
// the plans, with no dead end. Whether this server can take payments decides what the paid plans
// offer: a checkout (Mercado Pago, or the dev checkout outside production, as the e2e server has)
// or 'Fale conosco' (production without Mercado Pago: server/modules/site/site-pages.no-provider.test.ts
// checks that HTML).

const PAID = ["Pro", "Business", "Enterprise"];
const planCard = (page: Page, name: string) => page.getByRole("article", { name });

test("a newcomer goes from the home page to the plans, signs up, signs in and finds their plan", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const status: SystemStatus = await (await page.request.get("/api/system/status")).json();
  const email = uniqueEmail("novato");

  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Preços" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { name: "Escolha o plano ideal para você" })).toBeVisible();
  for (const name of PAID) {
    const card = planCard(page, name);
    if (status.payments_enabled) {
      await expect(card.getByRole("button", { name: "Assinar Agora" })).toBeEnabled();
      await expect(card.getByRole("link", { name: "Fale conosco" })).toHaveCount(0);
    } else {
      await expect(card.getByRole("link", { name: "Fale conosco" })).toHaveAttribute("href", /^mailto:/);
      await expect(card.getByRole("button", { name: "Assinar Agora" })).toHaveCount(0);
    }
  }

  // Sign up from the free plan's card.
  await planCard(page, "Gratuito").getByRole("link", { name: "Começar Grátis" }).click();
  await expect(page.getByRole("heading", { name: "Crie sua conta gratuita" })).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Nina");
  await page.getByLabel("Sobrenome").fill("Souza");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Out and in again, as the next visit will be.
  await page.getByRole("button", { name: /Menu do perfil/ }).click();
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Signed in, the plans mark the one they have.
  await page.goto("/pricing");
  await expect(planCard(page, "Gratuito").getByText("Plano atual")).toBeVisible();
  for (const name of PAID) await expect(planCard(page, name).getByText("Plano atual")).toHaveCount(0);

  if (!status.payments_enabled) {
    for (const name of PAID) {
      await expect(planCard(page, name).getByRole("link", { name: "Fale conosco" })).toBeVisible();
    }
    return;
  }
  // A paid plan leads on: first to confirming the e-mail, then to the checkout.
  const pro = planCard(page, "Pro");
  await pro.getByRole("button", { name: "Assinar Agora" }).click();
  await expect(pro.getByRole("alert")).toHaveText(AUTH_MESSAGES.verifyBeforeCheckout);
  await page.goto(await waitForMailedLink(email, "/auth/verificar-email"));
  await expect(page.getByRole("status")).toHaveText("Email confirmado com sucesso");
  await page.goto("/pricing");
  await planCard(page, "Pro").getByRole("button", { name: "Assinar Agora" }).click();
  await expect(page).toHaveURL(/\/dev-checkout\/|mercadopago/);
});
