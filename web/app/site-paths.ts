// Relative, not @common: vite.config.ts reads this file before its aliases exist.
import { paths } from "../../common/paths.ts";

/**
 * The public screens the server renders with their content (web/app/site-routes.tsx). Also read by
 * vite.config.ts: the service worker leaves them to the server while online.
 */
export const SITE_PATHS = [paths.home, paths.pricing, paths.auth, paths.terms, paths.privacy] as const;
export type SitePath = (typeof SITE_PATHS)[number];

/**
 * The public blog's screens, rendered on the server by server/modules/blog (their head, status and
 * cache depend on the post), hydrated like the screens above. /blog/* is always the server's
 * (vite.config.ts).
 */
export const BLOG_SITE_PATHS = [paths.blog, "/blog/:slug"] as const;
