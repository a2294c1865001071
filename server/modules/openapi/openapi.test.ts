import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { API_KEY_SCOPES, type CreatedApiKey } from "../../../common/contract/api-keys";
import { linkPageSchema, linkSchema } from "../../../common/contract/link-pages";
import { shortenedUrlSchema } from "../../../common/contract/shortened-urls";
import { z } from "../../../common/zod";
import { setupTestApp } from "../../../tests/test-app";
import {
  bearerRoutes,
  buildOpenApiDocument,
  missingOperations,
  type OpenApiDocument,
  openApiPath,
  successOf,
} from "./openapi.document";
import { OPERATIONS } from "./openapi.operations";

const t = setupTestApp();

const fetchDocument = async () => {
  const response = await t.request({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("application/json");
  return response.json<OpenApiDocument>();
};

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    // Every $ref points somewhere.
    expect(() => validator.resolveRefs()).not.toThrow();
    // The validator does refuse a broken one (a parameter in a place OpenAPI 3 has not).
    const broken = structuredClone(document);
    (broken.paths["/api/shortened-urls"]!.get!.parameters![0] as { in: string }).in = "body";
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it("documents every route an API key can call (from the route table)", async () => {
    const document = await fetchDocument();
    const routes = bearerRoutes(t.app.routeTable);
    expect(routes.length).toBeGreaterThanOrEqual(14);
    expect(missingOperations(t.app.routeTable, document)).toEqual([]);
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(routes.length);
  });

  it("is served to a client that sends its key (or any bearer token)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { authorization: "Bearer atk_desconhecida" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("would fail for a new route nobody described", () => {
    const routes = [...t.app.routeTable, { method: "POST", url: "/api/shortened-urls/:id/archive" }];
    const document = buildOpenApiDocument(routes, { publicUrl: "http://localhost:3000", appName: "Atalho" });
    expect(missingOperations(routes, document)).toEqual(["POST /api/shortened-urls/:id/archive"]);
  });

  it("gives each operation the bearer scheme, its scope, pt-BR text, inputs and the one error shape", async () => {
    const document = await fetchDocument();
    expect(document.components.securitySchemes).toEqual({
      chaveDeApi: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    expect(document.security).toEqual([{ chaveDeApi: [] }]);
    expect(document.components.schemas!.Error).toMatchObject({
      properties: { error: { type: "string" }, validation_errors: { type: "array" } },
      required: ["error"],
    });
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.description).toContain("Permissão necessária");
        expect(operation["x-scope"]).toBe(
          path.startsWith("/api/analytics") || /^\/api\/link-pages\/\{id\}\/analytics/.test(path)
            ? "analytics:read"
            : `${path.includes("shortened-urls") ? "links" : path.startsWith("/api/leads") ? "leads" : "pages"}:${method === "get" ? "read" : "write"}`,
        );
        for (const status of ["401", "403", "429"]) {
          const response = operation.responses[status] as { $ref: string };
          expect(response.$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/responses\//);
          expect(document.components.responses![response.$ref.split("/").pop()!]).toMatchObject({
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          });
        }
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          expect(operation.parameters).toContainEqual(
            expect.objectContaining({ name: name.slice(1, -1), in: "path", required: true }),
          );
        }
      }
    }
    const create = document.paths["/api/shortened-urls"]!.post!;
    expect(create.requestBody!.content["application/json"].schema).toMatchObject({
      required: ["original_url"],
      properties: { original_url: { type: "string", maxLength: 2048, description: expect.any(String) } },
    });
    expect(create.responses["201"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/ShortenedUrl" } } },
    });
    const list = document.paths["/api/shortened-urls"]!.get!;
    expect(list.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual([
      "query:q",
      "query:limit",
      "query:offset",
    ]);
  });

  it("has examples the routes accept", () => {
    for (const route of bearerRoutes(t.app.routeTable)) {
      const example = OPERATIONS[`${route.method} ${route.url}`]?.example;
      if (example === undefined) continue;
      const body = route.schema?.body as z.ZodType;
      expect(body.safeParse(example).success, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it("describes the answers the API really sends, field for field", async () => {
    const { cookie } = await t.signIn();
    const key = (
      await t.request({
        method: "POST",
        url: "/api/api-keys",
        cookie,
        payload: { name: "doc", scopes: [...API_KEY_SCOPES] },
      })
    ).json<CreatedApiKey>().key;
    const send = (method: string, url: string, payload?: object) =>
      t.app.inject({
        method: method as "GET",
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape).sort();

    const short = (
      await send("POST", "/api/shortened-urls", { original_url: "https://exemplo.com.br" })
    ).json();
    expect(shortenedUrlSchema.parse(short)).toBeTruthy();
    expect(Object.keys(short).sort()).toEqual(keysOf(shortenedUrlSchema));
    const page = (
      await send("POST", "/api/link-pages", { slug: `doc-${Date.now().toString(36)}`, title: "Doc" })
    ).json();
    linkPageSchema.parse(page);
    const listed = (await send("GET", "/api/link-pages")).json()[0];
    expect(Object.keys(listed).sort()).toEqual(keysOf(linkPageSchema));
    const link = (
      await send("POST", `/api/link-pages/${page.id}/links`, { title: "a", url: "https://exemplo.com.br" })
    ).json();
    expect(Object.keys(link).sort()).toEqual(keysOf(linkSchema));
    const invalid = await send("POST", "/api/shortened-urls", { original_url: "" });
    expect(invalid.statusCode).toBe(400);
    const errorSchema = (await fetchDocument()).components.schemas!.Error as { properties: object };
    expect(Object.keys(errorSchema.properties)).toEqual(expect.arrayContaining(Object.keys(invalid.json())));
  });

  it("takes every answer's status and shape from the route's own response schema", async () => {
    const document = await fetchDocument();
    for (const route of bearerRoutes(t.app.routeTable)) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith("2"));
      expect(success, `${route.method} ${route.url}`).toHaveLength(1);
      const [status, answer] = success[0]! as [string, { content?: Record<string, { schema: object }> }];
      const declared = successOf(route);
      if (OPERATIONS[`${route.method} ${route.url}`]?.csv) {
        expect(status).toBe("200");
        expect(Object.keys(answer.content!)).toEqual(["text/csv"]);
      } else if (!declared) {
        // No response schema: an empty answer, as the route sends it.
        expect(status, `${route.method} ${route.url}`).toBe("204");
        expect(route.method).toBe("DELETE");
      } else {
        expect(status).toBe(declared.status);
        expect(answer.content!["application/json"]!.schema, `${route.method} ${route.url}`).toBeTruthy();
      }
    }
    // The named shapes are the contract's objects, not a copy.
    const { $schema: _, ...shortenedUrl } = z.toJSONSchema(shortenedUrlSchema, { io: "output" });
    expect(document.components.schemas!.ShortenedUrl).toEqual(shortenedUrl);
    expect(document.paths["/api/link-pages"]!.get!.responses["200"]).toMatchObject({
      content: {
        "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/LinkPage" } } },
      },
    });
  });

  it("lists the refusals answered before any route: a NUL (400), 408, 413, 415 and 431", async () => {
    const document = await fetchDocument();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const expected = ["400", "401", "403", "404", "408", "429", "431", "503"];
        if (method !== "get") expected.push("413", "415");
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(expected),
        );
      }
    }
    expect(Object.keys(document.paths["/api/shortened-urls"]!.post!.responses)).toContain("409");
    expect(document.components.responses).toMatchObject({
      PayloadTooLarge: {
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
      TooManyRequests: { headers: { "Retry-After": expect.any(Object) } },
    });
  });
});

