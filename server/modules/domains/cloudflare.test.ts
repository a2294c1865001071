import { createServer } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditAction } from "../../../common/contract/admin";
import type { CustomDomainSaved } from "../../../common/contract/domains";
import { auditLog, domains } from "../../../db/schema";
import { type FakeCloudflare, startFakeCloudflare } from "../../../tests/fakes/cloudflare-server";
import { setupTestApp } from "../../../tests/test-app";
import type { Config } from "../../env";
import { ConfigError, loadConfig } from "../../env";
import { CloudflareDomains } from "./cloudflare";
import { cloudflareActivationFailed } from "./cloudflare-automation";

// Cloudflare automation against a fake Cloudflare API on loopback (tests/fakes/cloudflare-server.ts)
// through the real SDK: the zone is exemplo.com.br, the main host atalho.exemplo.com.br.
const PUBLIC_URL = "https://atalho.exemplo.com.br";
const MAIN_HOST = "atalho.exemplo.com.br";
const ZONE = "exemplo.com.br";

let sequence = 0;
const unique = (suffix: string) => `links-${Date.now().toString(36)}${++sequence}.${suffix}`;

/** An app whose Cloudflare config is filled in by an earlier beforeAll (the fake's port). */
function appWith(cloudflare: () => Config["cloudflare"]) {
  const overrides: Partial<Config> = { publicUrl: PUBLIC_URL };
  beforeAll(() => {
    overrides.cloudflare = cloudflare();
  });
  const t = setupTestApp(overrides);
  let cookie = "";
  beforeAll(async () => {
    cookie = (await t.signIn({ isAdmin: true })).cookie;
  });
  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.request({ method, url, cookie, ...(payload ? { payload } : {}) });
  const add = async (domain: string, body: object = {}) => {
    const response = await send("POST", "/api/admin/custom-domains", {
      domain,
      display_name: "Links",
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<CustomDomainSaved>();
  };
  const row = async (id: number) => (await t.database.db.select().from(domains).where(eq(domains.id, id)))[0];
  const tlsAllowed = async (name: string) =>
    (await t.request({ method: "GET", url: `/api/domains/tls-allowed?domain=${name}` })).statusCode;
  const actions = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
        .orderBy(desc(auditLog.id))
    ).map((line) => line.action as AuditAction);
  return { t, send, add, row, tlsAllowed, actions };
}

let fake: FakeCloudflare;
beforeAll(async () => {
  fake = await startFakeCloudflare({ zoneName: ZONE });
});
afterAll(async () => {
  await fake?.close();
});

const posts = (path: string) =>
  fake.requests.filter((request) => request.method === "POST" && request.path.endsWith(path));

describe("with Cloudflare configured", () => {
  const api = appWith(() => ({ apiToken: fake.token, zoneId: fake.zoneId, apiBase: fake.baseUrl }));

  it("gives a platform domain a proxied CNAME to the main host, TTL auto", async () => {
    const name = unique(ZONE);
    const before = posts("/dns_records").length;
    const saved = await api.add(name);
    expect(saved.cloudflare_automation).toEqual({ success: true, attempted: true, error: null });
    expect(saved.is_active).toBe(true);
    expect(saved.needs_activation).toBe(false);
    const sent = posts("/dns_records").slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/client/v4/zones/${fake.zoneId}/dns_records`);
    expect(sent[0]!.body).toMatchObject({ type: "CNAME", name, content: MAIN_HOST, proxied: true, ttl: 1 });
    expect(fake.records.filter((record) => record.name === name)).toHaveLength(1);
    expect(fake.hostnames.some((hostname) => hostname.hostname === name)).toBe(false);
    expect(await api.tlsAllowed(name)).toBe(200);
    expect(await api.actions(saved.id)).toEqual(["domain.activate", "domain.create"]);
  });

  it("gives a customer's domain a Cloudflare for SaaS custom hostname with an HTTP-validated DV certificate", async () => {
    const name = unique("cliente.com");
    const before = posts("/custom_hostnames").length;
    const saved = await api.add(name, { is_premium: true });
    expect(saved.cloudflare_automation).toEqual({ success: true, attempted: true, error: null });
    expect(saved).toMatchObject({ is_active: true, needs_activation: false, is_premium: true });
    const sent = posts("/custom_hostnames").slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ hostname: name, ssl: { method: "http", type: "dv" } });
    expect(fake.hostnames.filter((hostname) => hostname.hostname === name)).toHaveLength(1);
    expect(fake.records.some((record) => record.name === name)).toBe(false);
  });

  it("keeps a domain added inactive inactive, with nothing left to activate", async () => {
    const saved = await api.add(unique("cliente.com"), { is_active: false });
    expect(saved.cloudflare_automation?.success).toBe(true);
    expect(saved).toMatchObject({ is_active: false, needs_activation: false });
    expect(await api.actions(saved.id)).toEqual(["domain.create"]);
  });

  it("keeps the domain inactive, needing activation, when Cloudflare refuses; 'Ativar' retries", async () => {
    const name = unique("cliente.com.br");
    fake.failNextWrite({
      status: 400,
      errors: [{ code: 1414, message: "Custom hostnames are not enabled for this zone." }],
    });
    const saved = await api.add(name);
    expect(saved.cloudflare_automation).toEqual({
      success: false,
      attempted: true,
      error: "a Cloudflare recusou o pedido: Custom hostnames are not enabled for this zone. (código 1414)",
    });
    expect(saved).toMatchObject({ is_active: false, needs_activation: true });
    expect(await api.row(saved.id)).toMatchObject({ isActive: false, needsActivation: true });
    expect(fake.hostnames.some((hostname) => hostname.hostname === name)).toBe(false);
    expect(await api.tlsAllowed(name)).toBe(404);

    // A second refusal: 502 with the reason, nothing changes.
    fake.failNextWrite({ status: 403, errors: [{ code: 10000, message: "Authentication error" }] });
    const refused = await api.send("POST", `/api/admin/domains/${saved.id}/activate`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe(
      cloudflareActivationFailed(
        "a Cloudflare recusou o token de API (CLOUDFLARE_API_TOKEN): Authentication error (código 10000)",
      ),
    );
    expect(await api.row(saved.id)).toMatchObject({ isActive: false, needsActivation: true });

    const activated = await api.send("POST", `/api/admin/domains/${saved.id}/activate`);
    expect(activated.statusCode).toBe(200);
    expect(fake.hostnames.filter((hostname) => hostname.hostname === name)).toHaveLength(1);
    expect(await api.row(saved.id)).toMatchObject({ isActive: true, needsActivation: false });
    expect(await api.tlsAllowed(name)).toBe(200);
  });

  it("reuses what already exists for the name (a retry after a lost answer)", async () => {
    const name = unique("cliente.com");
    const client = new CloudflareDomains({
      apiToken: fake.token,
      zoneId: fake.zoneId,
      apiBase: fake.baseUrl,
      mainHost: MAIN_HOST,
    });
    const first = await client.setUp(name);
    expect(first).toMatchObject({ kind: "custom_hostname", created: true });
    const saved = await api.add(name);
    expect(saved.cloudflare_automation?.success).toBe(true);
    expect(fake.hostnames.filter((hostname) => hostname.hostname === name)).toHaveLength(1);
    expect(await client.setUp(name)).toEqual({ ...first, created: false });
  });

  it("does not overwrite another record of the same name in our zone", async () => {
    const name = unique(ZONE);
    const client = new CloudflareDomains({
      apiToken: fake.token,
      zoneId: fake.zoneId,
      apiBase: fake.baseUrl,
      mainHost: "outro-servidor.exemplo.net",
    });
    await client.setUp(name); // a CNAME someone else points elsewhere
    const saved = await api.add(name);
    expect(saved.cloudflare_automation).toMatchObject({ success: false, attempted: true });
    expect(saved.cloudflare_automation?.error).toContain(`já existe um registro DNS CNAME para ${name}`);
    expect(saved.needs_activation).toBe(true);
    // Deleting the domain leaves the other record alone.
    expect((await api.send("DELETE", `/api/admin/custom-domains/${saved.id}`)).statusCode).toBe(200);
    expect(fake.records.filter((record) => record.name === name)).toHaveLength(1);
  });

  it("removes the record or custom hostname when the domain is deleted", async () => {
    const platform = await api.add(unique(ZONE));
    const customer = await api.add(unique("cliente.com"));
    expect(fake.records.some((record) => record.name === platform.domain)).toBe(true);
    expect(fake.hostnames.some((hostname) => hostname.hostname === customer.domain)).toBe(true);
    for (const saved of [platform, customer]) {
      const response = await api.send("DELETE", `/api/admin/custom-domains/${saved.id}`);
      expect(response.statusCode).toBe(200);
    }
    expect(fake.records.some((record) => record.name === platform.domain)).toBe(false);
    expect(fake.hostnames.some((hostname) => hostname.hostname === customer.domain)).toBe(false);
    const deletes = fake.requests.filter((request) => request.method === "DELETE");
    expect(deletes.some((request) => request.path.includes("/dns_records/"))).toBe(true);
    expect(deletes.some((request) => request.path.includes("/custom_hostnames/"))).toBe(true);
  });

  it("deletes the domain even when Cloudflare refuses the cleanup (logged)", async () => {
    const saved = await api.add(unique("cliente.com"));
    // The SDK tries a 5xx twice (maxRetries 1): both refused.
    const before = fake.requests.length;
    fake.failNextWrite({ status: 500, errors: [{ code: 1000, message: "Internal error" }] }, 2);
    const response = await api.send("DELETE", `/api/admin/custom-domains/${saved.id}`);
    expect(response.statusCode).toBe(200);
    expect(await api.row(saved.id)).toBeUndefined();
    const attempts = fake.requests.slice(before).filter((request) => request.method === "DELETE");
    expect(attempts).toHaveLength(2);
    expect(fake.hostnames.some((hostname) => hostname.hostname === saved.domain)).toBe(true);
  });

  it("follows a rename: the old name's setup goes, the new one is made; a failure needs activation", async () => {
    const saved = await api.add(unique("cliente.com"));
    const form = { display_name: "Links", is_active: true, is_premium: false };
    const renamed = unique("cliente.com");
    const response = await api.send("PUT", `/api/admin/custom-domains/${saved.id}`, {
      ...form,
      domain: renamed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ domain: renamed, is_active: true, needs_activation: false });
    expect(fake.hostnames.some((hostname) => hostname.hostname === saved.domain)).toBe(false);
    expect(fake.hostnames.some((hostname) => hostname.hostname === renamed)).toBe(true);

    const platform = unique(ZONE);
    fake.failNextWrite({
      status: 400,
      errors: [{ code: 9005, message: "Content for CNAME record is invalid." }],
    });
    const failed = await api.send("PUT", `/api/admin/custom-domains/${saved.id}`, {
      ...form,
      domain: platform,
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ domain: platform, is_active: false, needs_activation: true });
    expect(fake.hostnames.some((hostname) => hostname.hostname === renamed)).toBe(false);
    expect(await api.tlsAllowed(platform)).toBe(404);
    expect((await api.send("POST", `/api/admin/domains/${saved.id}/activate`)).statusCode).toBe(200);
    expect(fake.records.some((record) => record.name === platform && record.content === MAIN_HOST)).toBe(
      true,
    );
    expect(await api.tlsAllowed(platform)).toBe(200);
  });

  it("keeps the default domain active when Cloudflare refuses its new name; it needs activation", async () => {
    const original = api.t.app.domains.default.id;
    const saved = await api.add(unique("cliente.com"));
    const made = await api.send("POST", `/api/admin/custom-domains/${saved.id}/set-default`);
    expect(made.statusCode).toBe(200);
    try {
      const renamed = unique("cliente.com");
      fake.failNextWrite({
        status: 400,
        errors: [{ code: 1414, message: "Custom hostnames are not enabled for this zone." }],
      });
      const response = await api.send("PUT", `/api/admin/custom-domains/${saved.id}`, {
        domain: renamed,
        display_name: "Links",
        is_active: true,
        is_premium: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        domain: renamed,
        is_default: true,
        is_active: true,
        needs_activation: true,
      });
      expect(await api.row(saved.id)).toMatchObject({
        isDefault: true,
        isActive: true,
        needsActivation: true,
      });
      expect(api.t.app.domains.default).toMatchObject({ id: saved.id, domain: renamed });
      expect(await api.tlsAllowed(renamed)).toBe(200);
      expect(fake.hostnames.some((hostname) => hostname.hostname === renamed)).toBe(false);
      expect((await api.actions(saved.id))[0]).toBe("domain.update");

      // 'Ativar' retries the automation.
      expect((await api.send("POST", `/api/admin/domains/${saved.id}/activate`)).statusCode).toBe(200);
      expect(fake.hostnames.filter((hostname) => hostname.hostname === renamed)).toHaveLength(1);
      expect(await api.row(saved.id)).toMatchObject({
        isDefault: true,
        isActive: true,
        needsActivation: false,
      });
    } finally {
      await api.send("POST", `/api/admin/custom-domains/${original}/set-default`);
    }
  });

  it("refuses a bad name before calling Cloudflare", async () => {
    const before = fake.requests.length;
    const response = await api.send("POST", "/api/admin/custom-domains", {
      domain: "x.com:8443",
      display_name: "X",
    });
    expect(response.statusCode).toBe(400);
    expect(fake.requests.length).toBe(before);
  });
});

describe("with a wrong API token", () => {
  const api = appWith(() => ({ apiToken: "cf-wrong", zoneId: fake.zoneId, apiBase: fake.baseUrl }));

  it("says Cloudflare refused the token", async () => {
    const saved = await api.add(unique("cliente.com"));
    expect(saved.cloudflare_automation).toEqual({
      success: false,
      attempted: true,
      error:
        "a Cloudflare recusou o token de API (CLOUDFLARE_API_TOKEN): Authentication error (código 10000)",
    });
    expect(saved.needs_activation).toBe(true);
  });
});

describe("with Cloudflare unreachable", () => {
  let closedPort = 0;
  beforeAll(async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closedPort = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const api = appWith(() => ({
    apiToken: fake.token,
    zoneId: fake.zoneId,
    apiBase: `http://127.0.0.1:${closedPort}/client/v4`,
  }));

  it("adds the domain inactive, needing activation, and 'Ativar' answers 502", async () => {
    const saved = await api.add(unique("cliente.com"));
    expect(saved.cloudflare_automation).toEqual({
      success: false,
      attempted: true,
      error: "não foi possível conectar à API da Cloudflare",
    });
    expect(saved).toMatchObject({ is_active: false, needs_activation: true });
    const response = await api.send("POST", `/api/admin/domains/${saved.id}/activate`);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe(
      cloudflareActivationFailed("não foi possível conectar à API da Cloudflare"),
    );
    expect(await api.row(saved.id)).toMatchObject({ isActive: false, needsActivation: true });
  });
});

