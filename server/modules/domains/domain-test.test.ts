import { writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DOMAIN_MESSAGES, type DomainTestResult } from "../../../common/contract/domains";
import { domains, linkPages, shortenedUrls } from "../../../db/schema";
import { createUser } from "../../../tests/factories";
import { type FakeDnsServer, startFakeDnsServer } from "../../../tests/fakes/dns-server";
import {
  createTestCa,
  type FakeTlsServer,
  startFakeTlsServer,
  type TestCa,
} from "../../../tests/fakes/tls-server";
import { setupTestApp, testConfig } from "../../../tests/test-app";
import { ConfigError, loadConfig } from "../../env";
import { checkCertificate, judgeDns } from "./domain-test";

// The domain test against a real DNS server and a real TLS listener on loopback: the main host
// atalho.test resolves to 127.0.0.1 and ::1 there, and the handshake goes to the TLS listener's
// port on the address the tested name resolves to.
const MAIN = "atalho.test";
const DAY = 86_400_000;

let dns: FakeDnsServer;
let ca: TestCa;
let tlsServer: FakeTlsServer;
// The app's domain test settings: one object, filled in once the fixtures listen (and changed by
// the tests that need another target).
const domainTest = { ...testConfig().domainTest };

beforeAll(async () => {
  dns = await startFakeDnsServer();
  dns.set(MAIN, { a: ["127.0.0.1"], aaaa: ["::1"] });
  ca = await createTestCa();
  tlsServer = await startFakeTlsServer(await ca.issue(["outro-nome.example"]));
  Object.assign(domainTest, {
    dnsServers: [dns.server],
    tlsPort: tlsServer.port,
    tlsCa: ca.ca,
    publicIpv4: [],
    publicIpv6: [],
  });
});
afterAll(async () => {
  await dns?.close();
  await tlsServer?.close();
});

const t = setupTestApp({ publicUrl: `https://${MAIN}`, domainTest });

// A fresh administrator per test: the route allows each one a few tests a minute.
let admin: { cookie: string; user: { id: number } };
beforeEach(async () => {
  admin = await t.signIn({ isAdmin: true });
});

