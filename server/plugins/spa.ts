import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";
import { NOT_FOUND } from "../../common/contract/errors";
import { SESSION_COOKIE } from "../lib/session-guards";
import { PLANS_TOPIC } from "../modules/billing/plan-cache";
import { registerBlogPages } from "../modules/blog/blog-public-pages";
import { fillTemplate, renderSitePage, SITE_PATHS, siteShell } from "../modules/site/site-render";

// The installable app's entry points (vite-plugin-pwa): a browser must see each deploy's version.
const ALWAYS_FRESH = new Set(["sw.js", "manifest.webmanifest"]);

/**
 * The built SPA: hashed assets cached for a year, everything else revalidated, the public screens
 * rendered on the server into index.html, and index.html for any other GET that no route claims
 * (client-side routes). Missing /api paths stay JSON 404s.
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
        hashed
          ? "public, max-age=31536000, immutable"
          : ALWAYS_FRESH.has(path.basename(filePath))
            ? "no-cache"
            : "public, max-age=0, must-revalidate",
      );
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  // The public screens (landing, legal pages…) come with their content in the HTML; should the
  // render fail, the plain shell still works (the browser renders the screen itself).
  // A visitor's page (no session cookie) is the same for every visitor of that address for a few
  // seconds: plan or setting changes show within sitePageTtlMs; a signed-in user's is rendered anew.
  const shell = siteShell(indexHtml.toString("utf8"));
  const site = { publicUrl: app.config.publicUrl, appName: app.config.appName };
  const ttl = app.config.sitePageTtlMs;
  const visitorPages = ttl > 0 ? new LRUCache<string, string>({ max: 200, ttl }) : null;
  // A plan or setting changed in any process: the pricing and other screens are rendered anew.
  for (const topic of [PLANS_TOPIC, "system-config"]) app.bus.on(topic, () => visitorPages?.clear());
  for (const sitePath of SITE_PATHS) {
    app.get(sitePath, async (request, reply) => {
      const send = (html: string) =>
        reply
          .header("cache-control", "private, no-cache")
          .header("vary", "cookie")
          .type("text/html; charset=utf-8")
          .send(html);
      const visitor = !request.cookies[SESSION_COOKIE];
      const cached = visitor ? visitorPages?.get(request.url) : undefined;
      if (cached) return send(cached);
      try {
        const page = await renderSitePage(app, request);
        if (page) {
          const html = fillTemplate(shell, page, site);
          if (visitor) visitorPages?.set(request.url, html);
          return send(html);
        }
      } catch (error) {
        request.log.error({ err: error }, "server render failed; sending the plain app shell");
      }
      return sendIndex(reply);
    });
  }
  // /blog and /blog/{slug}: rendered the same way, with their own status, head, views and cache.
  registerBlogPages(app, shell);
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/");
    if (isPage && !path.extname(request.url.split("?")[0] ?? "")) return sendIndex(reply);
    reply.code(404).send({ error: NOT_FOUND });
  });
}
