/**
 * The public screens the server renders with their content (web/app/site-routes.tsx). Also read by
 * vite.config.ts: the service worker leaves them to the server while online.
 */
export const SITE_PATHS = ["/", "/pricing", "/auth", "/terms", "/privacy"] as const;
export type SitePath = (typeof SITE_PATHS)[number];

/**
 * The public blog's screens, rendered on the server by server/modules/blog (their head, status and
 * cache depend on the post), hydrated like the screens above. /blog/* is always the server's
 * (vite.config.ts).
 */
export const BLOG_SITE_PATHS = ["/blog", "/blog/:slug"] as const;