let sequence = 0;
const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}${++sequence}.example`;

/** A custom domain row, seen by the app at once. */
async function addDomain(name: string) {
  const [row] = await t.database.db
    .insert(domains)
    .values({ domain: name, displayName: name, isActive: true })
    .returning();
  await t.app.domains.reload();
  return row!;
}

async function testDomain(id: number | string, cookie = admin.cookie) {
  return t.request({ method: "GET", url: `/api/admin/test-domain/${id}`, cookie });
}

async function resultFor(name: string): Promise<DomainTestResult> {
  const row = await addDomain(name);
  const response = await testDomain(row.id);
  expect(response.statusCode).toBe(200);
  return response.json<DomainTestResult>();
}

describe("a domain that points at us", () => {
  it("is valid with a CNAME to the main host and a certificate for the name", async () => {
    const name = uniqueName("cname");
    dns.set(name, { cname: MAIN });
    tlsServer.serve(name, await ca.issue([name]));

    const result = await resultFor(name);
    expect(result.status).toBe("valid");
    expect(result.validation_result).toMatchObject({
      is_valid: true,
      dns_configured: true,
      ssl_configured: true,
      error_message: null,
    });
    expect(Date.now() - Date.parse(result.validation_result.last_check)).toBeLessThan(60_000);
    expect(result.dns).toEqual({
      a: ["127.0.0.1"],
      aaaa: ["::1"],
      cname: [MAIN],
      expected: { a: ["127.0.0.1"], aaaa: ["::1"], cname: MAIN },
    });
    expect(result.ssl).toMatchObject({ valid: true, issuer: "Atalho Test CA", error: null });
    expect(result.ssl.days_remaining).toBe(89);
    expect(Date.parse(result.ssl.valid_to!)).toBeGreaterThan(Date.now() + 89 * DAY);
    // The handshake carried the name as SNI.
    expect(tlsServer.names).toContain(name);
  });

  it("is valid with an A record to our address", async () => {
    const name = uniqueName("a");
    dns.set(name, { a: ["127.0.0.1"] });
    tlsServer.serve(name, await ca.issue([name]));
    const result = await resultFor(name);
    expect(result.status).toBe("valid");
    expect(result.dns).toMatchObject({ a: ["127.0.0.1"], aaaa: [], cname: [] });
  });

  it("compares with PUBLIC_IPV4 / PUBLIC_IPV6 when they are set", async () => {
    const name = uniqueName("env");
    dns.set(name, { a: ["192.0.2.10"] });
    domainTest.publicIpv4 = ["192.0.2.10"];
    domainTest.publicIpv6 = ["2001:db8::10"];
    // The handshake goes to DOMAIN_TEST_TLS_HOST when set (192.0.2.10 is not on this machine).
    domainTest.tlsHost = "127.0.0.1";
    try {
      tlsServer.serve(name, await ca.issue([name]));
      const result = await resultFor(name);
      expect(result.dns.expected).toEqual({ a: ["192.0.2.10"], aaaa: ["2001:db8::10"], cname: MAIN });
      expect(result.status).toBe("valid");
    } finally {
      domainTest.publicIpv4 = [];
      domainTest.publicIpv6 = [];
      domainTest.tlsHost = undefined;
    }
  });

  it("tests the default domain (the main host) against its own addresses", async () => {
    tlsServer.serve(MAIN, await ca.issue([MAIN]));
    const response = await testDomain(t.app.domains.default.id);
    const result = response.json<DomainTestResult>();
    expect(result.status).toBe("valid");
    expect(result.dns.expected).toEqual({ a: ["127.0.0.1"], aaaa: ["::1"], cname: null });
  });
});

describe("the handshake goes only to our own addresses", () => {
  it("with a CNAME to us, at the main host's address, never at the one the name's zone answers", async () => {
    // The customer's zone answers the CNAME question with our host, but A questions with another
    // address (here 127.0.0.2, standing for 10.0.0.5 or 169.254.169.254), where a TLS listener
    // on the same port would answer with its certificate names.
    const name = uniqueName("flattened");
    dns.set(name, { cname: MAIN, a: ["127.0.0.2"], flattened: true });
    const certificate = await ca.issue([name]);
    const internal = await startFakeTlsServer(certificate, tlsServer.port, "127.0.0.2");
    try {
      tlsServer.serve(name, certificate);
      const result = await resultFor(name);
      expect(result.dns).toMatchObject({ a: ["127.0.0.2"], aaaa: [], cname: [MAIN] });
      expect(internal.names).toEqual([]);
      expect(tlsServer.names).toContain(name);
      expect(result.status).toBe("valid");
    } finally {
      await internal.close();
    }
  });

  it("picks the main host's address for a CNAME to us, and none when it has none", () => {
    const expected = { a: ["192.0.2.10"], aaaa: [], cname: MAIN };
    const found = { a: ["10.0.0.5"], aaaa: ["fe80::1"], cname: [MAIN], failure: null };
    const ours = new Set(["192.0.2.10", "198.51.100.1"]);
    expect(judgeDns(found, expected, ours, ["198.51.100.1"])).toMatchObject({
      status: "configured",
      address: "198.51.100.1",
    });
    expect(judgeDns(found, expected, ours, []).address).toBeNull();
    // One of ours among the name's addresses is used as it is.
    expect(judgeDns({ ...found, a: ["192.0.2.10"] }, expected, ours, ["198.51.100.1"]).address).toBe(
      "192.0.2.10",
    );
  });
});

describe("pending: DNS right, certificate not yet", () => {
  it("when the certificate is for another name", async () => {
    const name = uniqueName("wrong-cert");
    dns.set(name, { cname: MAIN });
    const result = await resultFor(name);
    expect(result.status).toBe("pending");
    expect(result.validation_result).toMatchObject({
      is_valid: false,
      dns_configured: true,
      ssl_configured: false,
    });
    expect(result.ssl.valid).toBe(false);
    expect(result.ssl.error).toBe(`O certificado não vale para ${name} (vale para outro-nome.example).`);
    expect(result.validation_result.error_message).toContain(
      `O DNS de ${name} está correto, mas o HTTPS ainda não`,
    );
  });

  it("when the certificate has expired", async () => {
    const name = uniqueName("expired");
    dns.set(name, { a: ["127.0.0.1"] });
    tlsServer.serve(
      name,
      await ca.issue([name], {
        notBefore: new Date(Date.now() - 30 * DAY),
        notAfter: new Date(Date.now() - 2 * DAY),
      }),
    );
    const result = await resultFor(name);
    expect(result.status).toBe("pending");
    expect(result.ssl.error).toBe("Certificado inválido: o certificado expirou.");
    expect(result.ssl.days_remaining).toBeLessThan(-1);
    expect(result.ssl.issuer).toBe("Atalho Test CA");
  });

  it("when nothing listens for HTTPS", async () => {
    const name = uniqueName("closed");
    dns.set(name, { a: ["127.0.0.1"] });
    const closedPort = await freePort();
    domainTest.tlsPort = closedPort;
    try {
      const result = await resultFor(name);
      expect(result.status).toBe("pending");
      expect(result.ssl).toEqual({
        valid: false,
        issuer: null,
        valid_to: null,
        days_remaining: null,
        error: `O handshake TLS com ${name} em 127.0.0.1:${closedPort} recusou a conexão: nenhum certificado válido.`,
      });
    } finally {
      domainTest.tlsPort = tlsServer.port;
    }
  });

  it("when the certificate is not from a trusted authority", async () => {
    const name = uniqueName("untrusted");
    dns.set(name, { a: ["127.0.0.1"] });
    tlsServer.serve(name, await ca.issue([name]));
    domainTest.tlsCa = undefined;
    try {
      const result = await resultFor(name);
      expect(result.status).toBe("pending");
      expect(result.ssl.valid).toBe(false);
      expect(result.ssl.error).toBe(
        "Certificado inválido: não foi possível verificar quem emitiu o certificado.",
      );
    } finally {
      domainTest.tlsCa = ca.ca;
    }
  });
});

describe("a domain that does not point at us", () => {
  it("is invalid_configuration with an A record elsewhere, and no handshake is tried", async () => {
    const name = uniqueName("elsewhere");
    dns.set(name, { a: ["203.0.113.10"] });
    const result = await resultFor(name);
    expect(result.status).toBe("invalid_configuration");
    expect(result.validation_result).toMatchObject({
      is_valid: false,
      dns_configured: false,
      ssl_configured: false,
    });
    expect(result.validation_result.error_message).toBe(
      `O domínio ${name} aponta para 203.0.113.10, não para o Atalho. No provedor de DNS, troque esse registro por um registro CNAME apontando para ${MAIN} ou um registro A com 127.0.0.1 ou um registro AAAA com ::1.`,
    );
    expect(result.ssl.error).toBe(`Não verificado: o DNS de ${name} ainda não aponta para o Atalho.`);
    expect(tlsServer.names).not.toContain(name);
  });

  it("is invalid_configuration with a CNAME to another host", async () => {
    const name = uniqueName("other-cname");
    dns.set(name, { cname: "cname.vercel-dns.example" });
    dns.set("cname.vercel-dns.example", { a: ["198.51.100.7"] });
    const result = await resultFor(name);
    expect(result.status).toBe("invalid_configuration");
    expect(result.dns.cname).toEqual(["cname.vercel-dns.example"]);
    expect(result.validation_result.error_message).toContain(
      `aponta para cname.vercel-dns.example, não para o Atalho`,
    );
  });

  it("is invalid_configuration when the DNS fails (SERVFAIL)", async () => {
    const name = uniqueName("servfail");
    dns.set(name, { servfail: true });
    const result = await resultFor(name);
    expect(result.status).toBe("invalid_configuration");
    expect(result.validation_result.error_message).toBe(
      `Não foi possível consultar o DNS de ${name} (ESERVFAIL). Verifique os servidores de nomes (NS) do domínio no registro e tente novamente.`,
    );
  });

  it("is not_found for a name the DNS does not know (NXDOMAIN)", async () => {
    const name = uniqueName("nxdomain");
    const result = await resultFor(name);
    expect(result.status).toBe("not_found");
    expect(result.dns).toMatchObject({ a: [], aaaa: [], cname: [] });
    expect(result.validation_result.error_message).toBe(
      `O domínio ${name} não tem registros DNS (A, AAAA ou CNAME). No provedor de DNS do domínio, crie um registro CNAME apontando para ${MAIN} ou um registro A com 127.0.0.1 ou um registro AAAA com ::1. A propagação pode levar alguns minutos.`,
    );
    expect(dns.queries).toContain(`${name} A`);
  });

  it("is not_found for a name with no A, AAAA or CNAME records", async () => {
    const name = uniqueName("nodata");
    dns.set(name, {});
    expect((await resultFor(name)).status).toBe("not_found");
  });
});

describe("conflicting records", () => {
  it("an extra A record beside ours", async () => {
    const name = uniqueName("extra-a");
    dns.set(name, { a: ["127.0.0.1", "203.0.113.9"] });
    tlsServer.serve(name, await ca.issue([name]));
    const result = await resultFor(name);
    expect(result.status).toBe("conflicting_records");
    expect(result.validation_result).toMatchObject({ is_valid: false, dns_configured: false });
    // The certificate is still checked on our address.
    expect(result.ssl.valid).toBe(true);
    expect(result.validation_result.error_message).toBe(
      `O domínio ${name} tem registros que não são do Atalho: 203.0.113.9. Remova-os e deixe apenas um registro CNAME apontando para ${MAIN} ou um registro A com 127.0.0.1 ou um registro AAAA com ::1.`,
    );
  });

  it("an A record beside our CNAME", async () => {
    const name = uniqueName("a-and-cname");
    dns.set(name, { cname: MAIN, a: ["203.0.113.20"] });
    const result = await resultFor(name);
    expect(result.status).toBe("conflicting_records");
    expect(result.dns.a).toContain("203.0.113.20");
    expect(result.validation_result.error_message).toContain(
      "registros que não são do Atalho: 203.0.113.20.",
    );
  });
});

describe("usage and sample URLs", () => {
  it("counts the domain's pages and short links and offers one of each", async () => {
    const name = uniqueName("usage");
    dns.set(name, { cname: MAIN });
    const row = await addDomain(name);
    const owner = await createUser(t.database.db);
    await t.database.db.insert(linkPages).values([
      { userId: owner.id, domainId: row.id, slug: "b-pagina", title: "B" },
      { userId: owner.id, domainId: row.id, slug: "a-inativa", title: "A", isActive: false },
      { userId: owner.id, domainId: row.id, slug: "c-pagina", title: "C" },
    ]);
    await t.database.db.insert(shortenedUrls).values([
      {
        userId: owner.id,
        domainId: row.id,
        shortCode: "aExpirado",
        originalUrl: "https://exemplo.com.br/1",
        expiresAt: new Date(Date.now() - DAY),
      },
      { userId: owner.id, domainId: row.id, shortCode: "bValido", originalUrl: "https://exemplo.com.br/2" },
    ]);
    // Another domain's rows do not count.
    const other = await addDomain(uniqueName("usage-other"));
    await t.database.db
      .insert(linkPages)
      .values({ userId: owner.id, domainId: other.id, slug: "a-outra", title: "O" });

    const response = await testDomain(row.id);
    const result = response.json<DomainTestResult>();
    expect(result.usage_stats).toEqual({ link_pages_count: 3, shortened_urls_count: 2 });
    expect(result.test_urls).toEqual({
      sample_link_page: `https://${name}/p/b-pagina`,
      sample_short_url: `https://${name}/s/bValido`,
    });
  });

  it("has no sample URLs for an unused domain", async () => {
    const name = uniqueName("unused");
    const result = await resultFor(name);
    expect(result.usage_stats).toEqual({ link_pages_count: 0, shortened_urls_count: 0 });
    expect(result.test_urls).toEqual({ sample_link_page: null, sample_short_url: null });
  });
});

