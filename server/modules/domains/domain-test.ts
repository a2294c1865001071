// The domain test (GET /api/admin/test-domain/{id}): does a custom domain reach us, and does it
// serve a valid certificate? Real DNS queries (A, AAAA, CNAME) to the configured servers and a real
// TLS handshake with SNI. Statuses as Vercel and Cloudflare name them: valid, pending (DNS right,
// certificate not yet), invalid_configuration, conflicting_records, not_found. Never throws: every
// network failure becomes part of the answer.
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import tls, { type PeerCertificate } from "node:tls";
import type { DomainTestResult, DomainTestStatus } from "../../../common/contract/domains";
import { bareHostName } from "../../../common/host-name";
import type { DomainTestConfig } from "../../env";

type Dns = DomainTestResult["dns"];
type Ssl = DomainTestResult["ssl"];

/** What a name resolves to; `failure` is set when the DNS could not answer (not for NXDOMAIN). */
export type Resolution = { a: string[]; aaaa: string[]; cname: string[]; failure: string | null };

// NXDOMAIN and "no records of this type": an answer, not a failure.
const NO_RECORDS = new Set(["ENOTFOUND", "ENODATA"]);

const normaliseAddress = (address: string) => (isIP(address) === 6 ? address.toLowerCase() : address);

export function createResolver(config: Pick<DomainTestConfig, "dnsServers" | "dnsTimeoutMs">): Resolver {
  const resolver = new Resolver({ timeout: config.dnsTimeoutMs, tries: 1 });
  if (config.dnsServers) resolver.setServers(config.dnsServers);
  return resolver;
}

/** A, AAAA and CNAME of a name, asked at once; a CNAME's target is followed for A and AAAA. */
export async function resolveName(resolver: Resolver, name: string): Promise<Resolution> {
  let failure: string | null = null;
  const ask = async <T>(query: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await query();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "ERROR";
      if (!NO_RECORDS.has(code)) failure ??= code;
      return [];
    }
  };
  const [a, aaaa, cname] = await Promise.all([
    ask(() => resolver.resolve4(name)),
    ask(() => resolver.resolve6(name)),
    ask(() => resolver.resolveCname(name)),
  ]);
  return {
    a: [...new Set(a)],
    aaaa: [...new Set(aaaa.map(normaliseAddress))],
    cname: [...new Set(cname.map(bareHostName))],
    failure,
  };
}

/**
 * What a custom domain should point at: our addresses (PUBLIC_IPV4/PUBLIC_IPV6, else what the main
 * host resolves to) or a CNAME to the main host. `ours` also holds the main host's current
 * addresses, which a CNAME to us leads to; `main` lists those (A first), where a name with a CNAME
 * to us is checked.
 */
export async function expectedTargets(
  resolver: Resolver,
  config: Pick<DomainTestConfig, "publicIpv4" | "publicIpv6">,
  mainHost: string,
  domain: string,
): Promise<{ expected: Dns["expected"]; ours: Set<string>; main: string[] }> {
  const literal = isIP(mainHost.replace(/^\[|\]$/g, ""));
  const main = literal
    ? {
        a: literal === 4 ? [mainHost] : [],
        aaaa: literal === 6 ? [normaliseAddress(mainHost.replace(/^\[|\]$/g, ""))] : [],
      }
    : await resolveName(resolver, mainHost);
  const configured = config.publicIpv4.length + config.publicIpv6.length > 0;
  const expected = {
    a: configured ? config.publicIpv4 : main.a,
    aaaa: configured ? config.publicIpv6 : main.aaaa,
    cname: literal || mainHost === domain ? null : mainHost,
  };
  return {
    expected,
    ours: new Set([...expected.a, ...expected.aaaa, ...main.a, ...main.aaaa]),
    main: [...main.a, ...main.aaaa],
  };
}

export type DnsVerdict = {
  status: Exclude<DomainTestStatus, "valid" | "pending"> | "configured";
  /** The records that are not ours (addresses, or CNAME targets). */
  foreign: string[];
  /**
   * Where to try the handshake, always one of our own addresses: one the name resolves to, else
   * (a CNAME to us) the main host's. Never an address only the name's DNS gave: its zone is the
   * customer's, and could point at an internal address.
   */
  address: string | null;
};

