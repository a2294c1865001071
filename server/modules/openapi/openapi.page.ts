import {
  API_KEY_PREFIX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
} from "../../../common/contract/api-keys";
import { paths } from "../../../common/paths";
import { escapeHtml, htmlPage } from "../../lib/html-page";
import type { OpenApiDocument, OpenApiOperation } from "./openapi.document";

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  required?: string[];
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  description?: string;
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.55}
a{color:#2563eb}
header{background:#fff;border-bottom:1px solid #e2e8f0}
.wrap{max-width:960px;margin:0 auto;padding:0 20px}
header .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;padding-top:14px;padding-bottom:14px}
.brand{font-weight:800;font-size:20px;color:#0f172a;text-decoration:none}
.brand span{color:#2563eb}
main{padding:28px 0 64px}
h1{font-size:28px;line-height:1.2;margin:0 0 8px}
h2{font-size:22px;margin:40px 0 4px}
h3{font-size:15px;margin:18px 0 6px}
p{margin:0 0 12px}
.lead{color:#475569;margin-bottom:20px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:20px;margin:16px 0}
nav.toc ul{margin:0;padding-left:18px}nav.toc li{margin:2px 0}nav.toc .muted{font-size:13px;overflow-wrap:anywhere}
ol{padding-left:20px;margin:0 0 12px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:#f1f5f9;border-radius:6px;padding:1px 5px;overflow-wrap:anywhere}
pre{background:#0f172a;color:#e2e8f0;border-radius:12px;padding:14px 16px;overflow-x:auto;font-size:13px;line-height:1.5;margin:8px 0 0}
pre code{background:none;padding:0;color:inherit;font-size:inherit;overflow-wrap:normal}
.op-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px}
.method{display:inline-block;min-width:64px;text-align:center;font-weight:700;font-size:12px;letter-spacing:.04em;border-radius:8px;padding:4px 8px;color:#fff}
.GET{background:#2563eb}.POST{background:#16a34a}.PUT{background:#d97706}.DELETE{background:#dc2626}.PATCH{background:#7c3aed}
.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:600;overflow-wrap:anywhere}
.op-title{font-weight:700;margin:10px 0 4px}
.muted{color:#64748b;font-size:14px}
.scope{display:inline-block;background:#eff6ff;color:#1d4ed8;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:8px 6px;border-top:1px solid #e2e8f0;vertical-align:top}
th{color:#475569;font-weight:600;border-top:0}
td:first-child{white-space:nowrap}
.req{color:#dc2626;font-size:12px;font-weight:600;margin-left:4px}
@media (max-width:640px){
  h1{font-size:24px}
  .card{padding:16px;border-radius:12px}
  table,tbody,tr,td{display:block}
  thead{display:none}
  tr{border-top:1px solid #e2e8f0;padding:8px 0}
  td{border:0;padding:2px 0}
}
`;

const e = escapeHtml;

/** `a | b | null`, as a reader wants it: the JSON Schema type, its enum values or constant. */
function typeOf(schema: Schema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.type === "array") return `${schema.items ? typeOf(schema.items) : "valor"}[]`;
  const names: Record<string, string> = {
    string: "texto",
    integer: "inteiro",
    number: "número",
    boolean: "booleano",
    object: "objeto",
    null: "null",
  };
  const type = [schema.type ?? "valor"].flat().map(String);
  return type.map((t) => names[t] ?? t).join(" | ");
}

function fieldsTable(
  rows: { name: string; where?: string; type: string; required: boolean; description?: string }[],
) {
  const withWhere = rows.some((row) => row.where);
  return (
    `<table><thead><tr><th>Campo</th>${withWhere ? "<th>Onde</th>" : ""}<th>Tipo</th><th>Descrição</th></tr></thead><tbody>` +
    rows
      .map(
        (row) =>
          `<tr><td><code>${e(row.name)}</code>${row.required ? '<span class="req">obrigatório</span>' : ""}</td>` +
          (withWhere ? `<td>${e(row.where ?? "")}</td>` : "") +
          `<td><code>${e(row.type)}</code></td><td>${e(row.description ?? "")}</td></tr>`,
      )
      .join("") +
    "</tbody></table>"
  );
}

function curlOf(origin: string, method: string, path: string, operation: OpenApiOperation): string {
  const url = origin + path.replace(/\{[^}]+\}/g, "123");
  const lines = [`curl -X ${method} '${url}'`, `  -H 'Authorization: Bearer ${API_KEY_PREFIX}SUA_CHAVE'`];
  const body = operation.requestBody?.content["application/json"];
  if (body) {
    lines.push("  -H 'Content-Type: application/json'");
    lines.push(`  -d '${JSON.stringify(body.example ?? {}).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(" \\\n");
}

function operationHtml(origin: string, method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content["application/json"].schema as Schema | undefined;
  const success = Object.keys(operation.responses).find((status) => status.startsWith("2")) ?? "200";
  const [description] = operation.description.split("\n\n");
  const scope = operation["x-scope"] as ApiKeyScope;
  return (
    `<section class="card" id="${e(operation.operationId)}">` +
    `<div class="op-head"><span class="method ${e(method)}">${e(method)}</span><span class="path">${e(path)}</span></div>` +
    `<p class="op-title">${e(operation.summary)}</p>` +
    `<p>${e(description ?? "")}</p>` +
    `<p class="muted">Permissão necessária: <span class="scope">${e(scope)}</span> ${e(API_KEY_SCOPE_LABELS[scope] ?? "")}</p>` +
    (parameters.length > 0
      ? `<h3>Parâmetros</h3>${fieldsTable(
          parameters.map((p) => ({
            name: p.name,
            where: p.in === "path" ? "caminho" : "consulta",
            type: typeOf(p.schema as Schema),
            required: p.required,
            description: p.description,
          })),
        )}`
      : "") +
    (body?.properties
      ? `<h3>Corpo (JSON)</h3>${fieldsTable(
          Object.entries(body.properties)
            .map(([name, field]) => ({
              name,
              type: typeOf(field),
              required: (body.required ?? []).includes(name),
              description: field.description,
            }))
            .sort((a, b) => Number(b.required) - Number(a.required)),
        )}`
      : "") +
    `<h3>Resposta</h3><p class="muted">${e(success)} em caso de sucesso; erros como <code>{ "error": "…" }</code>.</p>` +
    `<h3>Exemplo</h3><pre><code>${e(curlOf(origin, method, path, operation))}</code></pre>` +
    "</section>"
  );
}

/** GET /api/docs: the reference of the public API, rendered from the OpenAPI document itself. */
export function renderApiDocsPage(document: OpenApiDocument): string {
  const origin = document.servers[0]?.url ?? "";
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? "";
      byTag.set(tag, [
        ...(byTag.get(tag) ?? []),
        operationHtml(origin, method.toUpperCase(), path, operation),
      ]);
    }
  }
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? "";
      const item = `<li><a href="#${e(operation.operationId)}">${e(operation.summary)}</a> <span class="muted">${e(method.toUpperCase())} ${e(path)}</span></li>`;
      toc.set(tag, [...(toc.get(tag) ?? []), item]);
    }
  }
  const tags = document.tags.filter((tag) => byTag.has(tag.name));
  const anchor = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const scopes = API_KEY_SCOPES.map((s) => `<li><code>${s}</code>: ${e(API_KEY_SCOPE_LABELS[s])}</li>`).join(
    "",
  );
  const appName = document.info.title.replace(/^API do /, "");
  return htmlPage({
    title: `${document.info.title}: referência`,
    // Meant to be found: the reference of the public API.
    noindex: false,
    head: `<meta name="description" content="Referência da API pública: links curtos e páginas Link Bio com chave de API.">`,
    css: STYLE,
    body:
      `<header><div class="wrap"><a class="brand" href="/">${e(appName)}<span>.</span></a>` +
      `<a href="/api/openapi.json">OpenAPI (JSON)</a></div></header>` +
      `<main class="wrap"><h1>${e(document.info.title)}</h1>` +
      `<p class="lead">Crie, liste, edite e exclua os seus links curtos e as suas páginas Link Bio a partir dos seus próprios programas.</p>` +
      `<section class="card"><h2 style="margin-top:0">Como criar uma chave</h2><ol>` +
      `<li>Entre na sua conta e abra <a href="${paths.profile}">Meu Perfil</a>.</li>` +
      `<li>No cartão <strong>Chaves de API</strong>, dê um nome à chave e escolha as permissões.</li>` +
      `<li>Copie a chave (começa com <code>${API_KEY_PREFIX}</code>): ela é mostrada uma única vez.</li>` +
      `<li>Envie-a em toda requisição no cabeçalho <code>Authorization: Bearer ${API_KEY_PREFIX}…</code>, sem cookies.</li></ol>` +
      `<p>Permissões:</p><ul>${scopes}</ul>` +
      `<p class="muted">Cada chave tem um limite de requisições por minuto definido pelo seu plano; acima dele a resposta é 429 com o cabeçalho Retry-After. ` +
      `Uma chave revogada deixa de funcionar na hora (401). Erros vêm como <code>{ "error": "mensagem", "validation_errors": ["…"] }</code>.</p></section>` +
      `<nav class="toc card"><strong>Operações</strong><ul>` +
      tags
        .map(
          (tag) =>
            `<li><a href="#${anchor(tag.name)}">${e(tag.name)}</a><ul>` +
            (toc.get(tag.name) ?? []).join("") +
            "</ul></li>",
        )
        .join("") +
      `</ul></nav>` +
      tags
        .map(
          (tag) =>
            `<h2 id="${anchor(tag.name)}">${e(tag.name)}</h2><p class="muted">${e(tag.description)}</p>` +
            (byTag.get(tag.name) ?? []).join(""),
        )
        .join("") +
      `</main>`,
  });
}
