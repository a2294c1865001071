import { linkUnavailablePath } from "@common/contract/shortened-urls";
import { expect, test } from "@playwright/test";
import { PASSWORD, registerViaApi } from "./accounts";
import { waitForMailedLink } from "./outbox";

// The account's own screens beyond the name and password (e2e/profile.spec.ts): the photo, the
// e-mail change through the mailed link, and the account's deletion (LGPD).

// A real 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

test("a user sets a photo (shown in the menu), then changes the e-mail through the link mailed to it", async ({
  page,
  baseURL,
}) => {
  const email = await registerViaApi(page, baseURL!, "foto", "Joana", { lastName: "Lima" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible();

  // The photo: a non-image is refused with Link Bio's message; an image is stored as a file.
  await page
    .getByLabel("Enviar foto")
    .setInputFiles({ name: "nota.txt", mimeType: "text/plain", buffer: Buffer.from("oi") });
  await expect(page.getByText("Por favor selecione um arquivo de imagem válido")).toBeVisible();
  await page.getByLabel("Enviar foto").setInputFiles({ name: "eu.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Foto atualizada")).toBeVisible();
  const menuPhoto = page.getByRole("button", { name: /Menu do perfil/ }).locator("img");
  await expect(menuPhoto).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.png$/);
  const stored = (await menuPhoto.getAttribute("src"))!;
  expect((await page.request.get(stored)).status()).toBe(200);
  await page.getByRole("button", { name: "Remover foto" }).click();
  await expect(page.getByText("Foto removida")).toBeVisible();
  await expect(menuPhoto).toHaveCount(0);
  expect((await page.request.get(stored)).status()).toBe(404);

  // The e-mail: pending until the link mailed to the new address is opened.
  const newEmail = `${unique("novo")}@exemplo.com`;
  await page.getByLabel("Novo email").fill(newEmail);
  await page.getByLabel("Sua senha").fill("senha-errada");
  await page.getByRole("button", { name: "Trocar email" }).click();
  await expect(page.getByText("A senha atual está incorreta").first()).toBeVisible();
  await page.getByLabel("Sua senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Trocar email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Troca pendente para" })).toContainText(newEmail);

  const link = await waitForMailedLink(newEmail, "/auth/confirmar-email");
  await page.goto(link);
  await expect(page.getByRole("status")).toContainText("Email alterado com sucesso");
  await page.getByRole("link", { name: "Ir para o meu perfil" }).click();
  await expect(page.getByText(`Email atual: ${newEmail}`)).toBeVisible();
  await expect(page.getByText("Troca pendente para")).toHaveCount(0);

  // The link is spent; the new address signs in, the old one no longer does.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("já foi usado");
  const fresh = await page.context().request;
  expect(
    (await fresh.post("/api/auth/login", { data: { email: newEmail, password: PASSWORD } })).status(),
  ).toBe(200);
  expect((await fresh.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(401);
});

test("a user deletes their account: the links stop, the screen ends on / and the login is refused", async ({
  page,
  baseURL,
}) => {
  const email = await registerViaApi(page, baseURL!, "excluir", "Caio");
  const slug = unique("sai").toLowerCase();
  expect((await page.request.post("/api/link-pages", { data: { slug, title: "Vou sair" } })).status()).toBe(
    201,
  );
  const short = await page.request.post("/api/shortened-urls", {
    data: { original_url: "https://exemplo.com.br/destino" },
  });
  const code = (await short.json()).short_code as string;
  const visit = async () => (await page.request.get(`/s/${code}`, { maxRedirects: 0 })).headers().location;
  expect(await visit()).toBe("https://exemplo.com.br/destino");

  await page.goto("/profile");
  await page.getByRole("link", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/profile\/excluir-conta$/);
  await expect(page.getByRole("heading", { name: "O que é apagado" })).toBeVisible();
  await expect(page.getByText(/por 5 anos/)).toBeVisible();

  await page.getByLabel("Sua senha").fill("nao-e-a-senha");
  await page.getByRole("button", { name: "Excluir minha conta definitivamente" }).click();
  await expect(page.getByText("Senha incorreta").first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/excluir-conta$/);

  await page.getByLabel("Sua senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Excluir minha conta definitivamente" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Sua conta foi excluída")).toBeVisible();

  expect(await visit()).toBe(linkUnavailablePath(`${baseURL}/s/${code}`));
  expect((await page.request.get(`/p/${slug}`)).status()).toBe(404);
  expect((await (await page.request.get("/api/auth/session")).json()).user).toBeNull();

  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText("Email ou senha incorretos")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
