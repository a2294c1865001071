import { fileURLToPath } from "node:url";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import {
  addBlock,
  addBlockViaApi,
  addLink,
  blockSummaries,
  blockTypes,
  createPageViaApi,
  moveBlockByKeyboard,
  uniqueSlug,
} from "./link-bio-editor";

// A Link Bio built from blocks: one of each type from the editor, on the public page at a phone's and
// a desktop's width; the video facade that loads its player only on a tap; the Pix code copied;
// a block switched off; the 18+ notice of a sensitive page. The account, and the pages whose point
// is not the editor, are made through the API.

const ICON = fileURLToPath(new URL("../web/public/icons/icon-192.png", import.meta.url));
const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const YOUTUBE_PLAYER = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1";
// A valid CPF (check digits) as a Pix key.
const PIX = { key: "529.982.247-25", name: "Bia Souza", city: "São Paulo" };

/** How each block type looks on the public page: the top element its markup starts with. */
const PUBLIC_BLOCK = {
  header: "h2.lb-header",
  text: "p.lb-text",
  whatsapp: "a.lb-wa",
  link: "a.lb-btn:not(.lb-wa)",
  image: "div.lb-image-block",
  social: "ul.lb-social",
  embed: "div.lb-embed-block",
  pix: "details.lb-pix",
  contact: "div.lb-contact",
  faq: "div.lb-faq",
  divider: "hr.lb-divider",
} as const;

/** The type of each block of the public page, in order (read from its markup). */
const publicBlockTypes = (page: Page) =>
  page
    .locator("div.lb-blocks > *")
    .evaluateAll(
      (elements, kinds) =>
        elements.map(
          (element) => Object.entries(kinds).find(([, selector]) => element.matches(selector))?.[0],
        ),
      PUBLIC_BLOCK,
    );

/**
 * Requests to any origin but ours are answered here with an empty 200 (the machine is offline, and
 * nothing may leave it); answers the list of the URLs asked, which grows as they are asked.
 */
async function keepOtherOriginsLocal(context: BrowserContext, baseURL: string) {
  const asked: string[] = [];
  await context.route(
    (url) => url.origin !== baseURL,
    (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "" });
    },
  );
  return asked;
}