describe("access", () => {
  it("is for administrators only", async () => {
    const row = await addDomain(uniqueName("access"));
    expect((await testDomain(row.id, "")).statusCode).toBe(401);
    const { cookie } = await t.signIn();
    const forbidden = await testDomain(row.id, cookie);
    expect(forbidden.statusCode).toBe(403);
  });

  it("answers 404 for an unknown domain", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1e3"]) {
      const response = await testDomain(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: DOMAIN_MESSAGES.notFound });
    }
  });

  it("is rate limited per administrator", async () => {
    const other = await t.signIn({ isAdmin: true });
    const row = await addDomain(uniqueName("limited"));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await testDomain(row.id, other.cookie)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another administrator still can.
    expect((await testDomain(row.id)).statusCode).toBe(200);
  });
});

describe("the certificate check", () => {
  it("gives up within its timeout on a server that never answers the handshake", async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const started = Date.now();
    const result = await checkCertificate({
      host: "127.0.0.1",
      port,
      servername: "lento.example",
      timeoutMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({
      valid: false,
      error: `O servidor HTTPS (127.0.0.1:${port}) não respondeu em 0.3 s.`,
    });
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe("configuration", () => {
  const base = { NODE_ENV: "test" as const };
  it("reads the domain test's variables", () => {
    const caFile = path.join(tmpdir(), `atalho-ca-${process.pid}.pem`);
    writeFileSync(caFile, ca.ca);
    const config = loadConfig({
      ...base,
      PUBLIC_IPV4: "203.0.113.1, 203.0.113.2",
      PUBLIC_IPV6: "2001:DB8::1",
      DOMAIN_TEST_DNS_SERVERS: "127.0.0.1:5353,[::1]:53,1.1.1.1",
      DOMAIN_TEST_TLS_HOST: "127.0.0.1",
      DOMAIN_TEST_TLS_PORT: "8443",
      DOMAIN_TEST_TLS_CA: caFile,
    }).domainTest;
    expect(config).toMatchObject({
      publicIpv4: ["203.0.113.1", "203.0.113.2"],
      publicIpv6: ["2001:db8::1"],
      dnsServers: ["127.0.0.1:5353", "[::1]:53", "1.1.1.1"],
      tlsHost: "127.0.0.1",
      tlsPort: 8443,
      tlsCa: ca.ca,
    });
  });

  it("defaults to the system's resolvers and port 443", () => {
    expect(loadConfig(base).domainTest).toMatchObject({
      publicIpv4: [],
      publicIpv6: [],
      dnsServers: undefined,
      tlsHost: undefined,
      tlsPort: 443,
      tlsCa: undefined,
    });
  });

  it("refuses bad values, naming the variable", () => {
    for (const [name, value] of [
      ["PUBLIC_IPV4", "::1"],
      ["PUBLIC_IPV6", "10.0.0.1"],
      ["DOMAIN_TEST_DNS_SERVERS", "dns.google"],
      ["DOMAIN_TEST_TLS_PORT", "0"],
      ["DOMAIN_TEST_TLS_CA", "/nonexistent/ca.pem"],
    ]) {
      expect(() => loadConfig({ ...base, [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, [name!]: value })).toThrow(name);
    }
  });
});

/** A port nothing listens on (bound, then released). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