describe("without Cloudflare configured", () => {
  const api = appWith(() => undefined);

  it("adds the domain as asked, with no cloudflare_automation in the answer", async () => {
    const before = fake.requests.length;
    const saved = await api.add(unique("cliente.com"));
    expect("cloudflare_automation" in saved).toBe(false);
    expect(saved).toMatchObject({ is_active: true, needs_activation: false });
    expect(fake.requests.length).toBe(before);
  });
});

describe("CLOUDFLARE_* variables", () => {
  const base = { NODE_ENV: "test", PUBLIC_URL: PUBLIC_URL };
  it("are both set or neither", () => {
    expect(loadConfig(base).cloudflare).toBeUndefined();
    expect(() => loadConfig({ ...base, CLOUDFLARE_API_TOKEN: "t" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CLOUDFLARE_ZONE_ID: "z" })).toThrow(/set both/);
    expect(
      loadConfig({
        ...base,
        CLOUDFLARE_API_TOKEN: "t",
        CLOUDFLARE_ZONE_ID: "z",
        CLOUDFLARE_API_BASE: "http://127.0.0.1:9/client/v4/",
      }).cloudflare,
    ).toEqual({ apiToken: "t", zoneId: "z", apiBase: "http://127.0.0.1:9/client/v4" });
  });
});