/** Whether the name's records lead to us, elsewhere, both, or nowhere. `main`: the main host's addresses. */
export function judgeDns(
  found: Resolution,
  expected: Dns["expected"],
  ours: Set<string>,
  main: string[],
): DnsVerdict {
  const addresses = [...found.a, ...found.aaaa];
  const mine = addresses.filter((address) => ours.has(address));
  const foreignAddresses = addresses.filter((address) => !ours.has(address));
  const cnameToUs = expected.cname !== null && found.cname.includes(expected.cname);
  const foreignCnames = found.cname.filter((target) => target !== expected.cname);
  const address = mine[0] ?? (cnameToUs ? (main[0] ?? null) : null);

  if (addresses.length === 0 && found.cname.length === 0) {
    return { status: found.failure ? "invalid_configuration" : "not_found", foreign: [], address };
  }
  if (cnameToUs) {
    // Our CNAME leads to our addresses; anything else beside it is an extra record (A + CNAME).
    const foreign = [...foreignCnames, ...(mine.length > 0 ? foreignAddresses : [])];
    return { status: foreign.length > 0 ? "conflicting_records" : "configured", foreign, address };
  }
  if (mine.length > 0) {
    // Reaching us through another name (an alias of ours) is fine; other addresses beside ours are not.
    return {
      status: foreignAddresses.length > 0 ? "conflicting_records" : "configured",
      foreign: foreignAddresses,
      address,
    };
  }
  return {
    status: "invalid_configuration",
    foreign: found.cname.length > 0 ? found.cname : foreignAddresses,
    address: null,
  };
}

export type CertificateCheck = {
  host: string;
  port: number;
  /** The name sent as SNI and checked against the certificate. */
  servername: string;
  /** PEM certificates trusted besides the system store. */
  ca?: string;
  timeoutMs: number;
};

const TLS_REASONS: Record<string, string> = {
  CERT_HAS_EXPIRED: "o certificado expirou",
  CERT_NOT_YET_VALID: "o certificado ainda não entrou em vigor",
  DEPTH_ZERO_SELF_SIGNED_CERT: "o certificado é autoassinado",
  SELF_SIGNED_CERT_IN_CHAIN: "a cadeia do certificado termina numa autoridade não confiável",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "não foi possível verificar quem emitiu o certificado",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "o certificado não é de uma autoridade confiável",
  UNABLE_TO_GET_ISSUER_CERT: "o certificado não é de uma autoridade confiável",
  CERT_REVOKED: "o certificado foi revogado",
};

const fieldOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The names a certificate is valid for (its DNS subject alternative names, else its CN). */
function namesOf(cert: PeerCertificate): string {
  const names = (cert.subjectaltname ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith("DNS:"))
    .map((entry) => entry.slice(4));
  return (names.length > 0 ? names : [fieldOf(cert.subject?.CN) ?? "?"]).slice(0, 5).join(", ");
}

/**
 * A TLS handshake with SNI to host:port: is the certificate trusted, in date and valid for the
 * name? Ends within timeoutMs; never rejects.
 */
export function checkCertificate(check: CertificateCheck): Promise<Ssl> {
  const where = `${check.host}:${check.port}`;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Ssl) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const failed = (error: string): Ssl => ({
      valid: false,
      issuer: null,
      valid_to: null,
      days_remaining: null,
      error,
    });
    const timer = setTimeout(
      () => done(failed(`O servidor HTTPS (${where}) não respondeu em ${check.timeoutMs / 1000} s.`)),
      check.timeoutMs,
    );
    const socket = tls.connect({
      host: check.host,
      port: check.port,
      servername: check.servername,
      ca: check.ca ? [...tls.rootCertificates, check.ca] : undefined,
      // Judged below: an untrusted or expired certificate is a result, not an error.
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
    });
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate();
      if (!cert?.raw) {
        done(failed(`O servidor HTTPS (${where}) não apresentou certificado.`));
        return;
      }
      const validTo = new Date(cert.valid_to);
      const issuer = fieldOf(cert.issuer?.O) ?? fieldOf(cert.issuer?.CN) ?? null;
      let error: string | null = null;
      // Node checks the chain, then the name (with SNI set); the name is checked again in case.
      const code = socket.authorized ? "" : String(socket.authorizationError ?? "");
      if (
        code === "ERR_TLS_CERT_ALTNAME_INVALID" ||
        (!code && tls.checkServerIdentity(check.servername, cert))
      ) {
        error = `O certificado não vale para ${check.servername} (vale para ${namesOf(cert)}).`;
      } else if (code) {
        error = `Certificado inválido: ${TLS_REASONS[code] ?? code}.`;
      }
      done({
        valid: error === null,
        issuer,
        valid_to: Number.isNaN(validTo.getTime()) ? null : validTo.toISOString(),
        days_remaining: Number.isNaN(validTo.getTime())
          ? null
          : Math.floor((validTo.getTime() - Date.now()) / 86_400_000),
        error,
      });
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "ECONNREFUSED"
          ? "recusou a conexão"
          : error.code === "ECONNRESET"
            ? "encerrou a conexão"
            : `falhou (${error.code ?? error.message})`;
      done(
        failed(`O handshake TLS com ${check.servername} em ${where} ${reason}: nenhum certificado válido.`),
      );
    });
  });
}

