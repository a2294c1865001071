import { expect, test } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { addDraftLink, blockSummaries, draftLinkTitles } from "./link-bio-editor";

// A new customer's first Link Bio: the address comes from the title, links go in before the first
// save, a visitor's click counts where the visitor came from, and the plan's page limit is said
// before the form is filled.

test("a new Link Bio takes its slug from the title and its links before the first save", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await context.route("https://example.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>destino</h1>" }),
  );
  await registerViaApi(page, baseURL!, "nova-bio", "Joana");
  const suffix = Date.now().toString(36);

  await page.goto("/link-pages/new/edit");
  await expect(page.getByRole("heading", { name: "Nova Link Bio" })).toBeVisible();
  const slug = page.getByLabel(/^Slug da URL/);
  await page.getByRole("textbox", { name: "Título *" }).fill(`Joana Silva! ${suffix}`);
  await expect(slug).toHaveValue(`joana-silva-${suffix}`);
  // Spaces typed in the slug become '-'; from then on the title leaves the slug alone.
  await slug.fill(`joana silva ${suffix}`);
  await expect(slug).toHaveValue(`joana-silva-${suffix}`);
  await page.getByRole("textbox", { name: "Título *" }).fill("Joana Silva");
  await expect(slug).toHaveValue(`joana-silva-${suffix}`);

  // Links before any save: listed, in the preview, reorderable.
  await addDraftLink(page, "Portfólio", "https://example.com/portfolio");
  await addDraftLink(page, "Agenda", "example.com/agenda");
  await page.getByRole("button", { name: "Mover Agenda para cima" }).click();
  expect(await draftLinkTitles(page)).toEqual(["Agenda", "Portfólio"]);
  await expect(page.getByTestId("link-bio-preview").locator(".lb-btn")).toHaveText(["Agenda", "Portfólio"]);
  await expect(page.getByRole("heading", { name: "Links (2)" })).toBeVisible();

  await page.getByRole("button", { name: "Salvar Link Bio" }).click();
  await expect(page.getByRole("heading", { name: "Editar Link Bio" })).toBeVisible();
  await expect(page).toHaveURL(/\/link-pages\/\d+\/edit$/);
  const pageId = Number(page.url().match(/link-pages\/(\d+)\/edit/)![1]);
  // Saved, the links are the page's first blocks, edited (and styled) as blocks now.
  await expect.poll(() => blockSummaries(page)).toEqual(["Agenda", "Portfólio"]);
  await expect(page.getByRole("list", { name: "Links da página" })).toHaveCount(0);
  await page.getByRole("button", { name: "Editar Link “Agenda”" }).click();
  const agenda = page.getByRole("group", { name: "Editar Link “Agenda”" });
  await expect(agenda.getByLabel("URL", { exact: true })).toHaveValue("https://example.com/agenda");
  await expect(agenda.getByRole("button", { name: "Personalizar botão" })).toBeVisible();

  // A visitor who came from Instagram clicks a button: the click's origin is Instagram, not the page.
  const visitor = await context.newPage();
  await visitor.goto(`/p/joana-silva-${suffix}`, { referer: "http://l.instagram.com/" });
  expect(await visitor.evaluate(() => document.referrer)).toBe("http://l.instagram.com/");
  await expect(visitor.locator(".lb-btn")).toHaveText(["Agenda", "Portfólio"]);
  const [target] = await Promise.all([
    context.waitForEvent("page"),
    visitor.locator(".lb-btn").first().click(),
  ]);
  await target.waitForLoadState();
  expect(target.url()).toBe("https://example.com/agenda");

  // Clicks are written in batches: reload the drill-down until the click shows. A first visit of
  // the drill-down draws its figures a second or so after the page's load (its chunk and query).
  await expect(async () => {
    await page.goto(`/analytics/link-pages/${pageId}`);
    const origin = page.getByRole("region", { name: "Origem" });
    await expect(origin.getByText("l.instagram.com")).toBeVisible({ timeout: 5_000 });
    await expect(origin.getByText("localhost")).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
});

test("a user at the plan's page limit is told so before filling the form", async ({ page, baseURL }) => {
  await registerViaApi(page, baseURL!, "nova-bio", "Joana");
  // The free plan's 3 pages, made through the API.
  for (let i = 0; i < 3; i++) {
    const created = await page.request.post("/api/link-pages", {
      data: { slug: `limite-${Date.now().toString(36)}-${i}`, title: `Página ${i + 1}` },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto("/link-pages/new/edit");
  const notice = page.getByRole("alert").filter({ hasText: "Você atingiu o limite de 3 Link Bios" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Ver planos" })).toHaveAttribute("href", "/pricing");
  await page.getByRole("textbox", { name: "Título *" }).fill("Quarta página");
  await expect(page.getByRole("button", { name: "Salvar Link Bio" })).toBeDisabled();
  // Said once: no toast repeats it.
  await expect(page.getByText(/Você atingiu o limite/)).toHaveCount(1);
});
