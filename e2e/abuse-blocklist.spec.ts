import { ABUSE_MESSAGES } from "@common/contract/abuse";
import { expect, test } from "@playwright/test";
import { registerViaApi, signInViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";

// Abuse, the block list: the administrator blocks a domain in 'Segurança'; a short link already pointing there
// stops redirecting and shows the warning page at once, and a new link to it is refused.

test("a blocked domain's links show the warning page and new ones are refused", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const domain = `golpe-${tag}.com`;

  // A customer with a short link to the domain, made before it was blocked.
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await registerViaApi(visitor, baseURL!, "cliente", "Lia");
  const created = await visitor.request.post("/api/shortened-urls", {
    data: { original_url: `https://loja.${domain}/promo` },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { short_code: code } = await created.json();
  const before = await visitor.request.get(`/s/${code}`, { maxRedirects: 0 });
  expect(before.status()).toBe(302);
  expect(before.headers().location).toBe(`https://loja.${domain}/promo`);

  // The administrator pastes a URL on the domain into 'Domínios bloqueados'.
  await signInViaApi(page, baseURL!);
  await page.goto("/admin?tab=seguranca");
  await expect(page.getByRole("link", { name: "Segurança" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Domínios bloqueados" })).toBeVisible();
  const form = page.getByRole("form", { name: "Bloquear domínio" });
  await form.getByRole("button", { name: "Bloquear domínio" }).click();
  await expect(form.getByText(ABUSE_MESSAGES.domainRequired)).toBeVisible();
  await form.getByLabel("Domínio").fill(`https://www.${domain}/login`);
  await form.getByLabel("Motivo").fill("Phishing denunciado por usuários");
  await form.getByRole("button", { name: "Bloquear domínio" }).click();
  await expect(page.getByText(`${ABUSE_MESSAGES.blocked} (${domain})`)).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar domínios bloqueados" }).fill(tag);
  const row = page.getByRole("list", { name: "Domínios bloqueados" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(domain);
  await expect(row).toContainText("Phishing denunciado por usuários");

  // The existing link: the warning page, no redirect, with 'Denunciar link' and a way home.
  const response = await visitor.goto(`/s/${code}`);
  expect(response?.status()).toBe(403);
  expect(new URL(visitor.url()).pathname).toBe(`/s/${code}`);
  await expect(visitor.getByRole("heading", { name: "Link bloqueado" })).toBeVisible();
  await expect(visitor.getByText(ABUSE_MESSAGES.linkBlocked)).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Denunciar link" })).toHaveAttribute(
    "href",
    `${baseURL}/denunciar?url=${encodeURIComponent(`${baseURL}/s/${code}`)}`,
  );
  await expect(visitor.getByRole("link", { name: "Ir para o Atalho" })).toHaveAttribute(
    "href",
    `${baseURL}/`,
  );

  // A new link to a subdomain of it: refused with the pt-BR message, nothing created.
  await visitor.goto("/url-shortener");
  await expect(visitor.getByRole("heading", { name: "Suas URLs (1)" })).toBeVisible();
  await visitor.getByLabel(/URL Original/).fill(`https://pix.${domain}/pagar`);
  await visitor.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(visitor.getByText(ABUSE_MESSAGES.blockedTarget).first()).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Suas URLs (1)" })).toBeVisible();

  // Unblocked (after confirming): the link redirects again.
  await row.getByRole("button", { name: `Desbloquear ${domain}` }).click();
  await answerConfirm(page, `Desbloquear ${domain}?`, "Desbloquear domínio");
  await expect(page.getByText(ABUSE_MESSAGES.unblocked)).toBeVisible();
  const after = await visitor.request.get(`/s/${code}`, { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  await context.close();
});
