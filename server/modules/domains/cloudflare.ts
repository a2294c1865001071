// Cloudflare automation of custom domains, through the official `cloudflare` SDK (spec 7's
// cloudflare_automation). On when CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID are set:
// - a platform domain (the zone's own name or a subdomain of it) gets a proxied CNAME to the main
//   host (PUBLIC_URL's) in that zone, TTL "auto";
// - any other (a customer's) domain gets a Cloudflare for SaaS custom hostname in the zone, with a
//   DV certificate validated over HTTP (the customer's CNAME to us completes it).
// Both are idempotent: what already exists for the name (a record of ours, a custom hostname) is
// kept, so 'Ativar' can retry after a timeout whose request did reach Cloudflare.
import Cloudflare, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  PermissionDeniedError,
} from "cloudflare";

export type CloudflareOptions = {
  apiToken: string;
  zoneId: string;
  /** https://api.cloudflare.com/client/v4 unless set (tests: a fake server on loopback). */
  apiBase?: string;
  /** PUBLIC_URL's host name: what platform CNAMEs point at. */
  mainHost: string;
  /** Per attempt; the admin is waiting for the answer. */
  timeoutMs?: number;
  maxRetries?: number;
};

export type CloudflareSetup = {
  kind: "dns_record" | "custom_hostname";
  /** Cloudflare's id of the record or custom hostname. */
  id: string;
  /** False: it already existed (a retry). */
  created: boolean;
};

/**
 * Cloudflare refused or could not be reached. message: the pt-BR sentence the administrator sees
 * (it carries Cloudflare's own message, in English); detail: what goes to the log.
 */
export class CloudflareAutomationError extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** What we write in the comment of the records we create (and look for before deleting one). */
const RECORD_COMMENT = "Atalho: domínio personalizado";

export class CloudflareDomains {
  private readonly client: Cloudflare;
  private zoneName?: Promise<string>;

  constructor(private readonly options: CloudflareOptions) {
    this.client = new Cloudflare({
      apiToken: options.apiToken,
      // Only ours: the SDK would otherwise read these from process.env.
      apiKey: null,
      apiEmail: null,
      userServiceKey: null,
      baseURL: options.apiBase ?? "https://api.cloudflare.com/client/v4",
      timeout: options.timeoutMs ?? 10_000,
      maxRetries: options.maxRetries ?? 1,
      logLevel: "off",
    });
  }

  /** The zone's name (read once; a failed read is tried again next time). */
  private zone(): Promise<string> {
    if (!this.zoneName) {
      this.zoneName = this.client.zones.get({ zone_id: this.options.zoneId }).then((zone) => {
        if (!zone?.name) throw unexpected("zone", zone);
        return zone.name.toLowerCase();
      });
      this.zoneName.catch(() => {
        this.zoneName = undefined;
      });
    }
    return this.zoneName;
  }

  /** A platform domain lives in our zone (a DNS record); any other is a customer's (a custom hostname). */
  async kindOf(domain: string): Promise<CloudflareSetup["kind"]> {
    const zone = await this.zone();
    const name = domain.toLowerCase();
    return name === zone || name.endsWith(`.${zone}`) ? "dns_record" : "custom_hostname";
  }

  /** Creates what the domain needs, or finds it already there. Throws CloudflareAutomationError. */
  async setUp(domain: string): Promise<CloudflareSetup> {
    return this.guard("setUp", domain, async () => {
      const name = domain.toLowerCase();
      const zone_id = this.options.zoneId;
      if ((await this.kindOf(name)) === "dns_record") {
        const existing = await this.recordsNamed(name);
        const ours = existing.find((record) => this.isOurs(record));
        if (ours) return { kind: "dns_record", id: ours.id, created: false };
        if (existing.length > 0) {
          throw new CloudflareAutomationError(
            `já existe um registro DNS ${existing[0]!.type} para ${name} na zona da Cloudflare; remova-o ou aponte-o manualmente para ${this.options.mainHost}`,
            { domain: name, existing: existing.map(({ id, type, content }) => ({ id, type, content })) },
          );
        }
        const record = await this.client.dns.records.create({
          zone_id,
          type: "CNAME",
          name,
          content: this.options.mainHost,
          proxied: true,
          ttl: 1,
          comment: RECORD_COMMENT,
        });
        if (!record?.id) throw unexpected("dns_record", record);
        return { kind: "dns_record", id: record.id, created: true };
      }
      const found = await this.hostnamesNamed(name);
      if (found[0]) return { kind: "custom_hostname", id: found[0].id, created: false };
      const hostname = await this.client.customHostnames.create({
        zone_id,
        hostname: name,
        ssl: { method: "http", type: "dv" },
      });
      if (!hostname?.id) throw unexpected("custom_hostname", hostname);
      return { kind: "custom_hostname", id: hostname.id, created: true };
    });
  }