/** What the administrator should create at the domain's DNS provider. */
function instructions(expected: Dns["expected"]): string {
  const options = [
    expected.cname ? `um registro CNAME apontando para ${expected.cname}` : null,
    expected.a.length > 0 ? `um registro A com ${expected.a.join(", ")}` : null,
    expected.aaaa.length > 0 ? `um registro AAAA com ${expected.aaaa.join(", ")}` : null,
  ].filter(Boolean);
  return options.length > 0
    ? options.join(" ou ")
    : "registros A/AAAA com os endereços do servidor (defina PUBLIC_IPV4 e PUBLIC_IPV6)";
}

function messageFor(
  status: DomainTestStatus,
  context: { domain: string; appName: string; found: Resolution; verdict: DnsVerdict; dns: Dns; ssl: Ssl },
): string | null {
  const { domain, appName, found, verdict, dns, ssl } = context;
  const todo = instructions(dns.expected);
  switch (status) {
    case "valid":
      return null;
    case "pending":
      return `O DNS de ${domain} está correto, mas o HTTPS ainda não: ${ssl.error ?? "certificado inválido."} O certificado é emitido automaticamente em alguns minutos depois que o DNS propaga; teste novamente mais tarde.`;
    case "not_found":
      return `O domínio ${domain} não tem registros DNS (A, AAAA ou CNAME). No provedor de DNS do domínio, crie ${todo}. A propagação pode levar alguns minutos.`;
    case "conflicting_records":
      return `O domínio ${domain} tem registros que não são do ${appName}: ${verdict.foreign.join(", ")}. Remova-os e deixe apenas ${todo}.`;
    case "invalid_configuration":
      if (found.failure && verdict.foreign.length === 0) {
        return `Não foi possível consultar o DNS de ${domain} (${found.failure}). Verifique os servidores de nomes (NS) do domínio no registro e tente novamente.`;
      }
      return `O domínio ${domain} aponta para ${verdict.foreign.join(", ")}, não para o ${appName}. No provedor de DNS, troque esse registro por ${todo}.`;
  }
}

export type DomainCheck = Pick<DomainTestResult, "status" | "dns" | "ssl"> & {
  validation_result: DomainTestResult["validation_result"];
};

/**
 * The DNS and TLS half of the test for one domain (a hostname, no port). The handshake happens only
 * when the name reaches us, at the configured TLS host or one of our own addresses (judgeDns).
 */
export async function checkDomain(
  domain: string,
  options: { config: DomainTestConfig; mainHost: string; appName: string; resolver?: Resolver },
): Promise<DomainCheck> {
  const { config, appName } = options;
  const name = bareHostName(domain);
  const mainHost = bareHostName(options.mainHost);
  const resolver = options.resolver ?? createResolver(config);
  const [found, { expected, ours, main }] = await Promise.all([
    resolveName(resolver, name),
    expectedTargets(resolver, config, mainHost, name),
  ]);
  const verdict = judgeDns(found, expected, ours, main);
  const dns: Dns = { a: found.a, aaaa: found.aaaa, cname: found.cname, expected };

  const reachesUs = verdict.status === "configured" || verdict.status === "conflicting_records";
  const host = config.tlsHost ?? verdict.address;
  const ssl: Ssl =
    reachesUs && host
      ? await checkCertificate({
          host,
          port: config.tlsPort,
          servername: name,
          ca: config.tlsCa,
          timeoutMs: config.tlsTimeoutMs,
        })
      : {
          valid: false,
          issuer: null,
          valid_to: null,
          days_remaining: null,
          error: reachesUs
            ? `Não verificado: ${name} não tem endereço para o handshake TLS (defina DOMAIN_TEST_TLS_HOST).`
            : `Não verificado: o DNS de ${name} ainda não aponta para o ${appName}.`,
        };

  const status: DomainTestStatus =
    verdict.status === "configured" ? (ssl.valid ? "valid" : "pending") : verdict.status;
  return {
    status,
    dns,
    ssl,
    validation_result: {
      is_valid: status === "valid",
      dns_configured: verdict.status === "configured",
      ssl_configured: ssl.valid,
      error_message: messageFor(status, { domain: name, appName, found, verdict, dns, ssl }),
      last_check: new Date().toISOString(),
    },
  };
}
