import type { FastifySchema } from "fastify";
import { apiErrorSchema } from "../../../common/contract/api-error";
import { API_KEY_PREFIX, API_KEY_SCOPE_LABELS } from "../../../common/contract/api-keys";
import { leadListSchema } from "../../../common/contract/leads";
import { linkPageSchema, linkSchema } from "../../../common/contract/link-pages";
import { shortenedUrlImportResultSchema, shortenedUrlSchema } from "../../../common/contract/shortened-urls";
import { z } from "../../../common/zod";
import type { RouteEntry } from "../../app";
import { type ApiKeyResource, apiKeyResourceOf, scopeFor } from "../api-keys/api-key-auth";
import { FIELD_DESCRIPTIONS, OPERATIONS, type OperationDoc, TAGS } from "./openapi.operations";

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

/** The contract's answers the document names (the routes' response schemas are these objects). */
const COMPONENTS = [
  ["ShortenedUrl", shortenedUrlSchema],
  ["LinkPage", linkPageSchema],
  ["Link", linkSchema],
  ["ImportResult", shortenedUrlImportResultSchema],
  ["LeadList", leadListSchema],
] as const;

/**
 * Every refusal the API can answer, in its one error shape: what a route decides, and what the
 * server answers before any route runs (a body too large or not JSON, headers too large, a NUL).
 */
const ERROR_RESPONSES = {
  "400": [
    "BadRequest",
    "Dados inválidos: `error` diz o quê, `details` por campo e `validation_errors` lista cada regra quebrada. " +
      "Também: um caractere NUL nos dados, um endereço malformado, JSON ilegível, ou a chave enviada junto com cookies de sessão.",
  ],
  "401": ["Unauthorized", "Chave de API ausente, desconhecida ou revogada."],
  "403": ["Forbidden", "A chave não tem a permissão desta operação, ou o limite do plano foi atingido."],
  "404": [
    "NotFound",
    "Não encontrado (ou de outra conta); num domínio personalizado, que só serve links e páginas, toda a API.",
  ],
  "408": ["RequestTimeout", "A requisição demorou demais para chegar inteira."],
  "409": ["Conflict", "O código ou o slug já está em uso neste domínio."],
  "413": ["PayloadTooLarge", "O corpo da requisição é grande demais."],
  "415": ["UnsupportedMediaType", "O corpo não é JSON: envie `Content-Type: application/json`."],
  "429": [
    "TooManyRequests",
    "Limite de requisições por minuto do seu plano atingido; o cabeçalho Retry-After diz quantos segundos esperar.",
  ],
  "431": ["HeadersTooLarge", "Os cabeçalhos da requisição são grandes demais."],
  "503": [
    "ServiceUnavailable",
    "Serviço em manutenção ou indisponível por um momento; o cabeçalho Retry-After diz quando tentar de novo.",
  ],
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

const retryAfter = {
  "Retry-After": { description: "Segundos até poder tentar de novo.", schema: { type: "integer" } },
};

/** components.responses: one entry per error status, each `{ "error": "…" }` (the Error schema). */
function errorResponseComponents(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, [name, description]]) => [
      name,
      {
        description,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        ...(status === "429" || status === "503" ? { headers: retryAfter } : {}),
      },
    ]),
  );
}

/** The statuses an operation can answer besides its success, by what it accepts. */
export function errorStatusesOf(method: string, doc: Pick<OperationDoc, "conflict">): ErrorStatus[] {
  const statuses: ErrorStatus[] = ["400", "401", "403", "404", "408", "429", "431", "503"];
  // Any method but GET and HEAD has its body read: too large, or not JSON.
  if (method !== "GET" && method !== "HEAD") statuses.push("413", "415");
  if (doc.conflict) statuses.push("409");
  return statuses.sort();
}

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
      // The schema's own words first: a name like `q` searches different things in each list.
      const description = (property.description as string | undefined) ?? FIELD_DESCRIPTIONS[name];
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

/** The route's success status and schema: the first 2xx of its response schemas. */
export function successOf(route: RouteEntry): { status: string; schema?: z.ZodType } | null {
  const declared = Object.entries((route.schema?.response ?? {}) as Record<string, unknown>).find(
    ([status]) => /^2\d\d$/.test(status),
  );
  if (!declared) return null;
  return isZod(declared[1]) ? { status: declared[0], schema: declared[1] } : { status: declared[0] };
}

function responsesOf(route: RouteEntry, doc: OperationDoc, names: Map<z.ZodType, string>) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  // A named contract object is referenced; a list of one is an array of the reference.
  const schemaOf = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    if (name) return ref(name);
    if (schema instanceof z.ZodArray) {
      const item = names.get(schema.element as z.ZodType);
      if (item) return { type: "array", items: ref(item) };
    }
    return jsonSchemaOf(schema, "output");
  };
  const declared = successOf(route);
  const status = declared?.status ?? (doc.csv ? "200" : "204");
  const success: Record<string, unknown> = {
    description: status === "204" ? "Feito, sem conteúdo." : "Sucesso.",
  };
  if (doc.csv) success.content = { "text/csv": { schema: { type: "string" } } };
  if (declared?.schema) success.content = { "application/json": { schema: schemaOf(declared.schema) } };
  if (doc.headers) {
    success.headers = Object.fromEntries(
      Object.entries(doc.headers).map(([name, description]) => [
        name,
        { description, schema: { type: "string" } },
      ]),
    );
  }
  const responses: Record<string, unknown> = { [status]: success };
  for (const error of errorStatusesOf(route.method, doc)) {
    responses[error] = { $ref: `#/components/responses/${ERROR_RESPONSES[error][0]}` };
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
    operation.responses = responsesOf(route, doc, names);
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: `API do ${options.appName}`,
      version: "1.0.0",
      description:
        `Links curtos, páginas Link Bio, análises e contatos da sua conta, com uma chave de API pessoal (crie em Perfil → Chaves de API) ` +
        `enviada como \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Cookies de sessão não são aceitos junto com a chave. ` +
        "Cada chave tem um limite de requisições por minuto definido pelo seu plano. " +
        'Erros vêm sempre como `{ "error": "mensagem", "validation_errors": ["…"] }`, em português.',
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
      responses: errorResponseComponents(),
    },
  };
}

/** The routes a key can call that the document leaves out ("METHOD /path"): none, or a test fails. */
export function missingOperations(routes: RouteEntry[], document: OpenApiDocument): string[] {
  return bearerRoutes(routes)
    .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
    .map((route) => `${route.method} ${route.url}`);
}