  /**
   * Removes what setUp made for the domain: its custom hostname, or the CNAME records of that name
   * that point at the main host (never another record an operator made). Returns how many went.
   */
  async remove(domain: string): Promise<number> {
    return this.guard("remove", domain, async () => {
      const name = domain.toLowerCase();
      const zone_id = this.options.zoneId;
      let removed = 0;
      if ((await this.kindOf(name)) === "dns_record") {
        for (const record of (await this.recordsNamed(name)).filter((r) => this.isOurs(r))) {
          await this.client.dns.records.delete(record.id, { zone_id });
          removed += 1;
        }
      } else {
        for (const hostname of await this.hostnamesNamed(name)) {
          await this.client.customHostnames.delete(hostname.id, { zone_id });
          removed += 1;
        }
      }
      return removed;
    });
  }

  private isOurs(record: { type?: string; content?: string }): boolean {
    return record.type === "CNAME" && record.content?.toLowerCase() === this.options.mainHost.toLowerCase();
  }

  /** The zone's records of exactly this name (a name has a handful at most: one page). */
  private async recordsNamed(name: string): Promise<{ id: string; type: string; content: string }[]> {
    const page = await this.client.dns.records.list({
      zone_id: this.options.zoneId,
      name: { exact: name },
      per_page: 100,
    });
    return page.getPaginatedItems().map((record) => ({
      id: record.id,
      type: record.type,
      content: String(record.content ?? ""),
    }));
  }

  private async hostnamesNamed(name: string): Promise<{ id: string }[]> {
    const page = await this.client.customHostnames.list({
      zone_id: this.options.zoneId,
      hostname: { exact: name },
      per_page: 50,
    });
    return page
      .getPaginatedItems()
      .filter((item) => item.hostname?.toLowerCase() === name)
      .map((item) => ({ id: item.id }));
  }

  /** Turns the SDK's errors into CloudflareAutomationError. */
  private async guard<T>(operation: string, domain: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CloudflareAutomationError) throw error;
      throw new CloudflareAutomationError(describeCloudflareError(error), {
        operation,
        domain,
        ...errorDetail(error),
      });
    }
  }
}

function unexpected(what: string, answer: unknown): CloudflareAutomationError {
  return new CloudflareAutomationError("a Cloudflare deu uma resposta inesperada", {
    what,
    answer: JSON.stringify(answer)?.slice(0, 500) ?? null,
  });
}

/** Cloudflare's own errors, as "message (código N)". */
function cloudflareMessages(error: APIError): string {
  const parts = error.errors
    .filter((item) => item?.message)
    .map((item) => (item.code ? `${item.message} (código ${item.code})` : item.message));
  return parts.length > 0 ? parts.join("; ") : `HTTP ${error.status ?? "sem resposta"}`;
}

/** The pt-BR sentence the administrator reads inside the spec 8 warning's parentheses. */
export function describeCloudflareError(error: unknown): string {
  if (error instanceof APIConnectionTimeoutError) return "a Cloudflare não respondeu a tempo";
  if (error instanceof APIConnectionError) return "não foi possível conectar à API da Cloudflare";
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    return `a Cloudflare recusou o token de API (CLOUDFLARE_API_TOKEN): ${cloudflareMessages(error)}`;
  }
  if (error instanceof APIError) {
    if (error.status !== undefined && error.status >= 500) {
      return `a Cloudflare está com problemas no momento: ${cloudflareMessages(error)}`;
    }
    return `a Cloudflare recusou o pedido: ${cloudflareMessages(error)}`;
  }
  return "erro inesperado ao falar com a Cloudflare";
}

function errorDetail(error: unknown): Record<string, unknown> {
  if (error instanceof APIError) return { status: error.status ?? null, errors: error.errors };
  if (error instanceof Error) return { error: `${error.name}: ${error.message}` };
  return { error: String(error) };
}
