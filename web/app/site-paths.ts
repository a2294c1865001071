/**
 * The public screens the server renders with their content (web/app/site-routes.tsx). Also read by
 * vite.config.ts: the service worker leaves them to the server while online.
 */
export const SITE_PATHS = ["/", "/pricing", "/auth", "/terms", "/privacy"] as const;
export type SitePath = (typeof SITE_PATHS)[number];
