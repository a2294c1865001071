import type { BlogCategory } from "@common/contract/blog";
import { expect, type Page, test } from "@playwright/test";
import { signInViaApi } from "./accounts";

// A visitor reads the blog: searches, filters by category, opens a post (its view counted once:
// a reload does not add another), and uses the search form without JavaScript. The posts are
// written through the admin API as the e2e administrator (playwright.config.ts).

type Seeded = {
  tag: string;
  category: { slug: string; name: string };
  posts: { slug: string; title: string }[];
};

async function seed(page: Page, baseURL: string): Promise<Seeded> {
  const api = page.context().request;
  const headers = { origin: baseURL };
  const ok = async (response: Awaited<ReturnType<typeof api.post>>, what: string) => {
    expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  };
  await signInViaApi({ request: api }, baseURL);
  const tag = Date.now().toString(36);
  const category = (await ok(
    await api.post("/api/admin/blog/categories", {
      data: { name: `Marketing ${tag}`, slug: `marketing-${tag}` },
      headers,
    }),
    "category",
  )) as BlogCategory;
  const posts = [
    { title: `Como usar o link na bio ${tag}`, slug: `link-na-bio-${tag}`, category_ids: [category.id] },
    { title: `QR Codes que vendem ${tag}`, slug: `qr-codes-${tag}`, category_ids: [] },
    { title: `Links curtos no Instagram ${tag}`, slug: `links-curtos-${tag}`, category_ids: [category.id] },
  ];
  for (const post of posts) {
    await ok(
      await api.post("/api/admin/blog/posts", {
        data: {
          ...post,
          excerpt: `Um guia prático ${tag}.`,
          content: `<h2>Por que importa</h2><p>${"Texto do post com dicas práticas. ".repeat(60)}</p><ul><li>Um</li><li>Dois</li></ul>`,
          meta_keywords: "link na bio, instagram",
          status: "published",
        },
        headers,
      }),
      `post ${post.slug}`,
    );
  }
  await ok(await api.post("/api/auth/logout", { data: {}, headers }), "admin logout");
  return { tag, category: { slug: category.slug, name: category.name }, posts };
}

/** Console errors, page errors (a hydration mismatch is one). */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

const viewsText = (page: Page) => page.getByTestId("blog-views");

test("a visitor searches, filters, opens a post and is counted once", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const { tag, category, posts } = await seed(page, baseURL!);
  const problems = watch(page);

  await page.goto("/blog", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Typing searches after a pause; the address follows.
  await page.getByLabel("Buscar posts").fill(tag);
  await expect(page).toHaveURL(new RegExp(`/blog\\?search=${tag}$`));
  await expect(page.getByText("3 posts encontrados")).toBeVisible();
  await page.getByLabel("Buscar posts").fill(`QR Codes que vendem ${tag}`);
  await expect(page.getByText("1 post encontrado")).toBeVisible();
  await expect(page.getByRole("link", { name: posts[1]!.title })).toBeVisible();

  // The category filter, with the search kept.
  await page.getByLabel("Buscar posts").fill(tag);
  await expect(page.getByText("3 posts encontrados")).toBeVisible();
  await page.getByLabel("Categoria", { exact: true }).selectOption(category.slug);
  await expect(page).toHaveURL(new RegExp(`category=${category.slug}`));
  await expect(page.getByText("2 posts encontrados")).toBeVisible();
  await expect(page.getByRole("link", { name: posts[1]!.title })).toHaveCount(0);

  // Opening a post: the server's page (the list's links are plain links), whose view the server
  // counts as it sends it; no beacon on top (docs/decisions/011).
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/view") && r.method() === "POST") beacons.push(r.url());
  });
  const sent = page.waitForResponse((r) => r.url().endsWith(`/blog/${posts[0]!.slug}`));
  await page.getByRole("link", { name: posts[0]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[0]!.slug}$`));
  expect((await sent).request().resourceType()).toBe("document");
  await expect(page.getByRole("heading", { level: 1, name: posts[0]!.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Trilha de navegação" })).toContainText("Início");
  await expect(viewsText(page)).toHaveText("0 visualizações");
  await expect(page.getByRole("link", { name: "Compartilhar no WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=/,
  );
  await expect(page.getByText("#instagram")).toBeVisible();

  // The count is written in a batch within seconds; reloading (the server's page) adds nothing.
  await expect(async () => {
    await page.reload();
    await expect(viewsText(page)).toHaveText("1 visualização", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.waitForTimeout(6000);
  await page.reload();
  await expect(viewsText(page)).toHaveText("1 visualização");
  expect(beacons).toEqual([]);
  expect(problems).toEqual([]);
});

test("the search form works without JavaScript", async ({ browser, baseURL }) => {
  const setup = await browser.newPage();
  const { tag, category, posts } = await seed(setup, baseURL!);
  await setup.close();

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/blog");
  await page.getByLabel("Buscar posts").fill(tag);
  await page.getByLabel("Buscar posts").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/blog\\?search=${tag}&category=$`));
  await expect(page.getByText("3 posts encontrados")).toBeVisible();

  await page.getByLabel("Categoria", { exact: true }).selectOption(category.slug);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`category=${category.slug}`));
  await expect(page.getByText("2 posts encontrados")).toBeVisible();

  // A post, whole in the HTML, with share links that are plain links.
  await page.getByRole("link", { name: posts[2]!.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: posts[2]!.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Compartilhar por e-mail" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expect(page.getByRole("link", { name: "Começar Grátis" })).toHaveAttribute("href", "/dashboard");

  const missing = await page.goto("/blog/nao-existe-nenhum-post");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post não encontrado" })).toBeVisible();
  await context.close();
});