/**
 * The API's routes that send no JSON, by what they send instead. Every other /api/ route declares
 * the schema of its 2xx answer: the contract the web client parses, the serializer checks in tests
 * and, for the routes a key can call, this document names.
 */
const WITHOUT_JSON: Record<string, string[]> = {
  "204, no body": [
    "DELETE /api/api-keys/:id",
    "DELETE /api/blocks/:id",
    "DELETE /api/leads/:id",
    "DELETE /api/link-pages/:id",
    "DELETE /api/links/:id",
    "DELETE /api/shortened-urls/:id",
    "DELETE /api/webhooks/:id",
    "POST /api/track-link-click",
  ],
  "a CSV file": [
    "GET /api/admin/access-log/export.csv",
    "GET /api/admin/transactions/export.csv",
    "GET /api/admin/users/export.csv",
    "GET /api/leads/export.csv",
    "GET /api/link-pages/:id/analytics/export.csv",
    "GET /api/shortened-urls/export.csv",
  ],
  "a file, streamed": ["GET /api/admin/system/backup", "GET /api/user/export"],
  "a redirect": ["GET /api/auth/google", "GET /api/auth/google/callback"],
  HTML: ["GET /api/docs"],
  "this document, valid OpenAPI 3.1": ["GET /api/openapi.json"],
  "a status for a machine (Caddy's TLS ask, Mercado Pago's notices)": [
    "GET /api/domains/tls-allowed",
    "POST /api/webhooks/mercadopago",
  ],
};

describe("the API's routes", () => {
  it("declare the schema of their 2xx answer wherever it is JSON", () => {
    const routes = t.app.routeTable.filter(
      (route) => route.url.startsWith("/api/") && route.method !== "HEAD" && route.method !== "OPTIONS",
    );
    const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const withoutJson = Object.values(WITHOUT_JSON).flat();
    expect(withoutJson.filter((listed) => !routes.some((route) => label(route) === listed))).toEqual([]);
    const undescribed = routes
      .filter((route) => !withoutJson.includes(label(route)) && !successOf(route)?.schema)
      .map(label);
    expect(undescribed).toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("renders every operation in pt-BR HTML with curl examples and how to create a key", async () => {
    const response = await t.request({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Como criar uma chave");
    expect(html).toContain("Authorization: Bearer atk_SUA_CHAVE");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|fonts)\./);
    const document = await fetchDocument();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(html).toContain(`>${method.toUpperCase()}</span><span class="path">${path}</span>`);
        expect(html).toContain(`id="${operation.operationId}"`);
      }
    }
    expect(html).toContain("Links curtos");
    expect(html).toContain("Link Bio");
    expect(html).toContain("-d &#39;{&quot;original_url&quot;");
  });
});
