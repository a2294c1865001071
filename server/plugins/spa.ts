import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { NOT_FOUND } from "../../common/contract/errors";

/**
 * The built SPA: hashed assets cached for a year, everything else revalidated, and index.html for
 * any GET that no route claims (client-side routes). Missing /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, "index.html");
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ distDir }, "no SPA build found: run `npm run build` (npm start does it)");
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: NOT_FOUND }));
    return;
  }
  const indexHtml = fs.readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        "cache-control",
        hashed ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      );
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  app.get("/", (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/");
    if (isPage && !path.extname(request.url.split("?")[0] ?? "")) return sendIndex(reply);
    reply.code(404).send({ error: NOT_FOUND });
  });
}
