import { linkUnavailablePath } from "@common/contract/shortened-urls";
import { expect, test } from "@playwright/test";
import { registerViaApi, signInViaApi } from "./accounts";
import { FIXTURE_ZONE } from "./domain-fixtures";

// A Pro customer puts a page and a short link on the custom domain the administrator offers the
// Pro plan: picks it in the Link Bio editor and in the shortener, sees the addresses on that
// domain, and both answer there (and only there) when a visitor's Host names it.

type AvailableDomain = { id: number; domain: string };

test("a Pro user publishes a Link Bio and a short link on the domain offered to Pro", async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  const mainHost = new URL(baseURL!).host;
  const id = Date.now().toString(36);
  const domain = `loja-${id}.${FIXTURE_ZONE}`;
  const slug = `loja-${id}`;
  const code = `promo-${id}`;
  const target = "https://example.com/promocao?origem=atalho";
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });

  // The administrator adds the domain and offers it to Pro (their screens are admin-domains.spec.ts).
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi({ request: admin }, baseURL!);
  const added = await admin.post("/api/admin/custom-domains", {
    data: { domain, display_name: "Loja da Bia" },
  });
  expect(added.status()).toBe(201);
  const domainId = (await added.json()).id as number;
  const plans: { id: number; name: string }[] = await (
    await admin.get("/api/admin/subscription-plans")
  ).json();
  const proId = plans.find((plan) => plan.name === "Pro")!.id;
  const offered = await admin.post(`/api/admin/plans/${proId}/domains`, {
    data: { custom_domain_id: domainId },
  });
  expect(offered.ok()).toBe(true);

  // A free account does not get it; once the administrator grants Pro, it does.
  const email = await registerViaApi(page, baseURL!, "dominio", "Bia");
  const domainsOfUser = async () =>
    ((await (await page.request.get("/api/user/available-domains")).json()) as AvailableDomain[]).map(
      (row) => row.domain,
    );
  expect(await domainsOfUser()).not.toContain(domain);
  const users = await (await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json();
  const userId = users.users.find((user: { email: string }) => user.email === email).id;
  const granted = await admin.put(`/api/admin/users/${userId}`, {
    data: { email, is_admin: false, is_active: true, subscription_plan_id: proId },
  });
  expect(granted.ok()).toBe(true);
  await admin.dispose();
  expect(await domainsOfUser()).toContain(domain);

  // A Link Bio on the custom domain: the editor offers it beside the default one.
  await page.goto("/link-pages");
  await page.getByRole("link", { name: "Nova Link Bio" }).click();
  await page.getByRole("textbox", { name: "Título *" }).fill("Loja da Bia");
  await page.getByLabel(/^Slug da URL/).fill(slug);
  const pageDomain = page.getByLabel("Domínio", { exact: true });
  await expect(pageDomain.getByRole("option", { name: `${mainHost} (padrão)` })).toBeAttached();
  await pageDomain.selectOption({ label: "Loja da Bia" });
  await page.getByRole("button", { name: "Salvar Link Bio" }).click();
  await expect(page).toHaveURL(/\/link-pages\/\d+\/edit$/);
  const pageUrl = `https://${domain}/p/${slug}`;
  await expect(page.getByText(pageUrl)).toBeVisible();
  // The owner's own look is not a view (?previa=1, issue 35).
  await expect(page.getByRole("link", { name: "Visualizar" })).toHaveAttribute("href", `${pageUrl}?previa=1`);
  await expect(pageDomain).toHaveValue(String(domainId));
  await page.goto("/link-pages");
  await expect(page.getByRole("link", { name: "Visualizar" })).toHaveAttribute("href", `${pageUrl}?previa=1`);

  // A short link on the custom domain: the preview and the list show its address there.
  await page.goto("/url-shortener");
  await page.getByLabel(/URL Original/).fill(target);
  await page.getByLabel(/Código Personalizado/).fill(code);
  await page.getByLabel("Domínio", { exact: true }).selectOption({ label: "Loja da Bia" });
  await expect(page.getByTestId("short-url-preview")).toHaveText(`https://${domain}/s/${code}`);
  await page.getByRole("button", { name: "Encurtar URL" }).click();
  await expect(page.getByRole("heading", { name: "Suas URLs (1)" })).toBeVisible();
  const row = page
    .getByRole("region", { name: /Suas URLs/ })
    .getByRole("listitem")
    .first();
  await expect(row.getByRole("link", { name: `${domain}/s/${code}` })).toHaveAttribute(
    "href",
    `https://${domain}/s/${code}`,
  );

  // A visitor reaching the server with the custom domain's Host (as behind Caddy): the page and
  // the link answer there; on the main host the page is not found and the code is not a link.
  const visitor = await playwright.request.newContext({
    baseURL: baseURL!.replace("localhost", "127.0.0.1"),
  });
  const onCustom = { headers: { host: domain } };
  const publicPage = await visitor.get(`/p/${slug}`, onCustom);
  expect(publicPage.status()).toBe(200);
  expect(await publicPage.text()).toContain("Loja da Bia");
  expect((await visitor.get(`/p/${slug}`, { headers: { host: mainHost } })).status()).toBe(404);
  const redirect = await visitor.get(`/s/${code}`, { ...onCustom, maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe(target);
  const elsewhere = await visitor.get(`/s/${code}`, { headers: { host: mainHost }, maxRedirects: 0 });
  expect(elsewhere.status()).toBe(302);
  expect(elsewhere.headers().location).toBe(linkUnavailablePath(`${baseURL}/s/${code}`));
  // The app itself is not served on the custom domain.
  expect((await visitor.get("/api/user/available-domains", onCustom)).status()).toBe(404);
  await visitor.dispose();
});
