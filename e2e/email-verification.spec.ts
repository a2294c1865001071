import { expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { waitForMailedLink } from "./outbox";

// A new account: the dashboard asks to confirm the e-mail until the mailed link is followed.

test("the verification banner goes once the mailed link is followed", async ({ page, baseURL }) => {
  const email = await registerViaApi(page, baseURL!, "verifica", "Vera", { lastName: "Teste" });

  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Confirmação de email" });
  await expect(banner).toContainText("Confirme seu email");
  await expect(banner).toContainText(email);

  // Dismissed: gone for this session, back in a new one (a new tab keeps sessionStorage apart).
  await banner.getByRole("button", { name: "Dispensar aviso" }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: /Olá, Vera/ })).toBeVisible();
  await expect(banner).toHaveCount(0);
  const second = await page.context().newPage();
  await second.goto("/dashboard");
  const secondBanner = second.getByRole("region", { name: "Confirmação de email" });
  await expect(secondBanner).toBeVisible();
  await secondBanner.getByRole("button", { name: "Reenviar link" }).click();
  await expect(secondBanner.getByRole("status")).toHaveText(
    "Enviamos um novo link de confirmação para o seu email.",
  );
  await second.close();

  // The resent link (the second mail) voided the first.
  const link = await waitForMailedLink(email, "/auth/verificar-email", 2);
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Email confirmado com sucesso");
  await page.getByRole("link", { name: "Ir para o painel" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Olá, Vera/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirmação de email" })).toHaveCount(0);
  await page
    .context()
    .newPage()
    .then(async (third) => {
      await third.goto("/dashboard");
      await expect(third.getByRole("heading", { name: /Olá, Vera/ })).toBeVisible();
      await expect(third.getByRole("region", { name: "Confirmação de email" })).toHaveCount(0);
    });

  // The link is spent.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("Este link de confirmação já foi usado.");
});
