import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { PASSWORD, registerViaApi } from "./accounts";

// /profile: the user's own account, reached from the profile menu.

test("a user edits their name, changes the password and downloads their data with their pages", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await registerViaApi(page, baseURL!, "perfil", "Joana", { lastName: "Lima" });
  const slug = `perfil-${Date.now().toString(36)}`;
  expect(
    (await page.request.post("/api/link-pages", { data: { slug, title: "Página da Joana" } })).status(),
  ).toBe(201);
  // Another device, signed in with the same account.
  const other = await browser.newContext({ baseURL });
  expect(
    (await other.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status(),
  ).toBe(200);

  await page.goto("/dashboard");
  await page.getByRole("button", { name: /Menu do perfil/ }).click();
  await page.getByRole("link", { name: "Meu Perfil" }).click();
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();

  await page.getByLabel("Nome", { exact: true }).fill("Joana Maria");
  await page.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(page.getByText("Perfil atualizado")).toBeVisible();

  await page.getByLabel("Senha atual").fill(PASSWORD);
  await page.getByLabel("Nova senha").fill("senha-nova-456");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText(/Senha alterada/)).toBeVisible();
  // The other device is signed out; this one is not.
  expect((await other.request.get("/api/auth/me")).status()).toBe(401);
  await expect(page.getByText("Este dispositivo")).toBeVisible();
  await other.close();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar meus dados" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(data.account).toMatchObject({ email, first_name: "Joana Maria" });
  expect(data.link_pages.map((p: { slug: string }) => p.slug)).toEqual([slug]);
});
