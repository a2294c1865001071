import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { linkPagePath, paths } from "../../../common/paths";
import type { Db } from "../../../db/client";
import { linkPages } from "../../../db/schema/link-pages";
import { users } from "../../../db/schema/users";
import { escapeXml } from "./blog-feed";
import { listSitemapPosts } from "./blog-public.queries";

/** The sitemap protocol's limit for one file: past it, the newest addresses are kept. */
export const SITEMAP_MAX_URLS = 50_000;
/** Link Bio pages change without telling the blog: the sitemap is rebuilt at least this often. */
const SITEMAP_TTL_MS = 10 * 60_000;

/** The public screens of the site, in the order they are listed. */
const SITE_PAGES = [paths.home, paths.pricing, paths.terms, paths.privacy, paths.blog];

type SitemapUrl = { path: string; lastmod?: Date };

/** Active Link Bio pages of active users on the main domain, most recently changed first. */
async function listSitemapLinkPages(db: Db, domainId: number, limit: number) {
  if (limit <= 0) return [];
  return db
    .select({ slug: linkPages.slug, updatedAt: linkPages.updatedAt })
    .from(linkPages)
    .innerJoin(users, eq(users.id, linkPages.userId))
    .where(and(eq(linkPages.domainId, domainId), eq(linkPages.isActive, true), eq(users.isActive, true)))
    .orderBy(desc(linkPages.updatedAt), desc(linkPages.id))
    .limit(limit);
}

export function renderSitemap(urls: SitemapUrl[], publicUrl: string): string {
  const entries = urls.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

async function buildSitemap(app: Parameters<FastifyPluginAsync>[0]): Promise<string> {
  const posts = await listSitemapPosts(app.db, SITEMAP_MAX_URLS - SITE_PAGES.length);
  const pages = await listSitemapLinkPages(
    app.db,
    app.domains.default.id,
    SITEMAP_MAX_URLS - SITE_PAGES.length - posts.length,
  );
  const urls: SitemapUrl[] = [
    ...SITE_PAGES.map((path) => ({ path, lastmod: path === paths.blog ? posts[0]?.updatedAt : undefined })),
    ...posts.map((post) => ({ path: paths.blogPost(post.slug), lastmod: post.updatedAt })),
    ...pages.map((page) => ({ path: linkPagePath(page.slug), lastmod: page.updatedAt })),
  ];
  return renderSitemap(urls, app.config.publicUrl);
}

export function renderRobots(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /s/",
    // The signed-in app's screens: nothing there for search engines.
    "Disallow: /dashboard",
    "Disallow: /link-pages",
    "Disallow: /url-shortener",
    "Disallow: /analytics",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

// GET /sitemap.xml and /robots.txt, answered by the server (the SPA fallback never sees them).
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const robots = renderRobots(app.config.publicUrl);
  app.get("/robots.txt", (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robots),
  );
  app.get("/sitemap.xml", async (_request, reply) => {
    const xml = await app.blogCache.load("sitemap", () => buildSitemap(app), SITEMAP_TTL_MS);
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(xml);
  });
};
