import { LINK_REPORT_MESSAGES } from "@common/contract/link-reports";
import { expect, test } from "@playwright/test";
import { ADMIN, registerViaApi, signInViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";

// 'Denunciar link', abuse reported by anyone: a visitor, with JavaScript off, reports a short link through the
// server's plain form; the administrator finds it under 'Denúncias' and dismisses it.

test("the unavailable-link notice offers 'Denunciar link' with the short link filled in", async ({
  page,
  baseURL,
}) => {
  await page.goto("/s/nao-existe-e2e");
  await expect(page.getByRole("alert")).toContainText("Este link curto não existe ou expirou.");
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.getByRole("link", { name: "Denunciar link" }).click();
  await expect(page).toHaveURL(/\/denunciar\?url=/);
  await expect(page.getByRole("heading", { level: 1, name: "Denunciar link" })).toBeVisible();
  await expect(page.getByLabel("Link denunciado")).toHaveValue(`${baseURL}/s/nao-existe-e2e`);
});

test("a visitor reports a short link with JavaScript off; the administrator dismisses it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // The owner of the reported link.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  const ownerEmail = await registerViaApi(owner, baseURL!, "dono", "Rui", { lastName: "Prado" });
  const target = `https://premio-${Date.now()}.exemplo.net/pix`;
  const created = await owner.request.post("/api/shortened-urls", {
    data: { original_url: target },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { short_code } = (await created.json()) as { short_code: string };
  const shortUrl = `${baseURL}/s/${short_code}`;
  await ownerContext.close();

  // The visitor, without JavaScript.
  const visitorContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/denunciar?url=${encodeURIComponent(shortUrl)}`);
  await expect(visitor.getByLabel("Link denunciado")).toHaveValue(shortUrl);

  // Sent without a reason: the same form, the error in pt-BR, the values kept.
  await visitor.getByLabel("Detalhes").fill("Promete um prêmio e pede o PIX.");
  await visitor.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(visitor.getByText(LINK_REPORT_MESSAGES.reasonRequired)).toBeVisible();
  await expect(visitor.getByLabel("Link denunciado")).toHaveValue(shortUrl);
  await expect(visitor.getByLabel("Detalhes")).toHaveValue("Promete um prêmio e pede o PIX.");

  await visitor.getByLabel("Golpe ou phishing").check();
  await visitor.getByLabel("Seu e-mail").fill("visitante@exemplo.com");
  await visitor.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(visitor).toHaveURL(/\/denunciar\/enviada$/);
  await expect(
    visitor.getByRole("heading", { level: 1, name: LINK_REPORT_MESSAGES.thanksTitle }),
  ).toBeVisible();
  await expect(visitor.getByText(LINK_REPORT_MESSAGES.thanks)).toBeVisible();

  // The same visitor cannot report it again while it is open.
  await visitor.goto(`/denunciar?url=${encodeURIComponent(shortUrl)}`);
  await visitor.getByLabel("Spam").check();
  await visitor.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(visitor.getByText(LINK_REPORT_MESSAGES.duplicate)).toBeVisible();
  // And a site of someone else's, with no e-mail.
  const phishingHost = `banco-falso-${Date.now()}.exemplo.org`;
  await visitor.goto(`/denunciar?url=${encodeURIComponent(`https://${phishingHost}/login`)}`);
  await visitor.getByLabel("Golpe ou phishing").check();
  await visitor.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(visitor).toHaveURL(/\/denunciar\/enviada$/);
  await visitorContext.close();

  // The administrator's queue.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInViaApi(admin, baseURL!);
  await admin.goto("/admin?tab=denuncias");
  await expect(admin.getByRole("heading", { level: 2, name: /^Denúncias/ })).toBeVisible();
  // The report cards by their names: a toast is a list item too, and names what it acted on.
  const reports = admin.getByRole("listitem", { name: /^Denúncia #/ });
  const card = reports.filter({ hasText: shortUrl });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Golpe ou phishing")).toBeVisible();
  await expect(card.getByText("Promete um prêmio e pede o PIX.")).toBeVisible();
  await expect(card.getByText("visitante@exemplo.com")).toBeVisible();
  await expect(card.getByText(ownerEmail)).toBeVisible();
  await expect(card.getByText(target)).toBeVisible();

  await card.getByRole("button", { name: "Descartar" }).click();
  await expect(admin.getByText(LINK_REPORT_MESSAGES.dismissed)).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.getByRole("button", { name: "Descartadas" }).click();
  await expect(reports.filter({ hasText: shortUrl })).toContainText(`Descartada por ${ADMIN.email}`);

  // 'Bloquear domínio' on the other report, confirmed: the block list has it and the report is resolved.
  await admin.getByRole("button", { name: "Abertas" }).click();
  const other = reports.filter({ hasText: phishingHost });
  await other.getByRole("button", { name: "Bloquear domínio" }).click();
  await answerConfirm(admin, `Bloquear o domínio ${phishingHost}?`, "Bloquear domínio");
  await expect(admin.getByText(`Domínio ${phishingHost} bloqueado e denúncia resolvida.`)).toBeVisible();
  await expect(other).toHaveCount(0);

  // The audit log has the line.
  await admin.goto("/admin?tab=auditoria");
  await expect(admin.getByRole("row").filter({ hasText: shortUrl })).toContainText("Denúncia descartada");
  await adminContext.close();
});
