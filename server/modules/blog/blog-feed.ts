import type { FastifyPluginAsync } from "fastify";
import { blogFeedPath, paths } from "../../../common/paths";
import { listFeedPosts } from "./blog-public.queries";

/** Posts in the feed: the latest published ones. */
export const FEED_SIZE = 20;

/** Text for XML: the five special characters escaped, characters XML 1.0 forbids removed. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

type FeedPost = Awaited<ReturnType<typeof listFeedPosts>>[number];

/** RSS 2.0 of the latest published posts, with absolute links on PUBLIC_URL. */
export function renderFeed(posts: FeedPost[], site: { publicUrl: string; appName: string }): string {
  const e = escapeXml;
  const blogUrl = `${site.publicUrl}${paths.blog}`;
  const dates = posts.map((post) => (post.publishedAt ?? post.updatedAt).getTime());
  const items = posts.map((post) => {
    const link = `${site.publicUrl}${paths.blogPost(post.slug)}`;
    const description = post.excerpt || post.metaDescription;
    return [
      "<item>",
      `<title>${e(post.title)}</title>`,
      `<link>${e(link)}</link>`,
      `<guid isPermaLink="true">${e(link)}</guid>`,
      `<pubDate>${(post.publishedAt ?? post.updatedAt).toUTCString()}</pubDate>`,
      description ? `<description>${e(description)}</description>` : "",
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${e(`Blog ${site.appName}`)}</title>`,
    `<link>${e(blogUrl)}</link>`,
    `<description>${e(`Dicas do ${site.appName} sobre páginas Link Bio, links curtos e análise de cliques.`)}</description>`,
    "<language>pt-BR</language>",
    `<atom:link href="${e(`${site.publicUrl}${blogFeedPath}`)}" rel="self" type="application/rss+xml"/>`,
    dates.length ? `<lastBuildDate>${new Date(Math.max(...dates)).toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

// GET /blog/rss.xml: the feed, cached until the blog changes.
export const blogFeedRoutes: FastifyPluginAsync = async (app) => {
  const site = { publicUrl: app.config.publicUrl, appName: app.config.appName };
  app.get(blogFeedPath, async (_request, reply) => {
    const xml = await app.blogCache.load("rss", async () =>
      renderFeed(await listFeedPosts(app.db, FEED_SIZE), site),
    );
    return reply
      .type("application/rss+xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(xml);
  });
};
