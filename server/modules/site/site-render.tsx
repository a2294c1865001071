import type { FastifyInstance, FastifyRequest } from "fastify";
import { escapeHtml } from "../../../common/link-bio/escape-html";
import { openGraphTags } from "../../lib/html-page";
import { loadUser } from "../../lib/session-guards";
import { matchSiteScreen, type PageHead, type RenderedScreen, SSR_STATE_ID } from "../../lib/web-render";
import { systemStatus } from "../admin/system-config.routes";
import { toSessionUser } from "../auth/session";
import { listActivePlans, toSubscriptionPlan } from "../billing/plans.queries";

export { SITE_PATHS } from "../../lib/web-render";

/** A screen's head, with what an article adds (the blog): its image, keywords, dates and JSON-LD. */
export type SiteHead = PageHead & {
  type?: "article";
  /** Absolute URL of the page's image; unset: the site's Open Graph image. */
  image?: string;
  keywords?: string;
  publishedTime?: string;
  modifiedTime?: string;
  /** Structured data, written as one JSON-LD block with "<" escaped. */
  jsonLd?: unknown;
};

type Rendered = RenderedScreen & { head: SiteHead };

/**
 * Renders a public screen as the browser's first render will: the same components, with the query
 * data they read (session, plans, system status) filled in here and sent along for hydration.
 * Returns null when the path is not a site route.
 */
export async function renderSitePage(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Rendered | null> {
  const url = new URL(request.url, app.config.publicUrl);
  const screen = await matchSiteScreen(url);
  if (!screen) return null;
  const [user, plans] = await Promise.all([loadUser(request), listActivePlans(app.db)]);
  if (user && screen.visitorsOnly) return null;
  const rendered = screen.render({
    user: user ? toSessionUser(user) : null,
    plans: plans.map(toSubscriptionPlan),
    systemStatus: systemStatus(app),
  });
  return { ...rendered, head: screen.head };
}

/** The meta tags of a rendered screen: description, canonical, Open Graph, Twitter, robots. */
export function headTags(head: SiteHead, site: { publicUrl: string; appName: string }): string {
  const e = escapeHtml;
  const url = `${site.publicUrl}${head.path}`;
  const image = head.image ?? `${site.publicUrl}/og-image.png`;
  const siteImage = !head.image;
  return [
    `<meta name="description" content="${e(head.description)}">`,
    head.keywords ? `<meta name="keywords" content="${e(head.keywords)}">` : "",
    `<link rel="canonical" href="${e(url)}">`,
    head.noindex ? `<meta name="robots" content="noindex">` : "",
    openGraphTags({
      type: head.type ?? "website",
      siteName: site.appName,
      title: head.title,
      description: head.description,
      url,
    }),
    `<meta property="og:image" content="${e(image)}">`,
    siteImage ? `<meta property="og:image:width" content="1200">` : "",
    siteImage ? `<meta property="og:image:height" content="630">` : "",
    `<meta property="og:image:alt" content="${e(siteImage ? site.appName : head.title)}">`,
    head.publishedTime ? `<meta property="article:published_time" content="${e(head.publishedTime)}">` : "",
    head.modifiedTime ? `<meta property="article:modified_time" content="${e(head.modifiedTime)}">` : "",
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
  ]
    .filter(Boolean)
    .join("");
}

/** JSON-LD for the home page: who we are (Organization) and the site itself (WebSite). */
export function homeJsonLd(site: { publicUrl: string; appName: string }): string {
  const data = [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: site.appName,
      url: `${site.publicUrl}/`,
      logo: `${site.publicUrl}/icons/icon-512.png`,
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: site.appName,
      url: `${site.publicUrl}/`,
      inLanguage: "pt-BR",
    },
  ];
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}

/** The built index.html cut where a rendered screen's head tags and markup go (once, at start). */
export type SiteShell = { head: string; body: string; end: string };

export function siteShell(template: string): SiteShell {
  const page = template.replace(/<title>[^<]*<\/title>/, "").replace(/<meta name="description"[^>]*>/, "");
  const [head = "", rest = ""] = page.split("</head>");
  const [body = "", end = ""] = rest.split('<div id="root"></div>');
  return { head, body, end };
}

/**
 * The page: the shell with the screen's head tags and markup put in by concatenation (never by a
 * replacement string, where "$&" or "$'" in a plan's name would be read as a pattern).
 */
export function fillTemplate(
  shell: SiteShell,
  page: Rendered,
  site: { publicUrl: string; appName: string },
): string {
  const head =
    `<title>${escapeHtml(page.head.title)}</title>` +
    headTags(page.head, site) +
    (page.head.path === "/" ? homeJsonLd(site) : "") +
    (page.head.jsonLd
      ? `<script type="application/ld+json">${JSON.stringify(page.head.jsonLd).replace(/</g, "\\u003c")}</script>`
      : "");
  return (
    `${shell.head}${head}</head>${shell.body}<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${SSR_STATE_ID}">${page.state}</script>${shell.end}`
  );
}