test("a user builds a page with one block of each type, reorders it by keyboard, and visitors see it on a phone and a desktop", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await keepOtherOriginsLocal(context, baseURL!);
  await registerViaApi(page, baseURL!, "blocos", "Bia");
  const slug = uniqueSlug("blocos");
  const pageId = await createPageViaApi(page, baseURL!, { slug, title: "Ateliê da Bia" });

  await page.goto(`/link-pages/${pageId}/edit`);
  await expect(page.getByRole("heading", { name: "Editar Link Bio" })).toBeVisible();
  await expect(page.getByText("Sua página ainda não tem blocos")).toBeVisible();

  await addBlock(page, "Título", (form) => form.getByLabel("Texto do título").fill("Feito à mão"));
  await addBlock(page, "Texto", (form) =>
    form.getByLabel("Texto", { exact: true }).fill("Cerâmica de Minas.\nEncomendas abertas."),
  );
  await addLink(page, "Loja", "https://example.com/loja");
  await addBlock(page, "Imagem", async (form) => {
    await form.getByLabel("Enviar imagem").setInputFiles(ICON);
    await expect(form.locator("img")).toHaveAttribute("src", /^data:image\/png/);
    await form.getByLabel("Descrição da imagem").fill("Logo do ateliê");
  });
  await addBlock(page, "Redes sociais", async (form) => {
    await expect(form.getByLabel("Rede 1", { exact: true })).toHaveValue("instagram");
    await form.getByLabel("Endereço da rede 1", { exact: true }).fill("@atelie.bia");
    await form.getByRole("button", { name: "Adicionar rede" }).click();
    await form.getByLabel("Rede 2", { exact: true }).selectOption({ label: "YouTube" });
    await form.getByLabel("Endereço da rede 2", { exact: true }).fill("https://www.youtube.com/@atelie.bia");
  });
  await addBlock(page, "Vídeo ou música", async (form) => {
    await form.getByLabel("Link do vídeo ou da música").fill(YOUTUBE_URL);
    await form.getByLabel("Título (opcional)").fill("Como fazemos");
  });
  await addBlock(page, "WhatsApp", async (form) => {
    await form.getByLabel("Número do WhatsApp").fill("(11) 98765-4321");
    await form.getByLabel("Mensagem pronta (opcional)").fill("Oi, Bia! Vim pela sua página.");
    await form.getByLabel("Texto do botão (opcional)").fill("Chama no Zap");
  });
  await addBlock(page, "Pix", async (form) => {
    await form.getByLabel("Chave Pix").fill(PIX.key);
    await expect(form.getByText("Tipo de chave: CPF")).toBeVisible();
    await form.getByLabel("Nome de quem recebe").fill(PIX.name);
    await form.getByLabel("Cidade").fill(PIX.city);
    await form.getByLabel("Valor em reais (opcional)").fill("25,00");
    await form.getByLabel("Descrição (opcional)").fill("Caneca");
  });
  await addBlock(page, "Contato", async (form) => {
    await form.getByLabel("Nome", { exact: true }).fill("Bia Souza");
    await form.getByLabel("Telefone").fill("(11) 98765-4321");
    await form.getByLabel("E-mail").fill("bia@exemplo.com");
    await form.getByLabel("Empresa (opcional)").fill("Ateliê da Bia");
    await form.getByLabel("Site").fill("https://example.com");
  });
  await addBlock(page, "Perguntas frequentes", async (form) => {
    await form.getByLabel("Pergunta 1", { exact: true }).fill("Vocês entregam?");
    await form.getByLabel("Resposta 1", { exact: true }).fill("Sim, para todo o Brasil.");
    await form.getByRole("button", { name: "Adicionar pergunta" }).click();
    await form.getByLabel("Pergunta 2", { exact: true }).fill("Fazem sob encomenda?");
    await form.getByLabel("Resposta 2", { exact: true }).fill("Sim: chame no WhatsApp.");
  });
  await addBlock(page, "Divisor");

  const everyType = [
    "header",
    "text",
    "link",
    "image",
    "social",
    "embed",
    "whatsapp",
    "pix",
    "contact",
    "faq",
    "divider",
  ];
  expect(await blockTypes(page)).toEqual(everyType);
  expect(await blockSummaries(page)).toEqual([
    "Feito à mão",
    "Cerâmica de Minas.",
    "Loja",
    "Logo do ateliê",
    "Instagram, YouTube",
    "Como fazemos",
    "Chama no Zap",
    "Bia Souza · R$ 25,00 · CPF",
    "Bia Souza",
    "Vocês entregam?, Fazem sob encomenda?",
  ]);
  await expect(page.getByText("11 de 100 blocos")).toBeVisible();

  // The keyboard drag: the link goes up one place, above the text; the order is saved.
  await moveBlockByKeyboard(page, "Link “Loja”", 1);
  const reordered = ["header", "link", "text", ...everyType.slice(3)];
  await expect.poll(() => blockTypes(page)).toEqual(reordered);
  await expect(page.getByText("Link “Loja” na posição 2 de 11")).toBeAttached();
  await expect(page.getByTestId("link-bio-preview").locator("div.lb-blocks > *")).toHaveCount(11);

  // A visitor on a phone, then on a desktop: every block, in the new order.
  const visitor = await context.newPage();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await visitor.setViewportSize(viewport);
    await visitor.goto(`/p/${slug}`);
    expect(await publicBlockTypes(visitor)).toEqual(reordered);
    for (const selector of Object.values(PUBLIC_BLOCK)) {
      await expect(visitor.locator(`div.lb-blocks > ${selector}`)).toBeVisible();
    }
    // Nothing wider than the screen.
    expect(
      await visitor.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  }

  // What each block shows.
  await expect(visitor.locator("h2.lb-header")).toHaveText("Feito à mão");
  // Its line break kept, and shown.
  expect(await visitor.locator("p.lb-text").textContent()).toBe("Cerâmica de Minas.\nEncomendas abertas.");
  await expect(visitor.locator("p.lb-text")).toHaveCSS("white-space", "pre-line");
  await expect(visitor.getByRole("link", { name: "Loja" })).toHaveAttribute(
    "href",
    "https://example.com/loja",
  );
  const image = visitor.getByRole("img", { name: "Logo do ateliê" });
  await expect(image).toHaveAttribute("src", /^\/uploads\/[\w.-]+\.png$/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
  const social = visitor.locator("ul.lb-social a.lb-social-link");
  await expect(social).toHaveCount(2);
  await expect(visitor.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.instagram\.com\/atelie\.bia\/?$/,
  );
  await expect(visitor.getByRole("link", { name: "YouTube", exact: true })).toHaveAttribute(
    "href",
    /^https:\/\/www\.youtube\.com\/@atelie\.bia\/?$/,
  );
  await expect(visitor.locator("button.lb-embed")).toContainText("Como fazemos");
  await expect(visitor.locator("a.lb-wa")).toHaveText("Chama no Zap");
  await expect(visitor.locator("a.lb-wa")).toHaveAttribute(
    "href",
    `https://wa.me/5511987654321?text=${encodeURIComponent("Oi, Bia! Vim pela sua página.")}`,
  );
  await expect(visitor.locator("summary.lb-pix-summary")).toContainText("R$ 25,00");
  await expect(visitor.locator("textarea.lb-pix-code")).toBeHidden();
  const contact = visitor.locator("a.lb-contact-save");
  await expect(contact).toHaveText("Salvar contato");
  const vcard = await visitor.request.get(new URL((await contact.getAttribute("href"))!, baseURL).href);
  expect(vcard.headers()["content-type"]).toMatch(/^text\/vcard/);
  expect(await vcard.text()).toMatch(/^BEGIN:VCARD[\s\S]*FN:Bia Souza[\s\S]*END:VCARD\s*$/);
  const faq = visitor.locator("details.lb-faq-item");
  await expect(faq).toHaveCount(2);
  await faq.first().locator("summary").click();
  await expect(faq.first().getByText("Sim, para todo o Brasil.")).toBeVisible();
  await expect(faq.nth(1).getByText("Sim: chame no WhatsApp.")).toBeHidden();
});

