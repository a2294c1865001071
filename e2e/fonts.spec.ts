import { APP_FONT_PRELOAD } from "@common/link-bio/fonts";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./accounts";

// The fonts are ours: the app shell draws in Inter and a Link Bio page in its chosen fonts, every
// file comes from our origin, and no request (fonts or anything else) leaves it.

// With the app's worker, whose requests (its precache) are watched too; the other journeys block it
// (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** Every request the context makes (pages and service worker), and the console's errors. */
function watch(context: BrowserContext, page: Page) {
  const requests: string[] = [];
  const errors: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { requests, errors };
}

/** Font faces the document has loaded, as "family weight". */
const loadedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => `${face.family.replace(/"/g, "")} ${face.weight}`);
  });

test("the app shell loads Inter from our origin, once, and nothing from elsewhere", async ({
  page,
  context,
  baseURL,
}) => {
  const { requests, errors } = watch(context, page);
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect(await loadedFaces(page)).toContain("Inter 100 900");
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter"?,/);
  await page.waitForLoadState("networkidle");

  // The preload and the @font-face rule are one request: same URL, same CORS mode.
  expect(requests.filter((url) => url === `${baseURL}${APP_FONT_PRELOAD}`)).toHaveLength(1);
  expect(requests.filter((url) => new URL(url).origin !== baseURL)).toEqual([]);
  expect(errors.filter((text) => /font|Content Security Policy/i.test(text))).toEqual([]);
});

test("a Link Bio page loads its fonts from our origin, and nothing from elsewhere", async ({
  page,
  context,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await registerViaApi(page, baseURL!, "fontes", "Bia");
  const slug = `fontes-${Date.now().toString(36)}`;
  const created = await page.request.post("/api/link-pages", {
    data: {
      slug,
      title: "Ateliê da Bia",
      description: "Cerâmica feita à mão",
      button_style: { fontFamily: "Poppins", fontWeight: "600" },
    },
    headers,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const data of [
    { title: "Loja", url: "https://example.com/loja" },
    {
      title: "Portfólio",
      url: "https://example.com/portfolio",
      custom_style: { fontFamily: "Playfair Display", fontWeight: "700" },
    },
  ]) {
    expect((await page.request.post(`/api/link-pages/${id}/links`, { data, headers })).status()).toBe(201);
  }

  const { requests, errors } = watch(context, page);
  await page.goto(`/p/${slug}`);
  await expect(page.getByRole("link", { name: "Portfólio" })).toBeVisible();
  const faces = await loadedFaces(page);
  expect(faces).toContain("Poppins 600");
  expect(faces).toContain("Playfair Display 400 900");
  await page.waitForLoadState("networkidle");

  const fonts = requests.filter((url) => url.endsWith(".woff2"));
  expect(fonts).toContain(`${baseURL}/fonts/v5.3.0/poppins-latin-600-normal.woff2`);
  expect(fonts).toContain(`${baseURL}/fonts/v5.3.0/playfair-display-latin-wght-normal.woff2`);
  // Each file once: the preloads are the very requests the @font-face rules make.
  expect(new Set(fonts).size).toBe(fonts.length);
  expect(requests.filter((url) => new URL(url).origin !== baseURL)).toEqual([]);
  expect(errors).toEqual([]);
});
