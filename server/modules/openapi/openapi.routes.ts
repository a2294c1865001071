import type { FastifyPluginAsync } from "fastify";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi.document";
import { renderApiDocsPage } from "./openapi.page";

// The public API's description for API key holders: the OpenAPI 3.1 document and its reference page.
// Both are built once, on first request, from the routes as registered (they do not change after).
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const documentOf = () => {
    document ??= buildOpenApiDocument(app.routeTable, {
      publicUrl: app.config.publicUrl,
      appName: app.config.appName,
    });
    return document;
  };

  // The OpenAPI 3.1 document of every call an API key can make.
  app.get("/api/openapi.json", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return documentOf();
  });

  // The reference page: server-rendered pt-BR HTML, no script.
  app.get("/api/docs", async (_request, reply) => {
    page ??= renderApiDocsPage(documentOf());
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(page);
  });
};
