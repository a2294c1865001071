import type { FastifySchema } from "fastify";
import { apiErrorSchema } from "../../../common/contract/api-error";
import { API_KEY_PREFIX, API_KEY_SCOPE_LABELS } from "../../../common/contract/api-keys";
import { z } from "../../../common/zod";
import type { RouteEntry } from "../../app";
import { type ApiKeyResource, apiKeyResourceOf, scopeFor } from "../api-keys/api-key-auth";
import {
  FIELD_DESCRIPTIONS,
  importResultResponseSchema,
  linkPageResponseSchema,
  linkResponseSchema,
  OPERATIONS,
  type OperationDoc,
  shortenedUrlResponseSchema,
  TAGS,
} from "./openapi.operations";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

export type OpenApiParameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  "x-scope": string;
  parameters?: OpenApiParameter[];
  requestBody?: {
    required: boolean;
    content: { "application/json": { schema: JsonSchema; example?: unknown } };
  };
  responses: Record<string, unknown>;
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};

const COMPONENTS = [
  ["ShortenedUrl", shortenedUrlResponseSchema],
  ["LinkPage", linkPageResponseSchema],
  ["Link", linkResponseSchema],
  ["ImportResult", importResultResponseSchema],
] as const;

const ERRORS: Record<string, string> = {
  "400": "Dados inválidos: `error` diz o quê, e `validation_errors` lista cada regra quebrada.",
  "401": "Chave de API ausente, desconhecida ou revogada.",
  "403": "A chave não tem a permissão desta operação, ou o limite do plano foi atingido.",
  "404": "Não encontrado (ou de outra conta).",
  "429":
    "Limite de requisições por minuto do seu plano atingido; o cabeçalho Retry-After diz quantos segundos esperar.",
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends or receives it. */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return json;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** `/api/links/:id` → `/api/links/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

const operationIdOf = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .replace(/^\/api\//, "/")
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `By${cap(part.slice(1))}` : cap(part)))
    .join("");
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describeFields(schema: JsonSchema): JsonSchema {
  if (!schema.properties) return schema;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const description = FIELD_DESCRIPTIONS[name];
    properties[name] = description && !property.description ? { description, ...property } : property;
  }
  return { ...schema, properties };
}

function parametersOf(schema: FastifySchema | undefined): OpenApiParameter[] {
  const out: OpenApiParameter[] = [];
  for (const [where, source] of [
    ["path", schema?.params],
    ["query", schema?.querystring],
  ] as const) {
    if (!isZod(source)) continue;
    const json = jsonSchemaOf(source, "input");
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const description = FIELD_DESCRIPTIONS[name];
      out.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: property,
      });
    }
  }
  return out;
}

function responsesOf(doc: OperationDoc, names: Map<z.ZodType, string>, hasInput: boolean, hasId: boolean) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const success: Record<string, unknown> = {
    description: doc.status === 204 ? "Feito, sem conteúdo." : "Sucesso.",
  };
  if (doc.csv) success.content = { "text/csv": { schema: { type: "string" } } };
  if (doc.response) {
    const item = ref(names.get(doc.response) ?? "");
    success.content = { "application/json": { schema: doc.list ? { type: "array", items: item } : item } };
  }
  if (doc.headers) {
    success.headers = Object.fromEntries(
      Object.entries(doc.headers).map(([name, description]) => [
        name,
        { description, schema: { type: "string" } },
      ]),
    );
  }
  const responses: Record<string, unknown> = { [String(doc.status)]: success };
  const errors = ["401", "403", "429", ...(hasInput ? ["400"] : []), ...(hasId ? ["404"] : [])].sort();
  for (const status of errors) {
    responses[status] = {
      description: ERRORS[status],
      content: { "application/json": { schema: ref("Error") } },
      ...(status === "429"
        ? {
            headers: {
              "Retry-After": {
                description: "Segundos até poder tentar de novo.",
                schema: { type: "integer" },
              },
            },
          }
        : {}),
    };
  }
  return responses;
}

/** The routes a key can call (from app.routeTable), without Fastify's automatic HEAD twins. */
export function bearerRoutes(routes: RouteEntry[]): (RouteEntry & { resource: ApiKeyResource })[] {
  const out: (RouteEntry & { resource: ApiKeyResource })[] = [];
  for (const route of routes) {
    const resource = apiKeyResourceOf(route.url);
    if (resource && route.method !== "HEAD" && route.method !== "OPTIONS") out.push({ ...route, resource });
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the public API: every route a key can call that OPERATIONS
 * describes, with its parameters, query and body taken from the route's own zod schemas.
 */
export function buildOpenApiDocument(
  routes: RouteEntry[],
  options: { publicUrl: string; appName: string },
): OpenApiDocument {
  const names = new Map<z.ZodType, string>(COMPONENTS.map(([name, schema]) => [schema, name]));
  const paths: OpenApiDocument["paths"] = {};
  for (const route of bearerRoutes(routes)) {
    const doc = OPERATIONS[`${route.method} ${route.url}`];
    if (!doc) continue;
    const parameters = parametersOf(route.schema);
    const scope = scopeFor(route.resource, route.method);
    const operation: OpenApiOperation = {
      operationId: operationIdOf(route.method, route.url),
      tags: [TAGS[route.resource].name],
      summary: doc.summary,
      description: `${doc.description}\n\nPermissão necessária: \`${scope}\` (${API_KEY_SCOPE_LABELS[scope]}).`,
      "x-scope": scope,
      ...(parameters.length > 0 ? { parameters } : {}),
      responses: {},
    };
    const body = route.schema?.body;
    if (isZod(body)) {
      operation.requestBody = {
        required: true,
        content: {
          "application/json": {
            schema: describeFields(jsonSchemaOf(body, "input")),
            ...(doc.example === undefined ? {} : { example: doc.example }),
          },
        },
      };
    }
    operation.responses = responsesOf(
      doc,
      names,
      parameters.length > 0 || operation.requestBody !== undefined,
      parameters.some((p) => p.in === "path"),
    );
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: `API do ${options.appName}`,
      version: "1.0.0",
      description:
        `Links curtos e páginas Link Bio da sua conta, com uma chave de API pessoal (crie em Perfil → Chaves de API) ` +
        `enviada como \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Cookies de sessão não são aceitos junto com a chave. ` +
        "Cada chave tem um limite de requisições por minuto definido pelo seu plano. " +
        'Erros vêm sempre como `{ "error": "mensagem", "validation_errors": ["…"] }`.',
    },
    servers: [{ url: new URL(options.publicUrl).origin }],
    tags: Object.values(TAGS).map((tag) => ({ ...tag })),
    security: [{ chaveDeApi: [] }],
    paths,
    components: {
      securitySchemes: {
        chaveDeApi: {
          type: "http",
          scheme: "bearer",
          description: `Chave de API pessoal (${API_KEY_PREFIX}…), criada no seu perfil.`,
        },
      },
      schemas: {
        Error: { ...jsonSchemaOf(apiErrorSchema, "output"), description: "O formato de todo erro da API." },
        ...Object.fromEntries(COMPONENTS.map(([name, schema]) => [name, jsonSchemaOf(schema, "output")])),
      },
    },
  };
}

/** The routes a key can call that the document leaves out ("METHOD /path"): none, or a test fails. */
export function missingOperations(routes: RouteEntry[], document: OpenApiDocument): string[] {
  return bearerRoutes(routes)
    .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
    .map((route) => `${route.method} ${route.url}`);
}
