import { expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { waitForMailedLink } from "./outbox";

// The public API: a key made on /profile once the account's address is confirmed (an unproven
// address gives no access from outside the site), seen once, used from outside the browser (Node's
// fetch, no cookie) to create and list short links, then revoked.

test("a new user confirms the address, creates an API key, uses it with fetch to shorten and list, and revokes it", async ({
  page,
  baseURL,
}) => {
  const email = await registerViaApi(page, baseURL!, "api", "Ana", { lastName: "Lima" });

  // Unconfirmed, the profile says why there is no key to make, and sends the link again.
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Chaves de API" });
  await expect(card.getByText("Confirme seu email para criar chaves de API")).toBeVisible();
  await expect(card.getByText(/Qualquer pessoa pode se cadastrar com um email que não é dela/)).toBeVisible();
  await expect(card.getByLabel("Nome da chave")).toHaveCount(0);
  await card.getByRole("button", { name: "Reenviar link de confirmação" }).click();
  await expect(card.getByText("Enviamos um novo link de confirmação para o seu email.")).toBeVisible();
  // The resent link (the first one is void now), followed in the browser.
  await page.goto(await waitForMailedLink(email, "/auth/verificar-email", 2));
  await expect(page.getByText("Email confirmado com sucesso")).toBeVisible();

  await page.goto("/profile");
  await expect(card).toBeVisible();
  await expect(card.getByText("Nenhuma chave ativa.")).toBeVisible();
  await card.getByLabel("Nome da chave").fill("Script de campanhas");
  await card.getByRole("button", { name: "Criar chave" }).click();

  const shown = card.getByLabel("Nova chave de API");
  await expect(shown).toBeVisible();
  await expect(card.getByText(/não será mostrada de novo/)).toBeVisible();
  const key = await shown.inputValue();
  expect(key).toMatch(/^atk_[0-9A-Za-z]{40}$/);
  await card.getByRole("button", { name: "Já copiei" }).click();
  await expect(card.getByLabel("Nova chave de API")).toHaveCount(0);
  // Once gone, the page has no trace of it, and a reload brings only its first characters.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Chaves de API" }).getByText(`${key.slice(0, 10)}…`),
  ).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // From outside the browser: Node's fetch, no cookie, no Origin.
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${baseURL}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
    });
  const created = await call("/api/shortened-urls", {
    method: "POST",
    body: JSON.stringify({ original_url: "https://exemplo.com.br/api-e2e", title: "Pela API" }),
  });
  expect(created.status).toBe(201);
  const link = (await created.json()) as { id: number; short_code: string };
  const listed = await call("/api/shortened-urls");
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { id: number }[]).map((row) => row.id)).toEqual([link.id]);
  // The key cannot reach the account.
  expect((await call("/api/auth/me")).status).toBe(403);

  // The key's last use shows on the profile.
  await page.reload();
  const row = page.getByRole("region", { name: "Chaves de API" }).getByRole("listitem").filter({
    hasText: "Script de campanhas",
  });
  await expect(row.getByText(/Último uso em/)).toBeVisible();

  await row.getByRole("button", { name: "Revogar a chave Script de campanhas" }).click();
  const dialog = page.getByRole("dialog", { name: "Revogar chave de API" });
  await dialog.getByRole("button", { name: "Revogar", exact: true }).click();
  await expect(page.getByText("Chave revogada")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Chaves de API" }).getByText("Nenhuma chave ativa."),
  ).toBeVisible();

  const refused = await call("/api/shortened-urls");
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: string }).error).toBe("Chave de API inválida ou revogada.");
});

test("the API reference page lists the operations and how to create a key", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: /API do/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Como criar uma chave" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Links curtos" })).toBeVisible();
  // In the table of contents, and as the operation's own title.
  await expect(page.getByRole("link", { name: "Criar link curto" })).toBeVisible();
  await expect(page.locator("#postShortenedUrls").getByText("Criar link curto")).toBeVisible();
  await expect(page.getByText(/Authorization: Bearer atk_SUA_CHAVE/).first()).toBeVisible();
  const spec = await page.request.get("/api/openapi.json");
  expect(spec.status()).toBe(200);
  expect(((await spec.json()) as { openapi: string }).openapi).toBe("3.1.0");
});
