import { expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { waitForMailedLink } from "./outbox";

// Forgot password → the e-mail in the server's outbox → the link → a new password → signed in, and
// the sessions opened before are gone. The e2e server has no SMTP_URL: mail lands in DATA_DIR/outbox.

const NEW_PASSWORD = "senha-nova-456";
test("a user who forgot the password sets a new one from the e-mailed link", async ({
  page,
  browser,
  baseURL,
}) => {
  // Signed in on another device first: that session must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const email = await registerViaApi(otherPage, baseURL!, "esqueci", "Rita", { lastName: "Teste" });
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
  await expect(page).toHaveURL(/\/auth\/esqueci-senha$/);
  await expect(page.getByRole("heading", { name: "Esqueceu sua senha?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Enviar link de redefinição" }).click();
  await expect(page.getByRole("status")).toContainText("Se houver uma conta com este email");

  const link = await waitForMailedLink(email, "/auth/redefinir-senha");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Crie uma nova senha" })).toBeVisible();

  // Different confirmation: said before anything is sent.
  await page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirme a nova senha").fill("outra-coisa-789");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();

  await page.getByLabel("Confirme a nova senha").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The other device's session is gone.
  const otherSession = await otherPage.request.get("/api/auth/session");
  expect((await otherSession.json()).user).toBeNull();
  await other.close();

  // The link is spent: a second visit says so, with a way to ask again.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("Nova senha", { exact: true }).fill("mais-uma-senha-1");
  await page.getByLabel("Confirme a nova senha").fill("mais-uma-senha-1");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("alert")).toContainText("já foi usado");
  await expect(page.getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute(
    "href",
    "/auth/esqueci-senha",
  );

  // And the new password signs in.
  const login = await page.request.post("/api/auth/login", { data: { email, password: NEW_PASSWORD } });
  expect(login.status()).toBe(200);
});
