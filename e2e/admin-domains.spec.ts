import { X509Certificate } from "node:crypto";
import { DOMAIN_MESSAGES } from "@common/contract/domains";
import { expect, test } from "@playwright/test";
import { type FakeDnsServer, startFakeDnsServer } from "../tests/fakes/dns-server";
import { type FakeTlsServer, startFakeTlsServer } from "../tests/fakes/tls-server";
import { DOMAIN_CONFIRMS, TEST_STATUS_LABELS } from "../web/features/admin-domains/components/domain-texts";
import { signInViaApi } from "./accounts";
import { answerConfirm } from "./confirm-dialog";
import { domainFixtures, FIXTURE_ZONE, readFixtureCertificate } from "./domain-fixtures";

// The administrator puts a customer's domain to work from 'Configurações': adds it, offers it to
// the Pro plan, reads its DNS instructions, tests it, makes it the default and back, and deletes it
// unused.

const DAY = 86_400_000;

// 'Testar' asks these (playwright.config.ts points the server at their ports and trusts their CA).
const fixtures = domainFixtures(Number(process.env.E2E_PORT ?? 3100));
let dns: FakeDnsServer;
let tlsServer: FakeTlsServer;

test.beforeAll(async () => {
  dns = await startFakeDnsServer(fixtures.dnsPort);
  tlsServer = await startFakeTlsServer(readFixtureCertificate(fixtures), fixtures.tlsPort);
});

test.afterAll(async () => {
  await Promise.all([dns?.close(), tlsServer?.close()]);
});

