import { defaultConsentText, LEAD_MESSAGES } from "@common/contract/leads";
import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";
import { addBlockViaApi, createPageViaApi, uniqueSlug } from "./link-bio-editor";

// Issue 37: a creator puts a contact form on their page; one visitor sends it with JavaScript off
// (a plain form POST, answered by a thank-you page), another with it on (in place); each first has
// a refused submission said in pt-BR. The creator reads both on Contatos and deletes one.

const PAGE_TITLE = "Doces da Ana";
const THANKS = "Obrigada! Respondo em breve.";

/** The contact form on the public page, by the texts the owner gave it. */
async function fillForm(
  tab: Page,
  answers: { name: string; email?: string; whatsapp?: string; consent: boolean },
) {
  await tab.getByLabel("Nome", { exact: true }).fill(answers.name);
  if (answers.email !== undefined) await tab.getByLabel("E-mail", { exact: true }).fill(answers.email);
  if (answers.whatsapp !== undefined)
    await tab.getByLabel("WhatsApp", { exact: true }).fill(answers.whatsapp);
  if (answers.consent) await consentBox(tab).check();
}

/** The consent: the default text, naming the page, beside a box the visitor ticks. */
const consentBox = (tab: Page) => tab.getByRole("checkbox", { name: defaultConsentText(PAGE_TITLE) });

/** The pt-BR error of a refused submission, in an element with role="alert". */
const refusal = (tab: Page, message: string) => tab.getByRole("alert").filter({ hasText: message }).first();

const send = (tab: Page) => tab.getByRole("button", { name: "Quero novidades" }).click();

test("a page's contact form, with and without JavaScript, read and deleted on Contatos", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await registerViaApi(page, baseURL!, "contatos", "Ana");
  const slug = uniqueSlug("contatos");
  const pageId = await createPageViaApi(page, baseURL!, { slug, title: PAGE_TITLE });
  await addBlockViaApi(page, baseURL!, pageId, {
    type: "form",
    data: {
      fields: ["name", "email", "whatsapp"],
      title: "Receba as novidades",
      button_text: "Quero novidades",
      thank_you: THANKS,
    },
  });

  // JavaScript off: the browser posts the form itself; a refusal comes back as the page with its
  // error, and an accepted one as the thank-you page.
  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const plainTab = await plain.newPage();
  await plainTab.goto(`/p/${slug}`);
  await expect(plainTab.getByText("Receba as novidades")).toBeVisible();
  await expect(consentBox(plainTab)).not.toBeChecked();
  await fillForm(plainTab, {
    name: "Maria Souza",
    email: "maria@exemplo.com.br",
    whatsapp: "123",
    consent: true,
  });
  await send(plainTab);
  await expect(refusal(plainTab, LEAD_MESSAGES.whatsappInvalid)).toBeVisible();
  await fillForm(plainTab, {
    name: "Maria Souza",
    email: "Maria@Exemplo.com.br",
    whatsapp: "",
    consent: true,
  });
  await send(plainTab);
  await expect(plainTab.getByText(THANKS)).toBeVisible();
  await plain.close();

  // JavaScript on: the same form answered in place, the page never reloaded.
  const scripted = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const tab = await scripted.newPage();
  await tab.goto(`/p/${slug}`);
  await expect(tab.getByRole("heading", { name: PAGE_TITLE })).toBeVisible();
  await tab.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await fillForm(tab, { name: "João Lima", whatsapp: "12", consent: true });
  await send(tab);
  await expect(refusal(tab, LEAD_MESSAGES.whatsappInvalid)).toBeVisible();
  await fillForm(tab, { name: "João Lima", whatsapp: "(11) 98765-4321", consent: true });
  await send(tab);
  await expect(tab.getByText(THANKS)).toBeVisible();
  expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await scripted.close();

  // The owner reads both on Contatos (e-mail lowercased, the number as stored, in E.164).
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Contatos" })
    .click();
  await expect(page).toHaveURL(/\/contacts$/);
  const maria = page.getByRole("row").filter({ hasText: "Maria Souza" });
  const joao = page.getByRole("row").filter({ hasText: "João Lima" });
  await expect(maria.getByRole("link", { name: "maria@exemplo.com.br" })).toHaveAttribute(
    "href",
    "mailto:maria@exemplo.com.br",
  );
  await expect(joao.getByRole("link", { name: "(11) 98765-4321" })).toHaveAttribute(
    "href",
    "https://wa.me/5511987654321",
  );
  await expect(maria).toContainText(PAGE_TITLE);
  await expect(page.getByText("2 contatos")).toBeVisible();

  // Its consent: the text the visitor ticked.
  await maria.getByRole("button", { name: "Consentimento de Maria Souza" }).click();
  const consent = page.getByRole("dialog", { name: "Consentimento" });
  await expect(consent).toContainText(defaultConsentText(PAGE_TITLE));
  await page.keyboard.press("Escape");
  await expect(consent).toBeHidden();

  // One deleted, through the dialog that names it.
  await joao.getByRole("button", { name: "Excluir João Lima" }).click();
  await answerConfirm(page, "Excluir “João Lima”?", "Excluir contato");
  await expect(page.getByText(LEAD_MESSAGES.deleted)).toBeVisible();
  await expect(joao).toHaveCount(0);
  await expect(maria).toBeVisible();
  await expect(page.getByText("1 contato", { exact: true })).toBeVisible();
});