test("a video block loads its player only when the visitor taps it, and nothing leaves our origin before", async ({
  page,
  context,
  baseURL,
}) => {
  const asked = await keepOtherOriginsLocal(context, baseURL!);
  await registerViaApi(page, baseURL!, "blocos", "Bia");
  const slug = uniqueSlug("video");
  const pageId = await createPageViaApi(page, baseURL!, { slug, title: "Ateliê da Bia" });
  // Among blocks that lead elsewhere (none of them asked for anything until tapped).
  for (const block of [
    { type: "embed", data: { url: YOUTUBE_URL } },
    { type: "social", data: { items: [{ network: "instagram", url: "@atelie.bia" }] } },
    { type: "whatsapp", data: { phone: "(11) 98765-4321" } },
    { type: "link", data: { title: "Loja", url: "https://example.com/loja" } },
    { type: "pix", data: PIX },
  ]) {
    await addBlockViaApi(page, baseURL!, pageId, block);
  }

  await page.goto(`/p/${slug}`);
  const facade = page.locator("button.lb-embed[data-embed-src]");
  await expect(facade).toHaveAttribute("data-embed-src", YOUTUBE_PLAYER);
  await expect(facade).toContainText("Vídeo no YouTube");
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  expect(await page.locator("iframe").count()).toBe(0);
  expect(asked).toEqual([]);

  await facade.click();
  const player = page.locator("iframe.lb-embed-player");
  await expect(player).toHaveAttribute("src", YOUTUBE_PLAYER);
  await expect(player).toHaveAttribute("allow", /autoplay/);
  await expect(facade).toHaveCount(0);
  await expect(player).toBeFocused();
  // The player was asked for (and answered here).
  await expect.poll(() => asked).toContain(YOUTUBE_PLAYER);
});

