// A fake Cloudflare API v4 on 127.0.0.1 speaking the real protocol for what the custom-domain
// automation calls (zone details, DNS records, Cloudflare for SaaS custom hostnames): the Bearer
// token is checked, every answer is Cloudflare's envelope {success, errors, messages, result}, lists
// carry result_info, and refusals are Cloudflare's (status, errors[{code, message}]).
import { randomBytes, randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeDnsRecord = {
  id: string;
  zone_id: string;
  zone_name: string;
  name: string;
  type: string;
  content: string;
  proxied: boolean;
  proxiable: boolean;
  ttl: number;
  comment: string | null;
  tags: string[];
  settings: Record<string, unknown>;
  meta: Record<string, unknown>;
  created_on: string;
  modified_on: string;
};

export type FakeCustomHostname = {
  id: string;
  hostname: string;
  status: "pending";
  ssl: {
    id: string;
    type: string;
    method: string;
    status: "initializing";
    settings: Record<string, unknown>;
  };
  ownership_verification: { type: "txt"; name: string; value: string };
  ownership_verification_http: { http_url: string; http_body: string };
  created_at: string;
};

export type CloudflareFailure = { status: number; errors: { code: number; message: string }[] };
export type RecordedRequest = { method: string; path: string; query: string; body: unknown };

export type FakeCloudflare = {
  /** The SDK's baseURL: http://127.0.0.1:{port}/client/v4 */
  baseUrl: string;
  token: string;
  zoneId: string;
  zoneName: string;
  records: FakeDnsRecord[];
  hostnames: FakeCustomHostname[];
  requests: RecordedRequest[];
  /** The next writes (POST or DELETE; one unless times says) are refused with this. */
  failNextWrite(failure: CloudflareFailure, times?: number): void;
  close(): Promise<void>;
};

const id32 = () => randomBytes(16).toString("hex");

export async function startFakeCloudflare({
  token = `cf-test-${id32()}`,
  zoneName = "atalho.exemplo.com.br",
}: {
  token?: string;
  zoneName?: string;
} = {}): Promise<FakeCloudflare> {
  const zoneId = id32();
  const records: FakeDnsRecord[] = [];
  const hostnames: FakeCustomHostname[] = [];
  const requests: RecordedRequest[] = [];
  let nextFailure: CloudflareFailure | null = null;
  let failuresLeft = 0;

  const send = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, result: unknown, extra: Record<string, unknown> = {}) =>
    send(res, 200, { success: true, errors: [], messages: [], result, ...extra });
  const fail = (res: ServerResponse, failure: CloudflareFailure) =>
    send(res, failure.status, { success: false, errors: failure.errors, messages: [], result: null });
  const page = <T>(res: ServerResponse, items: T[], query: URLSearchParams) => {
    const perPage = Number(query.get("per_page") ?? 20);
    const pageNumber = Number(query.get("page") ?? 1);
    const slice = items.slice((pageNumber - 1) * perPage, pageNumber * perPage);
    ok(res, slice, {
      result_info: {
        page: pageNumber,
        per_page: perPage,
        count: slice.length,
        total_count: items.length,
        total_pages: Math.max(1, Math.ceil(items.length / perPage)),
      },
    });
  };

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return null;
    const text = Buffer.concat(chunks).toString("utf8");
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const body = await readBody(req);
    requests.push({ method, path: url.pathname, query: url.search, body });
    if (req.headers.authorization !== `Bearer ${token}`) {
      return fail(res, { status: 401, errors: [{ code: 10000, message: "Authentication error" }] });
    }
    const match = url.pathname.match(
      /^\/client\/v4\/zones\/([^/]+)(?:\/(dns_records|custom_hostnames)(?:\/([^/]+))?)?$/,
    );
    if (!match) {
      return fail(res, { status: 404, errors: [{ code: 7000, message: "No route for that URI" }] });
    }
    const [, zone, collection, itemId] = match;
    if (zone !== zoneId) {
      return fail(res, {
        status: 404,
        errors: [
          {
            code: 7003,
            message: `Could not route to /zones/${zone}, perhaps your object identifier is invalid?`,
          },
        ],
      });
    }
    if ((method === "POST" || method === "DELETE") && nextFailure) {
      const failure = nextFailure;
      failuresLeft -= 1;
      if (failuresLeft <= 0) nextFailure = null;
      return fail(res, failure);
    }
    const now = new Date().toISOString();
    const input = (body ?? {}) as Record<string, unknown>;

    if (!collection && method === "GET") {
      return ok(res, { id: zoneId, name: zoneName, status: "active", paused: false, type: "full" });
    }
    if (collection === "dns_records") {
      if (!itemId && method === "GET") {
        const exact = url.searchParams.get("name.exact")?.toLowerCase();
        const type = url.searchParams.get("type");
        return page(
          res,
          records.filter((r) => (!exact || r.name === exact) && (!type || r.type === type)),
          url.searchParams,
        );
      }
      if (!itemId && method === "POST") {
        const name = String(input.name ?? "").toLowerCase();
        if (!input.type || !name || !input.content) {
          return fail(res, {
            status: 400,
            errors: [{ code: 9000, message: "DNS name, type and content are required" }],
          });
        }
        if (name !== zoneName && !name.endsWith(`.${zoneName}`)) {
          return fail(res, {
            status: 400,
            errors: [
              { code: 9007, message: "Content for CNAME record is invalid. Name must be in the zone" },
            ],
          });
        }
        if (records.some((r) => r.name === name && ["A", "AAAA", "CNAME"].includes(r.type))) {
          return fail(res, {
            status: 400,
            errors: [{ code: 81053, message: "An A, AAAA, or CNAME record with that host already exists." }],
          });
        }
        const record: FakeDnsRecord = {
          id: id32(),
          zone_id: zoneId,
          zone_name: zoneName,
          name,
          type: String(input.type),
          content: String(input.content),
          proxied: input.proxied === true,
          proxiable: true,
          ttl: Number(input.ttl ?? 1),
          comment: typeof input.comment === "string" ? input.comment : null,
          tags: [],
          settings: {},
          meta: {},
          created_on: now,
          modified_on: now,
        };
        records.push(record);
        return ok(res, record);
      }
      if (itemId && method === "DELETE") {
        const index = records.findIndex((r) => r.id === itemId);
        if (index < 0)
          return fail(res, { status: 404, errors: [{ code: 81044, message: "Record does not exist." }] });
        records.splice(index, 1);
        return ok(res, { id: itemId });
      }
    }
    if (collection === "custom_hostnames") {
      if (!itemId && method === "GET") {
        const exact = url.searchParams.get("hostname.exact")?.toLowerCase();
        return page(
          res,
          hostnames.filter((h) => !exact || h.hostname === exact),
          url.searchParams,
        );
      }
      if (!itemId && method === "POST") {
        const name = String(input.hostname ?? "").toLowerCase();
        const ssl = (input.ssl ?? {}) as Record<string, unknown>;
        if (!name)
          return fail(res, { status: 400, errors: [{ code: 1411, message: "hostname is required" }] });
        if (hostnames.some((h) => h.hostname === name)) {
          return fail(res, {
            status: 409,
            errors: [{ code: 1406, message: "Duplicate custom hostname found." }],
          });
        }
        const hostname: FakeCustomHostname = {
          id: randomUUID(),
          hostname: name,
          status: "pending",
          ssl: {
            id: randomUUID(),
            type: String(ssl.type ?? "dv"),
            method: String(ssl.method ?? "http"),
            status: "initializing",
            settings: {},
          },
          ownership_verification: { type: "txt", name: `_cf-custom-hostname.${name}`, value: randomUUID() },
          ownership_verification_http: {
            http_url: `http://${name}/.well-known/cf-custom-hostname-challenge/${randomUUID()}`,
            http_body: randomUUID(),
          },
          created_at: now,
        };
        hostnames.push(hostname);
        return ok(res, hostname);
      }
      if (itemId && method === "DELETE") {
        const index = hostnames.findIndex((h) => h.id === itemId);
        if (index < 0)
          return fail(res, {
            status: 404,
            errors: [{ code: 1436, message: "The custom hostname was not found." }],
          });
        hostnames.splice(index, 1);
        // Cloudflare answers this one with the id alone (no envelope).
        return send(res, 200, { id: itemId });
      }
    }
    return fail(res, {
      status: 405,
      errors: [{ code: 10405, message: "Method not allowed for this route" }],
    });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) =>
      send(res, 500, {
        success: false,
        errors: [{ code: 500, message: String(error) }],
        messages: [],
        result: null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    token,
    zoneId,
    zoneName,
    records,
    hostnames,
    requests,
    failNextWrite(failure, times = 1) {
      nextFailure = failure;
      failuresLeft = times;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
