import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { AuditAction } from "../../../common/contract/admin";
import {
  type AvailableDomain,
  type CustomDomain,
  type CustomDomainBody,
  DOMAIN_MESSAGES,
} from "../../../common/contract/domains";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { SHORT_URL_MESSAGES } from "../../../common/contract/shortened-urls";
import {
  auditLog,
  domains,
  linkPages,
  planDomains,
  shortenedUrls,
  subscriptionPlans,
} from "../../../db/schema";
import { createUser, subscribeUser } from "../../../tests/factories";
import { setupAdmin, setupTestApp, testConfig } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { buildApp } from "../../app";

// The main host is a real name here, so "our own host" can be typed (localhost has no dot).
const PUBLIC_URL = "https://atalho.exemplo.com.br";
const t = setupTestApp({ publicUrl: PUBLIC_URL });
const db = () => t.database.db;

const { admin, send } = setupAdmin(t);

let sequence = 0;
const uniqueHost = (prefix = "links") => `${prefix}-${Date.now().toString(36)}${++sequence}.exemplo.com.br`;

async function addDomain(body: Partial<CustomDomainBody> = {}): Promise<CustomDomain> {
  const response = await send("POST", "/api/admin/custom-domains", {
    domain: uniqueHost(),
    display_name: "Links",
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<CustomDomain>();
}

const list = async () => {
  const response = await send("GET", "/api/admin/custom-domains-with-plans");
  expect(response.statusCode).toBe(200);
  return response.json<CustomDomain[]>();
};
const listed = async (id: number) => (await list()).find((row) => row.id === id);
const formOf = (row: CustomDomain): CustomDomainBody => ({
  domain: row.domain,
  display_name: row.display_name,
  is_active: row.is_active,
  is_premium: row.is_premium,
  root_redirect_url: row.root_redirect_url,
});

const auditOf = (domainId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "domain"), eq(auditLog.targetId, String(domainId))))
    .orderBy(desc(auditLog.id));
const actionsOf = async (domainId: number) =>
  (await auditOf(domainId)).map((row) => row.action as AuditAction);

const planId = async (name: string) =>
  (await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.name, name)))[0]!.id;

const availableTo = async (cookie: string, url = "/api/user/available-domains") =>
  (await t.request({ method: "GET", url, cookie })).json<AvailableDomain[]>().map((row) => row.id);

/** A page and a short link of a new user on this domain, written directly (the counts' test data). */
async function useDomain(domainId: number, pages: number, links: number) {
  const user = await createUser(db());
  for (let i = 0; i < pages; i++) {
    await db()
      .insert(linkPages)
      .values({ userId: user.id, domainId, slug: `p${Date.now().toString(36)}${++sequence}`, title: "P" });
  }
  for (let i = 0; i < links; i++) {
    await db()
      .insert(shortenedUrls)
      .values({
        userId: user.id,
        domainId,
        shortCode: `c${Date.now().toString(36)}${++sequence}`,
        originalUrl: "https://exemplo.com.br",
      });
  }
  return user;
}

