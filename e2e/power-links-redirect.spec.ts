import { POWER_LINK_MESSAGES, type ShortenedUrl } from "@common/contract/shortened-urls";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";

// Power links from the visitor's side: a redirect rule by device, and a password-protected link. The
// targets are elsewhere (our own hosts and loopback are refused as targets): the browser's requests
// to them are answered here by page.route, so no network is needed.

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
// Headless Chromium names itself HeadlessChrome, a bot to isbot: the visitors are people here.
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const TARGETS = "https://destino.exemplo.com.br/**";

async function createLink(page: Page, baseURL: string, body: object): Promise<ShortenedUrl> {
  const response = await page.request.post("/api/shortened-urls", {
    data: { original_url: "https://destino.exemplo.com.br/padrao", ...body },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Every page of the fake target site says where the visitor landed. */
async function serveTargets(context: BrowserContext) {
  await context.route(TARGETS, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><title>Destino</title><h1>Destino ${new URL(route.request().url()).pathname}</h1>`,
    }),
  );
}

/**
 * Clicks a link to `url`, as a visitor of a post would. NOTE: not page.goto: the route handlers do
 * not see the request a browser-initiated navigation is redirected to, a clicked link's they do.
 */
async function follow(page: Page, url: string) {
  await page.setContent(`<a href="${url}">link curto</a>`);
  await page.getByRole("link", { name: "link curto" }).click();
}

test("an iOS rule sends an iPhone to the iOS target and a desktop to the default", async ({
  page,
  browser,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "regras", "Rui");
  const link = await createLink(page, baseURL!, {
    rules: [{ type: "device", value: "ios", url: "https://destino.exemplo.com.br/ios" }],
  });

  const iphone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  try {
    await serveTargets(iphone);
    const visitor = await iphone.newPage();
    await follow(visitor, `${baseURL}/s/${link.short_code}`);
    await expect(visitor).toHaveURL("https://destino.exemplo.com.br/ios");
    await expect(visitor.getByRole("heading")).toHaveText("Destino /ios");
  } finally {
    await iphone.close();
  }

  // The test's own page: a desktop browser (the config's user agent).
  await serveTargets(page.context());
  await follow(page, `${baseURL}/s/${link.short_code}`);
  await expect(page).toHaveURL("https://destino.exemplo.com.br/padrao");
  await expect(page.getByRole("heading")).toHaveText("Destino /padrao");
});

test("a password link refuses a wrong password and lets the right one through", async ({
  page,
  browser,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "regras", "Rui");
  const link = await createLink(page, baseURL!, {
    original_url: "https://destino.exemplo.com.br/secreto",
    password: "abre-te-sesamo",
  });

  // A visitor without the app's session, with JavaScript off: the page is a plain form.
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: DESKTOP });
  try {
    await serveTargets(context);
    const visitor = await context.newPage();
    const first = await visitor.goto(`${baseURL}/s/${link.short_code}`);
    expect(first?.status()).toBe(200);
    expect(first?.headers()["cache-control"]).toBe("private, no-store");
    await expect(visitor.getByRole("heading", { name: "Link protegido" })).toBeVisible();
    await expect(visitor.getByText(POWER_LINK_MESSAGES.passwordPrompt)).toBeVisible();

    await visitor.getByLabel("Senha").fill("senha-errada");
    await visitor.getByRole("button", { name: "Continuar" }).click();
    await expect(visitor.getByRole("alert")).toHaveText(POWER_LINK_MESSAGES.passwordWrong);
    await expect(visitor).toHaveURL(`${baseURL}/s/${link.short_code}`);

    await visitor.getByLabel("Senha").fill("abre-te-sesamo");
    await visitor.getByRole("button", { name: "Continuar" }).click();
    await expect(visitor).toHaveURL("https://destino.exemplo.com.br/secreto");
    await expect(visitor.getByRole("heading")).toHaveText("Destino /secreto");
  } finally {
    await context.close();
  }

  // The owner sees the click the right password counted.
  await expect(async () => {
    const list = await page.request.get("/api/shortened-urls");
    const found = ((await list.json()) as ShortenedUrl[]).find((l) => l.id === link.id);
    expect(found?.click_count).toBe(1);
  }).toPass({ timeout: 10_000 });
});

test("the password page at phone and desktop widths", async ({ page, browser, baseURL }) => {
  await registerViaApi(page, baseURL!, "regras", "Rui");
  const link = await createLink(page, baseURL!, { password: "abre-te-sesamo" });
  for (const width of [390, 1440]) {
    const context = await browser.newContext({
      userAgent: DESKTOP,
      viewport: { width, height: width < 500 ? 844 : 900 },
    });
    try {
      const visitor = await context.newPage();
      await visitor.goto(`${baseURL}/s/${link.short_code}`);
      await visitor.getByLabel("Senha").fill("x");
      await visitor.getByRole("button", { name: "Continuar" }).click();
      await expect(visitor.getByRole("alert")).toHaveText(POWER_LINK_MESSAGES.passwordWrong);
      // The form fits the screen: no sideways scrolling on a phone.
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await visitor.screenshot({
        path: test.info().outputPath(`password-page-${width}.png`),
        fullPage: true,
      });
    } finally {
      await context.close();
    }
  }
});
