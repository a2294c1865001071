import type { ShortenedUrl } from "@common/contract/shortened-urls";
import { type Browser, expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { addBlockViaApi, createPageViaApi, uniqueSlug } from "./link-bio-editor";

// Issue 36, "Abrir no app", from a visitor inside Instagram's in-app browser on Android: the Link
// Bio page offers "Abrir no navegador", and a link to a YouTube video goes to the YouTube app
// (Android's intent, the video's address as its fallback) instead of opening in Instagram.

const INSTAGRAM_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/156.0.0.0 Mobile Safari/537.36 Instagram 355.0.0.36.99 Android (34/14; 450dpi; 1080x2340; samsung; SM-A546E; a54x; s5e8835; pt_BR; 658192836)";
const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const VIDEO_INTENT =
  "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;" +
  `S.browser_fallback_url=${encodeURIComponent(VIDEO)};end`;

/** A phone inside Instagram; nothing leaves the machine (other sites answer here). */
async function insideInstagram(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    userAgent: INSTAGRAM_ANDROID,
    viewport: { width: 390, height: 844 },
    locale: "pt-BR",
  });
  await context.route(
    (url) => url.origin !== new URL(baseURL).origin,
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>fora</p>" }),
  );
  return context;
}

test("inside Instagram, a Link Bio page offers 'Abrir no navegador' and its YouTube link opens the app", async ({
  page,
  browser,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "abrir-app", "Bia");
  const slug = uniqueSlug("abrir-app");
  const pageId = await createPageViaApi(page, baseURL!, { slug, title: "Bia Canta" });
  const video = await addBlockViaApi(page, baseURL!, pageId, {
    type: "link",
    data: { title: "Meu clipe novo", url: VIDEO },
  });

  const visitor = await insideInstagram(browser, baseURL!);
  const tab = await visitor.newPage();
  await tab.goto(`/p/${slug}`);
  const notice = tab.getByRole("region", { name: "Abrir no navegador" });
  await expect(notice).toBeVisible();
  // Android's intent to the default browser, for this very page.
  const out = notice.getByRole("link", { name: "Abrir no navegador" });
  expect(await out.getAttribute("href")).toMatch(new RegExp(`^intent://[^#]+/p/${slug}#Intent;scheme=http`));
  // Dismissed with its ×, it goes (no JavaScript needed: the × is a checkbox's label).
  await tab.getByTitle("Fechar aviso").click();
  await expect(notice).toBeHidden();

  // The link goes through the server's escape, which answers the page that opens the YouTube app.
  const link = tab.getByRole("link", { name: "Meu clipe novo" });
  expect(await link.getAttribute("href")).toBe(`/p/${slug}/abrir/${video}`);
  await link.click();
  await expect(tab.getByRole("heading", { name: "Abrindo no YouTube…" })).toBeVisible();
  expect(await tab.getByRole("link", { name: "Abrir no app do YouTube" }).getAttribute("href")).toBe(
    VIDEO_INTENT,
  );
  expect(await tab.getByRole("link", { name: "Continuar aqui mesmo" }).getAttribute("href")).toBe(VIDEO);
  await visitor.close();
});

test("inside Instagram, a short link to a YouTube video answers the intent page; elsewhere, the plain redirect", async ({
  page,
  browser,
  baseURL,
}) => {
  await registerViaApi(page, baseURL!, "abrir-curto", "Caio");
  const created = await page.request.post("/api/shortened-urls", {
    data: { original_url: VIDEO },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as ShortenedUrl;
  expect(link.open_in_app).toBe(true);

  const visitor = await insideInstagram(browser, baseURL!);
  const tab = await visitor.newPage();
  // Tapped in a post, as a visitor would (page.goto would wait on the page's own move to the
  // intent, which a desktop Chromium leaves pending).
  await tab.setContent(`<a href="${baseURL}/s/${link.short_code}">link na bio</a>`);
  await tab.getByRole("link", { name: "link na bio" }).click();
  await expect(tab.getByRole("heading", { name: "Abrindo no YouTube…" })).toBeVisible();
  expect(await tab.getByRole("link", { name: "Abrir no app do YouTube" }).getAttribute("href")).toBe(
    VIDEO_INTENT,
  );
  await visitor.close();

  // Outside an in-app browser nothing changes: the same plain 302.
  const plain = await page.request.get(`/s/${link.short_code}`, { maxRedirects: 0 });
  expect(plain.status()).toBe(302);
  expect(plain.headers().location).toBe(VIDEO);
});