describe("adding a domain", () => {
  it("stores it lowercased, answers 201 with the manager's shape, writes the audit line and serves it at once", async () => {
    const host = uniqueHost("Novo");
    const response = await send("POST", "/api/admin/custom-domains", {
      domain: `  ${host.toUpperCase()}. `,
      display_name: "  Links da Loja ",
      is_premium: true,
      root_redirect_url: "loja.exemplo.com.br/inicio",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<CustomDomain>();
    expect(body).toEqual({
      id: expect.any(Number),
      domain: host.toLowerCase(),
      domain_unicode: host.toLowerCase(),
      display_name: "Links da Loja",
      is_active: true,
      is_premium: true,
      is_default: false,
      created_at: expect.any(String),
      needs_activation: false,
      root_redirect_url: "https://loja.exemplo.com.br/inicio",
      plan_ids: [],
      usage: { link_pages_count: 0, shortened_urls_count: 0 },
    });
    expect(body).not.toHaveProperty("cloudflare_automation");
    expect(await listed(body.id)).toEqual(body);
    expect(t.app.domains.activeNamed(host)?.id).toBe(body.id);
    const [audit] = await auditOf(body.id);
    expect(audit).toMatchObject({
      action: "domain.create",
      actorId: admin.user.id,
      targetLabel: host.toLowerCase(),
      after: { domain: host.toLowerCase(), is_premium: true, is_active: true },
    });
  });

  it("accepts an IDN and stores it as punycode, showing the Unicode form beside it", async () => {
    // Each test file has its own database: a fixed name is unique here.
    const domain = await addDomain({ domain: "Café.AÇÃO.com.br" });
    expect(domain.domain).toBe("xn--caf-dma.xn--ao-siap.com.br");
    expect(domain.domain_unicode).toBe("café.ação.com.br");
    expect(t.app.domains.activeNamed("xn--caf-dma.xn--ao-siap.com.br")?.id).toBe(domain.id);
    // The same name typed again, in either form, is taken.
    for (const typed of ["café.ação.com.br", "xn--caf-dma.xn--ao-siap.com.br"]) {
      const again = await send("POST", "/api/admin/custom-domains", { domain: typed, display_name: "X" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: DOMAIN_MESSAGES.domainTaken,
        details: { domain: DOMAIN_MESSAGES.domainTaken },
      });
    }
  });

  it("takes a pasted address as its host name", async () => {
    for (const pasted of [
      (host: string) => `https://${host}/p/ana?x=1#y`,
      (host: string) => `${host}/p/ana`,
    ]) {
      const host = uniqueHost();
      const saved = await addDomain({ domain: pasted(host.toUpperCase()) });
      expect(saved.domain).toBe(host);
    }
  });

  it("refuses anything that is not a bare host name, with the form's message, and adds nothing", async () => {
    const before = (await list()).length;
    const invalid = [
      "links.exemplo.com.br:8443",
      "https://links.exemplo.com.br:8443/p",
      "https://ana@links.exemplo.com.br",
      "ftp://links.exemplo.com.br",
      "links exemplo.com.br",
      "semponto",
      "-links.exemplo.com.br",
      "links-.exemplo.com.br",
      "links..exemplo.com.br",
      `${"a".repeat(64)}.exemplo.com.br`,
      "192.168.0.1",
      "ana@links.exemplo.com.br",
      "links_loja.exemplo.com.br",
      "*.exemplo.com.br",
      `${"abcdefghij.".repeat(25)}com.br`,
    ];
    for (const domain of invalid) {
      const response = await send("POST", "/api/admin/custom-domains", { domain, display_name: "X" });
      expect(response.statusCode, domain).toBe(400);
      expect(response.json().error, domain).toBe(DOMAIN_MESSAGES.domainInvalid);
    }
    // The longest label (63) is fine.
    await addDomain({
      domain: `${"a".repeat(57)}${(++sequence).toString().padStart(6, "0")}.exemplo.com.br`,
    });
    expect((await list()).length).toBe(before + 1);
  });

  it("requires the domain and the display name, and bounds the name", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ display_name: "X" }, DOMAIN_MESSAGES.domainRequired],
      [{ domain: "   ", display_name: "X" }, DOMAIN_MESSAGES.domainRequired],
      [{ domain: uniqueHost() }, DOMAIN_MESSAGES.displayNameRequired],
      [{ domain: uniqueHost(), display_name: "  " }, DOMAIN_MESSAGES.displayNameRequired],
      [{ domain: uniqueHost(), display_name: "x".repeat(101) }, DOMAIN_MESSAGES.displayNameTooLong],
      [{ domain: "a".repeat(254), display_name: "X" }, DOMAIN_MESSAGES.domainInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await send("POST", "/api/admin/custom-domains", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it("refuses our own host (PUBLIC_URL's) and a name already there", async () => {
    const own = await send("POST", "/api/admin/custom-domains", {
      domain: "ATALHO.exemplo.com.br",
      display_name: "X",
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      error: DOMAIN_MESSAGES.domainOwnHost,
      details: { domain: DOMAIN_MESSAGES.domainOwnHost },
    });
    const existing = await addDomain();
    const again = await send("POST", "/api/admin/custom-domains", {
      domain: existing.domain.toUpperCase(),
      display_name: "Y",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DOMAIN_MESSAGES.domainTaken);
  });
});

describe("editing a domain", () => {
  it("changes the display name, premium flag and root redirect; writes before and after", async () => {
    const domain = await addDomain();
    const response = await send("PUT", `/api/admin/custom-domains/${domain.id}`, {
      ...formOf(domain),
      display_name: "Novo nome",
      is_premium: true,
      root_redirect_url: "",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CustomDomain>()).toEqual({
      ...domain,
      display_name: "Novo nome",
      is_premium: true,
      root_redirect_url: null,
    });
    const [audit] = await auditOf(domain.id);
    expect(audit).toMatchObject({
      action: "domain.update",
      before: { display_name: "Links", is_premium: false },
      after: { display_name: "Novo nome", is_premium: true },
    });
  });

  it("renames an unused domain, but not onto another's name, our own host or while used", async () => {
    const domain = await addDomain();
    const other = await addDomain();
    const newName = uniqueHost("renomeado");
    const renamed = await send("PUT", `/api/admin/custom-domains/${domain.id}`, {
      ...formOf(domain),
      domain: newName,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().domain).toBe(newName);
    expect(t.app.domains.activeNamed(newName)?.id).toBe(domain.id);
    expect(t.app.domains.activeNamed(domain.domain)).toBeUndefined();

    const onto = await send("PUT", `/api/admin/custom-domains/${domain.id}`, {
      ...formOf(domain),
      domain: other.domain,
    });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().error).toBe(DOMAIN_MESSAGES.domainTaken);
    const own = await send("PUT", `/api/admin/custom-domains/${domain.id}`, {
      ...formOf(domain),
      domain: "atalho.exemplo.com.br",
    });
    expect(own.json().error).toBe(DOMAIN_MESSAGES.domainOwnHost);
    const bad = await send("PUT", `/api/admin/custom-domains/${domain.id}`, {
      ...formOf(domain),
      domain: "x.com.br:8443",
    });
    expect(bad.json().error).toBe(DOMAIN_MESSAGES.domainInvalid);

    await useDomain(domain.id, 1, 3);
    const used = await send("PUT", `/api/admin/custom-domains/${domain.id}`, {
      ...formOf(domain),
      domain: uniqueHost(),
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(DOMAIN_MESSAGES.domainInUseRename(1, 3));
    expect((await listed(domain.id))?.domain).toBe(newName);
  });

  it("keeps the main host's name and the default active", async () => {
    const main = (await list()).find((row) => row.domain === "atalho.exemplo.com.br")!;
    expect(main.is_default).toBe(true);
    const rename = await send("PUT", `/api/admin/custom-domains/${main.id}`, {
      ...formOf(main),
      domain: uniqueHost(),
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe(DOMAIN_MESSAGES.mainHostFixed);
    const off = await send("PUT", `/api/admin/custom-domains/${main.id}`, {
      ...formOf(main),
      is_active: false,
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toBe(DOMAIN_MESSAGES.defaultMustBeActive);
    // Its display name may change (and the same name in any case is no rename).
    const named = await send("PUT", `/api/admin/custom-domains/${main.id}`, {
      ...formOf(main),
      domain: "Atalho.Exemplo.com.br",
      display_name: "Atalho",
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ domain: "atalho.exemplo.com.br", display_name: "Atalho" });
  });

  it("answers 404 for an unknown domain and 400 for a bad id", async () => {
    const body = { domain: uniqueHost(), display_name: "X" };
    const missing = await send("PUT", "/api/admin/custom-domains/999999", body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(DOMAIN_MESSAGES.notFound);
    expect((await send("PUT", "/api/admin/custom-domains/abc", body)).statusCode).toBe(400);
  });
});

describe("deleting a domain", () => {
  it("deletes an unused one with its plan links, writes the audit line and stops serving it", async () => {
    const domain = await addDomain();
    await send("POST", `/api/admin/plans/${await planId("Pro")}/domains`, { custom_domain_id: domain.id });
    const response = await send("DELETE", `/api/admin/custom-domains/${domain.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: DOMAIN_MESSAGES.deleted });
    expect(await listed(domain.id)).toBeUndefined();
    expect(await db().select().from(planDomains).where(eq(planDomains.domainId, domain.id))).toEqual([]);
    expect(t.app.domains.get(domain.id)).toBeUndefined();
    expect(await actionsOf(domain.id)).toEqual(["domain.delete", "domain.create"]);
    expect((await send("DELETE", `/api/admin/custom-domains/${domain.id}`)).statusCode).toBe(404);
  });

  it("refuses while pages or short links use it, with the counts", async () => {
    const domain = await addDomain();
    const user = await useDomain(domain.id, 2, 5);
    const response = await send("DELETE", `/api/admin/custom-domains/${domain.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "Este domínio está em uso por 2 páginas Link Bio e 5 links curtos. Mova-os ou exclua-os antes.",
    });
    expect((await listed(domain.id))?.usage).toEqual({ link_pages_count: 2, shortened_urls_count: 5 });

    await db().delete(linkPages).where(eq(linkPages.userId, user.id));
    await useDomain(domain.id, 1, 0);
    await db().delete(shortenedUrls).where(eq(shortenedUrls.userId, user.id));
    const one = await send("DELETE", `/api/admin/custom-domains/${domain.id}`);
    expect(one.json().error).toBe(
      "Este domínio está em uso por 1 página Link Bio. Mova-os ou exclua-os antes.",
    );
    expect(DOMAIN_MESSAGES.domainInUse(0, 1)).toBe(
      "Este domínio está em uso por 1 link curto. Mova-os ou exclua-os antes.",
    );
    expect(await actionsOf(domain.id)).toEqual(["domain.create"]);
  });

  it("refuses the default domain", async () => {
    const response = await send("DELETE", `/api/admin/custom-domains/${t.app.domains.default.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(DOMAIN_MESSAGES.defaultNotDeletable);
  });
});

describe("the default domain", () => {
  it("moves to an active domain, which every plan is then offered; the main host stays; and back", async () => {
    const main = t.app.domains.default;
    const inactive = await addDomain({ is_active: false });
    const refused = await send("POST", `/api/admin/custom-domains/${inactive.id}/set-default`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(DOMAIN_MESSAGES.defaultMustBeActive);
    expect(t.app.domains.default.id).toBe(main.id);

    const domain = await addDomain({ is_premium: true });
    const { cookie } = await t.signIn(); // on the free plan: no custom domains
    expect(await availableTo(cookie)).toEqual([main.id]);

    const response = await send("POST", `/api/admin/custom-domains/${domain.id}/set-default`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: DOMAIN_MESSAGES.defaultSet });
    expect(t.app.domains.default.id).toBe(domain.id);
    const plans = await db().select({ id: subscriptionPlans.id }).from(subscriptionPlans);
    const linked = await db().select().from(planDomains).where(eq(planDomains.domainId, domain.id));
    expect(linked.map((row) => row.planId).sort()).toEqual(plans.map((plan) => plan.id).sort());
    const rows = await list();
    expect(rows[0]).toMatchObject({ id: domain.id, is_default: true });
    expect(rows.filter((row) => row.is_default)).toHaveLength(1);
    expect((await listed(main.id))?.is_default).toBe(false);
    // The free user's new pages and links go there (premium or not: the default is everyone's).
    expect((await availableTo(cookie))[0]).toBe(domain.id);
    const link = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie,
      payload: { original_url: "https://exemplo.com.br/padrao" },
    });
    expect(link.json().custom_domain_id).toBe(domain.id);
    // Now it is the default: not deletable, stays active, in every plan.
    expect((await send("DELETE", `/api/admin/custom-domains/${domain.id}`)).json().error).toBe(
      DOMAIN_MESSAGES.defaultNotDeletable,
    );
    const removed = await send("DELETE", `/api/admin/plans/${await planId("Pro")}/domains/${domain.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe(DOMAIN_MESSAGES.defaultInEveryPlan);
    // The main host's row is not the default now, and still cannot go.
    const mainGone = await send("DELETE", `/api/admin/custom-domains/${main.id}`);
    expect(mainGone.statusCode).toBe(409);
    expect(mainGone.json().error).toBe(DOMAIN_MESSAGES.mainHostFixed);

    // Idempotent, then back.
    expect((await send("POST", `/api/admin/custom-domains/${domain.id}/set-default`)).statusCode).toBe(200);
    expect((await send("POST", `/api/admin/custom-domains/${main.id}/set-default`)).statusCode).toBe(200);
    expect(t.app.domains.default.id).toBe(main.id);
    const [audit] = await auditOf(main.id);
    expect(audit).toMatchObject({
      action: "domain.set_default",
      before: { default_domain_id: domain.id },
      after: { default_domain_id: main.id },
    });
    expect((await actionsOf(domain.id)).filter((action) => action === "domain.set_default")).toHaveLength(1);
    expect((await send("POST", "/api/admin/custom-domains/999999/set-default")).statusCode).toBe(404);
  });
});

describe("activation", () => {
  it("switches a domain on and clears needs_activation", async () => {
    const domain = await addDomain({ is_active: false });
    await db().update(domains).set({ needsActivation: true }).where(eq(domains.id, domain.id));
    expect(t.app.domains.activeNamed(domain.domain)).toBeUndefined();
    const response = await send("POST", `/api/admin/domains/${domain.id}/activate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: DOMAIN_MESSAGES.activated });
    expect(await listed(domain.id)).toMatchObject({ is_active: true, needs_activation: false });
    expect(t.app.domains.activeNamed(domain.domain)?.id).toBe(domain.id);
    const [audit] = await auditOf(domain.id);
    expect(audit).toMatchObject({
      action: "domain.activate",
      before: { is_active: false, needs_activation: true },
      after: { is_active: true, needs_activation: false },
    });
    // Again: nothing to do, no second line.
    expect((await send("POST", `/api/admin/domains/${domain.id}/activate`)).statusCode).toBe(200);
    expect(await actionsOf(domain.id)).toEqual(["domain.activate", "domain.create"]);
    expect((await send("POST", "/api/admin/domains/999999/activate")).statusCode).toBe(404);
  });
});

describe("plans and premium domains", () => {
  it("offers a custom domain only to plans with custom domains that the administrator linked", async () => {
    const domain = await addDomain();
    const free = await t.signIn();
    const pro = await t.signIn();
    await subscribeUser(db(), pro.user.id, "Pro");
    const def = t.app.domains.default.id;
    expect(await availableTo(pro.cookie)).toEqual([def]);

    for (const name of ["Gratuito", "Pro"]) {
      const linked = await send("POST", `/api/admin/plans/${await planId(name)}/domains`, {
        custom_domain_id: domain.id,
      });
      expect(linked.statusCode).toBe(200);
    }
    expect((await listed(domain.id))?.plan_ids).toEqual(
      [await planId("Gratuito"), await planId("Pro")].sort((a, b) => a - b),
    );
    // The free plan has no custom domains: linking it offers nothing.
    expect(await availableTo(free.cookie)).toEqual([def]);
    expect(await availableTo(pro.cookie)).toEqual([def, domain.id]);
    expect(await availableTo(pro.cookie, "/api/custom-domains")).toEqual([def, domain.id]);
  });

  it("offers a premium domain only to plans with premium domains", async () => {
    const domain = await addDomain({ is_premium: true });
    const pro = await t.signIn();
    const business = await t.signIn();
    await subscribeUser(db(), pro.user.id, "Pro");
    await subscribeUser(db(), business.user.id, "Business");
    for (const name of ["Pro", "Business"]) {
      await send("POST", `/api/admin/plans/${await planId(name)}/domains`, { custom_domain_id: domain.id });
    }
    expect(await availableTo(pro.cookie)).not.toContain(domain.id);
    expect(await availableTo(business.cookie)).toContain(domain.id);
    const refused = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie: pro.cookie,
      payload: { slug: `premium${++sequence}`, title: "P", custom_domain_id: domain.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(LINK_PAGE_MESSAGES.domainUnavailable);
    const allowed = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie: business.cookie,
      payload: { slug: `premium${++sequence}`, title: "P", custom_domain_id: domain.id },
    });
    expect(allowed.statusCode).toBe(201);
    // Not premium any more: Pro gets it too.
    await send("PUT", `/api/admin/custom-domains/${domain.id}`, { ...formOf(domain), is_premium: false });
    expect(await availableTo(pro.cookie)).toContain(domain.id);
  });

  it("keeps serving pages and links on a domain taken from the plan, but makes no new ones there", async () => {
    const domain = await addDomain();
    const pro = await planId("Pro");
    await send("POST", `/api/admin/plans/${pro}/domains`, { custom_domain_id: domain.id });
    const { user, cookie } = await t.signIn();
    await subscribeUser(db(), user.id, "Pro");
    const slug = `mantida${++sequence}`;
    const page = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug, title: "Antes", custom_domain_id: domain.id },
    });
    expect(page.statusCode).toBe(201);
    const link = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie,
      payload: { original_url: "https://exemplo.com.br/antes", custom_domain_id: domain.id },
    });
    expect(link.statusCode).toBe(201);

    const removed = await send("DELETE", `/api/admin/plans/${pro}/domains/${domain.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await availableTo(cookie)).not.toContain(domain.id);

    // Editing the page keeps its domain (sent again or left out).
    for (const payload of [
      { slug, title: "Depois", custom_domain_id: domain.id },
      { slug, title: "De novo" },
    ]) {
      const edit = await t.request({
        method: "PUT",
        url: `/api/link-pages/${page.json().id}`,
        cookie,
        payload,
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().custom_domain_id).toBe(domain.id);
    }
    // No new page or link there.
    const newPage = await t.request({
      method: "POST",
      url: "/api/link-pages",
      cookie,
      payload: { slug: `nova${++sequence}`, title: "Nova", custom_domain_id: domain.id },
    });
    expect(newPage.json().error).toBe(LINK_PAGE_MESSAGES.domainUnavailable);
    const newLink = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie,
      payload: { original_url: "https://exemplo.com.br/depois", custom_domain_id: domain.id },
    });
    expect(newLink.json().error).toBe(SHORT_URL_MESSAGES.domainUnavailable);
    // Still served on its own domain.
    const visit = await t.app.inject({
      method: "GET",
      url: `/s/${link.json().short_code}`,
      headers: { host: domain.domain },
    });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe("https://exemplo.com.br/antes");
    const pageVisit = await t.app.inject({
      method: "GET",
      url: `/p/${slug}`,
      headers: { host: domain.domain },
    });
    expect(pageVisit.statusCode).toBe(200);
    expect(pageVisit.body).toContain("De novo");
  });

  it("answers 404 for plan links to an unknown plan or domain", async () => {
    const domain = await addDomain();
    const noPlan = await send("POST", "/api/admin/plans/999999/domains", { custom_domain_id: domain.id });
    expect(noPlan.statusCode).toBe(404);
    const noDomain = await send("POST", `/api/admin/plans/${await planId("Pro")}/domains`, {
      custom_domain_id: 999999,
    });
    expect(noDomain.statusCode).toBe(404);
  });
});

describe("access", () => {
  it("is for administrators only, and changes nothing for others", async () => {
    const { cookie } = await t.signIn();
    const domain = await addDomain();
    const calls: ["GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
      ["GET", "/api/admin/custom-domains-with-plans"],
      ["POST", "/api/admin/custom-domains", { domain: uniqueHost(), display_name: "X" }],
      ["PUT", `/api/admin/custom-domains/${domain.id}`, { ...formOf(domain), display_name: "Hack" }],
      ["DELETE", `/api/admin/custom-domains/${domain.id}`],
      ["POST", `/api/admin/custom-domains/${domain.id}/set-default`],
      ["POST", `/api/admin/domains/${domain.id}/activate`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload, cookie)).statusCode, url).toBe(403);
      expect((await send(method, url, payload, "")).statusCode, url).toBe(401);
    }
    expect(await listed(domain.id)).toEqual(domain);
  });
});

describe("tls-allowed (Caddy's on-demand TLS ask)", () => {
  it("answers 200 only for an active domain of ours, from memory", async () => {
    const active = await addDomain();
    const inactive = await addDomain({ is_active: false });
    const ask = (domain?: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/domains/tls-allowed",
        query: domain === undefined ? {} : { domain },
      });
    for (const name of [
      active.domain,
      active.domain.toUpperCase(),
      `${active.domain}.`,
      `${active.domain}..`,
      "atalho.exemplo.com.br",
    ]) {
      const response = await ask(name);
      expect(response.statusCode, name).toBe(200);
      expect(response.json()).toEqual({ allowed: true });
    }
    for (const name of [inactive.domain, "desconhecido.exemplo.com.br", "", undefined, "x".repeat(300)]) {
      const response = await ask(name);
      expect(response.statusCode, String(name)).toBe(404);
      expect(response.json()).toEqual({ allowed: false });
    }
    // Deleted: no certificate any more.
    await send("DELETE", `/api/admin/custom-domains/${active.id}`);
    expect((await ask(active.domain)).statusCode).toBe(404);
    // No database: answered from memory even with the query counter untouched.
    const spy = vi.spyOn(t.database.db, "select");
    expect((await ask("atalho.exemplo.com.br")).statusCode).toBe(200);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

const crossProcess = testDatabaseKind === "postgres" && !!process.env.REDIS_URL;

describe("across processes", () => {
  // Skipped (and named so) without TEST_DATABASE_URL and REDIS_URL: it needs Postgres + Redis.
  it.skipIf(!crossProcess)(
    "a domain added in one process is served and allowed in another at once (Postgres + Redis run only)",
    async () => {
      const other = await buildApp(
        testConfig({
          publicUrl: PUBLIC_URL,
          redisUrl: process.env.REDIS_URL,
          redisPrefix: t.app.config.redisPrefix,
        }),
        { database: t.database, distDir: "/nonexistent" },
      );
      try {
        await other.ready();
        const ask = (domain: string) =>
          other.inject({ method: "GET", url: "/api/domains/tls-allowed", query: { domain } });
        const host = uniqueHost("outro");
        expect((await ask(host)).statusCode).toBe(404);
        const domain = await addDomain({ domain: host });
        await vi.waitFor(async () => expect((await ask(host)).statusCode).toBe(200), {
          timeout: 2000,
          interval: 20,
        });
        expect(other.domains.resolve(host).id).toBe(domain.id);
        await send("DELETE", `/api/admin/custom-domains/${domain.id}`);
        await vi.waitFor(async () => expect((await ask(host)).statusCode).toBe(404), {
          timeout: 2000,
          interval: 20,
        });
      } finally {
        await other.close();
      }
    },
  );
});
