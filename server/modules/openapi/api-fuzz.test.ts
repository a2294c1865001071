import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { API_KEY_SCOPES, type CreatedApiKey } from "../../../common/contract/api-keys";
import type { z } from "../../../common/zod";
import { subscriptionPlans, userSubscriptions } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";
import {
  bearerRoutes,
  type OpenApiDocument,
  type OpenApiOperation,
  openApiPath,
  successOf,
} from "./openapi.document";
import { OPERATIONS } from "./openapi.operations";

// The public API against its own document: every operation, with every key scope and with a
// session, sent well-formed and malformed requests. Each answer's status must be one the document
// lists for the operation, every error message pt-BR, and every 2xx JSON body exactly its schema.

const t = setupTestApp({ rateLimits: false });

/** English, and JavaScript's words, that must never reach a person in an error message. */
const DENIED_WORDS =
  /\b(undefined|null|NaN|object|string|number|boolean|array|expected|received|required|invalid|error|must|should|not found|unauthorized|forbidden|bad request|too large|payload|unsupported|media type|internal|failed|cannot|unexpected|body)\b/i;

type Json = Record<string, unknown>;
const WELL_FORMED = "(the operation's example)";
type Sent = {
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
};

/** Every value of the wrong kind for each field of a body, one field at a time. */
function wrongTypes(body: Json): Json[] {
  return Object.entries(body).flatMap(([name, value]) => {
    const wrong = typeof value === "string" ? [123, true] : Array.isArray(value) ? ["x", [{}]] : ["x", []];
    return wrong.map((bad) => ({ ...body, [name]: bad }));
  });
}

/** The body with each string field, in turn, holding a NUL or a very long text. */
function hostileStrings(body: Json): Json[] {
  return Object.entries(body)
    .filter(([, value]) => typeof value === "string")
    .flatMap(([name]) => [
      { ...body, [name]: "a\u0000b" },
      { ...body, [name]: "é".repeat(200_000) },
    ]);
}

const errorTexts = (body: Json): string[] => [
  String(body.error),
  ...Object.values((body.details as Record<string, string> | undefined) ?? {}),
  ...((body.validation_errors as string[] | undefined) ?? []),
];

