// Every address of the app in one place: the SPA's screens (spec 2's route table) and the public
// URLs of short links and Link Bio pages, on the domain they belong to. No zod: the smallest
// browser scripts import it too.

/** The SPA's screens. */
export const paths = {
  home: "/",
  auth: "/auth",
  /** The auth screen opened on its registration form. */
  register: "/auth?mode=register",
  /** The auth screen, sending the user on to `next` (a same-origin path) once signed in. */
  signInThen: (next: string) => `/auth?next=${encodeURIComponent(next)}`,
  forgotPassword: "/auth/esqueci-senha",
  resetPassword: "/auth/redefinir-senha",
  verifyEmail: "/auth/verificar-email",
  confirmEmail: "/auth/confirmar-email",
  dashboard: "/dashboard",
  linkPages: "/link-pages",
  newLinkPage: "/link-pages/new/edit",
  editLinkPage: (id: number | string) => `/link-pages/${id}/edit`,
  urlShortener: "/url-shortener",
  analytics: "/analytics",
  /** Contatos: the leads of the user's forms (issue 37). */
  contacts: "/contacts",
  /** One short link's or Link Bio page's statistics. */
  analyticsDetail: (kind: "shortened-urls" | "link-pages", id: number | string) => `/analytics/${kind}/${id}`,
  pricing: "/pricing",
  subscription: "/subscription",
  profile: "/profile",
  accountDeletion: "/profile/excluir-conta",
  admin: "/admin",
  adminBlog: "/admin/blog",
  newBlogPost: "/admin/blog/posts/new",
  editBlogPost: (id: number | string) => `/admin/blog/posts/${id}/edit`,
  blog: "/blog",
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  terms: "/terms",
  privacy: "/privacy",
} as const;

/**
 * The origin of a domain's public links: https://{host} for a custom domain, the site's own origin
 * (PUBLIC_URL on the server, the page's origin in the browser) for the default one (host null).
 */
export function publicOrigin(host: string | null | undefined, siteOrigin: string): string {
  return host ? `https://${host}` : siteOrigin.replace(/\/+$/, "");
}

/** /s/{code}: a short link's path on its domain. */
export const shortLinkPath = (code: string) => `/s/${encodeURIComponent(code)}`;
/** /p/{slug}: a Link Bio page's path on its domain. */
export const linkPagePath = (slug: string) => `/p/${encodeURIComponent(slug)}`;
/** The public blog's RSS feed (served by the server, not a screen of the SPA). */
export const blogFeedPath = "/blog/rss.xml";

type OnDomain = {
  /** The custom domain's host name; null or absent: the default domain, the site itself. */
  host?: string | null;
  siteOrigin: string;
};

/** {domain}/s/{code}: the address a short link is shared with. */
export const shortLinkUrl = ({ host, siteOrigin, code }: OnDomain & { code: string }) =>
  publicOrigin(host, siteOrigin) + shortLinkPath(code);

/** {domain}/p/{slug}: the address of a public Link Bio page. */
/**
 * The query the owner's "Visualizar" adds to their page's address: the page answers the same, and
 * records no view (issue 35). Anyone adding it can only lower a count.
 */
export const PAGE_PREVIEW_QUERY = "previa=1";
/** The owner's own look at their page: its address, not counted as a view. */
export const previewOf = (pageUrl: string) => `${pageUrl}?${PAGE_PREVIEW_QUERY}`;

export const linkPageUrl = ({ host, siteOrigin, slug }: OnDomain & { slug: string }) =>
  publicOrigin(host, siteOrigin) + linkPagePath(slug);