test("the administrator adds a domain, offers it to Pro, tests it, makes it default and back, and deletes it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const mainHost = new URL(baseURL!).host;
  const domain = `links-${Date.now().toString(36)}.${FIXTURE_ZONE}`;
  await signInViaApi(page, baseURL!);
  await page.goto("/admin?tab=configuracoes");
  const manager = page.getByRole("region", { name: "Domínios personalizados" });
  const item = (name: string) => manager.getByRole("listitem", { name, exact: true });
  await expect(item(mainHost).getByText("Padrão", { exact: true })).toBeVisible();

  // Add: a port is refused; a pasted address (upper case, spaces, a path) is stored as its host.
  await manager.getByRole("button", { name: "Adicionar domínio" }).click();
  const form = page.getByRole("dialog", { name: "Adicionar domínio" });
  await form.getByLabel("Domínio", { exact: true }).fill(`${domain}:8443`);
  await form.getByLabel("Nome de exibição").fill("Links da Loja");
  await form.getByRole("button", { name: "Adicionar domínio" }).click();
  await expect(form.getByText(DOMAIN_MESSAGES.domainInvalid)).toBeVisible();
  await form.getByLabel("Domínio", { exact: true }).fill(`  https://${domain.toUpperCase()}/loja `);
  await form.getByRole("button", { name: "Adicionar domínio" }).click();
  await expect(page.getByText(DOMAIN_MESSAGES.added)).toBeVisible();
  await expect(form).toBeHidden();
  const added = item(domain);
  await expect(added.getByText("Links da Loja")).toBeVisible();
  await expect(added.getByText("Ativo", { exact: true })).toBeVisible();

  // Offered to Pro, and still after a reload (the server's answer, not the checkbox's state).
  const pro = added
    .getByRole("group", { name: `Planos de ${domain}` })
    .getByRole("checkbox", { name: /^Pro/ });
  await expect(pro).not.toBeChecked();
  await pro.check();
  await expect(pro).toBeChecked();
  await expect(pro).toBeEnabled();
  await page.reload();
  await expect(pro).toBeChecked();
  const available = await page.request.get("/api/admin/custom-domains-with-plans");
  const saved = (await available.json()).find((row: { domain: string }) => row.domain === domain);
  const plans = await (await page.request.get("/api/admin/subscription-plans")).json();
  const proId = plans.find((plan: { name: string }) => plan.name === "Pro").id;
  expect(saved.plan_ids).toContain(proId);

  // The DNS instructions for a subdomain: a CNAME to our host, Cloudflare's TTL; Escape closes.
  await added.getByRole("button", { name: `Instruções ${domain}` }).click();
  const setup = page.getByRole("dialog", { name: "Instruções de configuração" });
  const record = setup.getByRole("region", { name: "Registro CNAME" });
  await expect(record.getByText(domain.split(".")[0]!, { exact: true })).toBeVisible();
  await expect(record.getByText(new URL(baseURL!).hostname, { exact: true })).toBeVisible();
  await expect(setup.getByText(/o TTL fica em "Auto"/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(setup).toBeHidden();

  // 'Testar' runs the real check against the loopback fixtures: the name points at us (A
  // 127.0.0.1, our PUBLIC_IPV4) and the TLS listener presents a certificate for it.
  dns.set(domain, { a: ["127.0.0.1"] });
  const certificate = new X509Certificate(readFixtureCertificate(fixtures).cert);
  const daysLeft = Math.floor((new Date(certificate.validTo).getTime() - Date.now()) / DAY);
  await added.getByRole("button", { name: `Testar ${domain}` }).click();
  const panel = page.getByRole("dialog", { name: "Testar domínio" });
  await expect(panel.getByText(TEST_STATUS_LABELS.valid, { exact: true })).toBeVisible();
  const dnsBlock = panel.getByRole("region", { name: "DNS" });
  await expect(dnsBlock).toContainText(/Configurado\s*Sim/);
  await expect(dnsBlock).toContainText(/A encontrado\s*127\.0\.0\.1/);
  await expect(dnsBlock).toContainText(new URL(baseURL!).hostname);
  const ssl = panel.getByRole("region", { name: "Certificado SSL" });
  await expect(ssl).toContainText(/Válido\s*Sim/);
  await expect(ssl).toContainText("Atalho E2E CA");
  await expect(ssl).toContainText(new RegExp(`Dias restantes\\s*${daysLeft} dias`));
  await expect(panel.getByRole("region", { name: "Uso" })).toContainText("0 páginas");
  expect(tlsServer.names).toContain(domain);

  // The name moves elsewhere: 'Testar novamente' says so, with where it points now.
  dns.set(domain, { a: ["203.0.113.10"] });
  await panel.getByRole("button", { name: "Testar novamente" }).click();
  await expect(panel.getByText(TEST_STATUS_LABELS.invalid_configuration, { exact: true })).toBeVisible();
  await expect(panel.getByRole("alert")).toContainText(`${domain} aponta para 203.0.113.10`);
  await expect(ssl).toContainText(/Válido\s*Não/);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // Default, after the confirmation: it is then in every plan; then the main host again.
  await added.getByRole("button", { name: `Definir como padrão ${domain}` }).click();
  await answerConfirm(page, DOMAIN_CONFIRMS.setDefault(domain).title, "Definir como padrão");
  await expect(page.getByText(DOMAIN_MESSAGES.defaultSet)).toBeVisible();
  await expect(added.getByText("Padrão", { exact: true })).toBeVisible();
  await expect(added.getByRole("checkbox", { name: /^Gratuito/ })).toBeChecked();
  await expect(added.getByRole("checkbox", { name: /^Gratuito/ })).toBeDisabled();
  await expect(added.getByRole("button", { name: `Excluir ${domain}` })).toBeDisabled();
  await expect(item(mainHost).getByText("Padrão", { exact: true })).toHaveCount(0);

  await item(mainHost)
    .getByRole("button", { name: `Definir como padrão ${mainHost}` })
    .click();
  await answerConfirm(page, DOMAIN_CONFIRMS.setDefault(mainHost).title, "Definir como padrão");
  await expect(item(mainHost).getByText("Padrão", { exact: true })).toBeVisible();
  await expect(added.getByText("Padrão", { exact: true })).toHaveCount(0);

  // Unused, so it can go; the main host cannot.
  await expect(item(mainHost).getByRole("button", { name: `Excluir ${mainHost}` })).toBeDisabled();
  await added.getByRole("button", { name: `Excluir ${domain}` }).click();
  await answerConfirm(page, DOMAIN_CONFIRMS.delete(domain).title, "Excluir domínio");
  await expect(page.getByText(DOMAIN_MESSAGES.deleted)).toBeVisible();
  await expect(added).toHaveCount(0);
});