describe("the public API against its OpenAPI document", () => {
  it("answers every request, well-formed or not, only as the document says", {
    timeout: 90_000,
  }, async () => {
    const document = (
      await t.app.inject({ method: "GET", url: "/api/openapi.json" })
    ).json<OpenApiDocument>();
    const routes = bearerRoutes(t.app.routeTable);
    expect(routes.length).toBeGreaterThanOrEqual(14);

    // An account on a plan without limits, so that an answer is the rule under test and not the quota.
    const [plan] = await t.database.db
      .insert(subscriptionPlans)
      .values({ name: `Fuzz ${Date.now()}`, apiRequestsPerMinute: null, creationsPerHour: null })
      .returning();
    const { user, cookie } = await t.signIn();
    await t.database.db
      .insert(userSubscriptions)
      .values({ userId: user.id, planId: plan!.id, status: "active" });
    const keys: Record<string, string> = {};
    for (const scope of API_KEY_SCOPES) {
      const created = await t.request({
        method: "POST",
        url: "/api/api-keys",
        cookie,
        payload: { name: scope, scopes: [scope] },
      });
      expect(created.statusCode).toBe(201);
      keys[scope] = created.json<CreatedApiKey>().key;
    }
    const callers: { name: string; headers: Record<string, string> }[] = [
      { name: "session", headers: { cookie } },
      ...API_KEY_SCOPES.map((scope) => ({
        name: scope,
        headers: { authorization: `Bearer ${keys[scope]}` },
      })),
      { name: "no one", headers: {} },
      { name: "unknown key", headers: { authorization: "Bearer atk_desconhecida" } },
      { name: "key and cookie", headers: { authorization: `Bearer ${keys["links:write"]}`, cookie } },
    ];

    /** A short link and a page with two links, fresh for each operation (a DELETE takes them away). */
    const fixtures = async () => {
      const send = (url: string, payload: object) => t.request({ method: "POST", url, cookie, payload });
      const short = (
        await send("/api/shortened-urls", { original_url: "https://exemplo.com.br/a" })
      ).json<Json>();
      const page = (
        await send("/api/link-pages", {
          slug: `fuzz-${Math.random().toString(36).slice(2, 10)}`,
          title: "Fuzz",
          links: [
            { title: "um", url: "https://exemplo.com.br/1" },
            { title: "dois", url: "https://exemplo.com.br/2" },
          ],
        })
      ).json<Json>();
      const links = (
        await t.request({ method: "GET", url: `/api/link-pages/${page.id}/links`, cookie })
      ).json<Json[]>();
      return {
        shortId: short.id as number,
        pageId: page.id as number,
        linkIds: links.map((l) => l.id as number),
      };
    };

    let checked = 0;
    let succeeded = 0;
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]?.[
        route.method.toLowerCase()
      ] as OpenApiOperation;
      expect(operation, label).toBeDefined();
      const listed = Object.keys(operation.responses);
      const declared = successOf(route)?.schema as z.ZodType | undefined;
      const ids = await fixtures();
      // A link's id is also its block's.
      const id = /^\/api\/(links|blocks)\//.test(route.url)
        ? ids.linkIds[0]!
        : /^\/api\/(analytics\/)?link-pages\//.test(route.url)
          ? ids.pageId
          : ids.shortId;
      const path = (value: string | number) => route.url.replace(":id", String(value));
      const example = OPERATIONS[label]?.example as Json | undefined;
      // A well-formed body: the document's example, with what must be unique made unique.
      const wellFormed = (): Json | undefined => {
        if (!example) return undefined;
        const body: Json = { ...example };
        if ("slug" in body) body.slug = `fuzz-${Math.random().toString(36).slice(2, 10)}`;
        if ("link_ids" in body) body.link_ids = [...ids.linkIds].reverse();
        return body;
      };
      const query = operation.parameters?.some((p) => p.in === "query") ? "?limit=2&offset=0&q=exemplo" : "";

      // The well-formed request is built again for each caller: a slug is used once.
      const requests: Sent[] = [{ url: path(id) + query, payload: WELL_FORMED }];
      if (route.url.includes(":id")) {
        requests.push({ url: path("abc") }, { url: path(0) }, { url: path(99_999_999_999) });
        requests.push({ url: path("%00") }, { url: path("%zz") }, { url: path(2_000_000_000) });
      }
      requests.push(
        { url: `${path(id)}?q=a%00b` },
        { url: `${path(id)}?limit=abc&offset=-1&q=${"x".repeat(5000)}` },
      );
      if (route.method !== "GET") {
        const body = wellFormed() ?? {};
        requests.push({ url: path(id) }, { url: path(id), payload: {} }, { url: path(id), payload: [] });
        for (const bad of [...wrongTypes(body), ...hostileStrings(body)])
          requests.push({ url: path(id), payload: bad });
        requests.push(
          { url: path(id), payload: "{", headers: { "content-type": "application/json" } },
          { url: path(id), payload: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
          { url: path(id), payload: "texto", headers: { "content-type": "text/plain" } },
          { url: path(id), payload: { ...body, filler: "a".repeat(9 * 1024 * 1024) } },
        );
      }

      for (const [index, caller] of callers.entries()) {
        // Every request with the two callers that get furthest (the session and the route's scope);
        // the others, a rotating share of them.
        const full = caller.name === "session" || caller.name === operation["x-scope"];
        for (const [n, request] of requests.entries()) {
          if (!full && n % callers.length !== index) continue;
          const response = await t.app.inject({
            method: route.method as "GET",
            url: request.url,
            headers: { ...caller.headers, ...request.headers },
            ...(request.payload === undefined
              ? {}
              : { payload: request.payload === WELL_FORMED ? wellFormed() : request.payload }),
          });
          const what = `${label} as ${caller.name}: ${request.url.slice(0, 80)} ${JSON.stringify(request.payload)?.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          checked++;
          expect(listed, what).toContain(String(response.statusCode));
          if (response.statusCode >= 400) {
            const body = response.json<Json>();
            expect(typeof body.error, what).toBe("string");
            for (const text of errorTexts(body)) expect(text, what).not.toMatch(DENIED_WORDS);
          } else if (response.headers["content-type"]?.toString().includes("application/json")) {
            succeeded++;
            expect(declared, what).toBeDefined();
            const body = response.json();
            const parsed = declared!.safeParse(body);
            expect(parsed.success, `${what} ${parsed.error?.message}`).toBe(true);
            // Nothing undeclared: the schema describes every field that is sent.
            expect(parsed.data, what).toEqual(body);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(succeeded).toBeGreaterThanOrEqual(routes.length);
  });

  it("documents the 431 the server answers on the socket for headers too large", async () => {
    const document = (
      await t.app.inject({ method: "GET", url: "/api/openapi.json" })
    ).json<OpenApiDocument>();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port, path: "/api/link-pages", headers: { "x-grande": "a".repeat(64 * 1024) } },
        (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error).not.toMatch(DENIED_WORDS);
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods))
        expect(Object.keys(operation.responses)).toContain("431");
    }
  });
});
