import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, registerViaApi, uniqueEmail } from "./accounts";

// Sign-up, sign-in, sign-out and the signed-in navigation, as a visitor sees them.
// NOTE: the server rate-limits registrations per IP (10 an hour), so journeys share few accounts.

/** The screen links of the top bar (or of the open mobile menu). */
const nav = (page: Page) => page.getByRole("navigation", { name: "Navegação principal" });

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
}

test("a visitor registers, logs out and logs back in", async ({ page }) => {
  const email = uniqueEmail("joana");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
  await page.getByRole("button", { name: "Cadastre-se grátis" }).click();
  await expect(page.getByRole("heading", { name: "Crie sua conta gratuita" })).toBeVisible();
  await expect(page.getByText("Deve conter pelo menos 8 caracteres")).toBeVisible();

  await page.getByLabel("Nome", { exact: true }).fill("Joana");
  await page.getByLabel("Sobrenome").fill("Pereira");
  await fillLogin(page, email, PASSWORD);
  await page.getByRole("button", { name: "Criar conta" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Olá, Joana!" })).toBeVisible();

  await page.getByRole("button", { name: /Menu do perfil/ }).click();
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);

  // The session is really gone: the dashboard sends the visitor back to /auth.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);

  // The email is matched case-insensitively, as typed with spaces and capitals.
  await fillLogin(page, `  ${email.toUpperCase()} `, PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Olá, Joana!" })).toBeVisible();
});

test("protected screens show a spinner during the session check, then send visitors to /auth", async ({
  page,
}) => {
  await page.route("**/api/auth/session", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("status")).toHaveText("Verificando sua sessão...");
  await expect(page).toHaveURL(/\/auth$/);
  await page.unroute("**/api/auth/session");

  for (const path of ["/dashboard", "/analytics", "/subscription"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
  }
});

test("a wrong password is refused with the server's message and a busy button meanwhile", async ({
  page,
  baseURL,
}) => {
  const email = await registerViaApi(page, baseURL!, "bruno", "Bruno", { lastName: "Teste" });
  await page.context().clearCookies();

  // Slow the answer down enough to see the submit button's progress state.
  await page.route("**/api/auth/login", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto("/auth");
  await fillLogin(page, email, "senha-errada");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("button", { name: "Entrando..." })).toBeDisabled();

  await expect(page.getByRole("alert")).toHaveText("Email ou senha incorretos");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeEnabled();
});

test("a network failure says so", async ({ page }) => {
  await page.route("**/api/auth/login", (route) => route.abort("internetdisconnected"));
  await page.goto("/auth");
  await fillLogin(page, "alguem@exemplo.com", "qualquer");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Erro de conexão. Tente novamente.");
});

test("registration validates in the browser before anything is sent", async ({ page }) => {
  const registerCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/auth/register")) registerCalls.push(request.url());
  });
  await page.goto("/auth?mode=register");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Nome é obrigatório")).toBeVisible();
  await expect(page.getByText("Email é obrigatório")).toBeVisible();
  await expect(page.getByText("Senha é obrigatória")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toBeFocused();

  await page.getByLabel("Nome", { exact: true }).fill("Carla");
  await page.getByLabel("Email").fill("carla@");
  await page.getByLabel("Senha", { exact: true }).fill("1234567");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Email inválido")).toBeVisible();
  await expect(page.getByText("A senha deve conter pelo menos 8 caracteres")).toBeVisible();
  await expect(page.getByText("Nome é obrigatório")).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\?mode=register$/);
  expect(registerCalls).toEqual([]);
});

test("switching between login and register clears the form and the error", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("diego@exemplo.com");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText("Senha é obrigatória")).toBeVisible();

  await page.getByRole("button", { name: "Cadastre-se grátis" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByText("Senha é obrigatória")).toHaveCount(0);

  await page.getByLabel("Email").fill("diego@exemplo.com");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");
});

test("the password can be shown, recovery has its screen, and the links lead out", async ({ page }) => {
  await page.goto("/auth");
  // Server-rendered: the toggle works once the page is hydrated (the submit button waits for it).
  await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeEnabled();
  const password = page.getByLabel("Senha", { exact: true });
  await password.fill("segredo");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Mostrar senha" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Ocultar senha" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await expect(page.getByRole("link", { name: "Esqueceu sua senha?" })).toHaveAttribute(
    "href",
    "/auth/esqueci-senha",
  );

  await expect(page.getByRole("link", { name: "Termos de Uso" })).toHaveAttribute("href", "/terms");
  await expect(page.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("the profile menu opens, closes on Escape and outside clicks, and leads to the subscription", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page, baseURL!, "elisa", "Elisa", { lastName: "Teste" });

  // Signed in, /auth is not for them.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav(page).getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const menuButton = page.getByRole("button", { name: /Menu do perfil/ });
  const subscription = page.getByRole("link", { name: "Gerenciar Assinatura" });
  await menuButton.click();
  await expect(subscription).toBeVisible();
  await expect(page.getByText("Painel Admin")).toHaveCount(0);
  await expect(page.getByText("Administrador")).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(subscription).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await expect(subscription).toBeVisible();
  await page.getByRole("heading", { name: "Olá, Elisa!" }).click();
  await expect(subscription).toBeHidden();

  await menuButton.click();
  await subscription.click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(subscription).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation collapses into a menu with the same entries", async ({ page, baseURL }) => {
    await registerViaApi(page, baseURL!, "fabio", "Fabio", { lastName: "Teste" });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Olá, Fabio!" })).toBeVisible();
    await expect(nav(page)).toBeHidden();
    await expect(page.getByRole("button", { name: /Menu do perfil/ })).toBeHidden();

    const open = page.getByRole("button", { name: "Abrir menu" });
    await open.click();
    for (const name of ["Dashboard", "Link Bio", "Encurtar URL", "Analytics"]) {
      await expect(nav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Gerenciar Assinatura" })).toBeVisible();
    await nav(page).getByRole("link", { name: "Encurtar URL", exact: true }).click();
    await expect(page).toHaveURL(/\/url-shortener$/);
    await expect(nav(page)).toBeHidden();

    await open.click();
    await expect(nav(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav(page)).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});