test("a visitor copies the Pix code from the page", async ({ page, context, baseURL }) => {
  await keepOtherOriginsLocal(context, baseURL!);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await registerViaApi(page, baseURL!, "blocos", "Bia");
  const slug = uniqueSlug("pix");
  const pageId = await createPageViaApi(page, baseURL!, { slug, title: "Ateliê da Bia" });
  await addBlockViaApi(page, baseURL!, pageId, {
    type: "pix",
    data: { ...PIX, amount_cents: 2500, label: "Pagar a caneca" },
  });

  await page.goto(`/p/${slug}`);
  const code = page.locator("textarea.lb-pix-code");
  await expect(code).toBeHidden();
  await page.locator("details.lb-pix > summary.lb-pix-summary").click();
  await expect(code).toBeVisible();
  await expect(page.getByRole("img", { name: "QR Code Pix" })).toBeVisible();
  const text = await code.inputValue();
  expect(text).toMatch(/^000201/);
  expect(text).toContain("br.gov.bcb.pix");
  // The amount (field 54) and the CRC (field 63, four upper-case hex digits) close the code.
  expect(text).toContain("540525.00");
  expect(text).toMatch(/6304[0-9A-F]{4}$/);

  const copy = page.getByRole("button", { name: "Copiar código Pix" });
  await expect(copy).toHaveAttribute("data-copy", text);
  await copy.click();
  await expect(page.locator("button.lb-copy")).toHaveText("Copiado!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  // Back to its words after a while.
  await expect(page.locator("button.lb-copy")).toHaveText("Copiar código Pix");
});

test("a block switched off leaves the public page, and a sensitive page shows its blocks only after the 18+ notice", async ({
  page,
  context,
  baseURL,
}) => {
  await keepOtherOriginsLocal(context, baseURL!);
  await registerViaApi(page, baseURL!, "blocos", "Bia");
  const slug = uniqueSlug("adulto");
  const pageId = await createPageViaApi(page, baseURL!, {
    slug,
    title: "Ateliê da Bia",
    description: "Peças para adultos",
  });
  const loja = await addBlockViaApi(page, baseURL!, pageId, {
    type: "link",
    data: { title: "Loja", url: "https://example.com/loja" },
  });
  await addBlockViaApi(page, baseURL!, pageId, { type: "text", data: { text: "Olá, visitante!" } });
  await addBlockViaApi(page, baseURL!, pageId, { type: "whatsapp", data: { phone: "(11) 98765-4321" } });

  const visitor = await context.newPage();
  await visitor.goto(`/p/${slug}`);
  await expect(visitor.locator("a.lb-btn", { hasText: "Loja" })).toBeVisible();

  // Off in the editor (saved at once): gone from the public page, the rest still there.
  await page.goto(`/link-pages/${pageId}/edit`);
  const toggle = page.getByRole("switch", { name: "Mostrar Link “Loja” na página" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId(`block-${loja}`).getByText("Desativado")).toBeVisible();
  await visitor.reload();
  await expect(visitor.locator("p.lb-text")).toHaveText("Olá, visitante!");
  await expect(visitor.locator("a.lb-wa")).toBeVisible();
  await expect(visitor.getByText("Loja")).toHaveCount(0);
  expect(await visitor.content()).not.toContain("example.com/loja");

  // Sensitive, with words of its own for search engines.
  const card = page.locator("details", { has: page.getByRole("heading", { name: "Visibilidade e SEO" }) });
  await expect(card).not.toHaveAttribute("open");
  await card.getByRole("heading", { name: "Visibilidade e SEO" }).click();
  await expect(card).toHaveAttribute("open");
  await expect(card.getByRole("switch", { name: "Página ativa" })).toHaveAttribute("aria-checked", "true");
  const sensitive = card.getByRole("switch", { name: "Conteúdo sensível (18+)" });
  await sensitive.click();
  await expect(sensitive).toHaveAttribute("aria-checked", "true");
  await card.getByLabel("Título para buscadores").fill("Ateliê da Bia: peças únicas");
  await card.getByLabel("Descrição para buscadores").fill("Cerâmica artesanal de Minas.");
  await page.getByRole("button", { name: "Salvar Link Bio" }).click();
  await expect(page.getByText("Link Bio salva!")).toBeVisible();

  // The notice and nothing of the blocks (not even in the HTML) until the visitor confirms.
  await visitor.reload();
  const gate = visitor.locator("section.lb-gate");
  await expect(gate).toBeVisible();
  await expect(gate.getByRole("heading", { name: "Conteúdo para maiores de 18 anos" })).toBeVisible();
  await expect(visitor).toHaveTitle("Ateliê da Bia: peças únicas");
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Cerâmica artesanal de Minas.",
  );
  await expect(visitor.locator("div.lb-blocks")).toHaveCount(0);
  const gated = await visitor.content();
  expect(gated).not.toContain("Olá, visitante!");
  expect(gated).not.toContain("wa.me");
  expect(gated).not.toContain("Peças para adultos");

  await gate.getByRole("link", { name: "Tenho 18 anos ou mais, continuar" }).click();
  await expect(visitor.locator("section.lb-gate")).toHaveCount(0);
  await expect(visitor.locator("div.lb-blocks p.lb-text")).toHaveText("Olá, visitante!");
  await expect(visitor.locator("a.lb-wa")).toBeVisible();
  await expect(visitor.getByText("Peças para adultos")).toBeVisible();
});
