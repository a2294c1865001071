import { paths } from "@common/paths";
import type { RouteObject } from "react-router";
import type { PageHead } from "./page-head";
import * as auth from "./routes/auth";
import * as blog from "./routes/blog";
import * as blogPost from "./routes/blog-post";
import * as landing from "./routes/landing";
import * as pricing from "./routes/pricing";
import * as privacy from "./routes/privacy";
import * as terms from "./routes/terms";
import { BLOG_SITE_PATHS, SITE_PATHS, type SitePath } from "./site-paths";

type SiteScreen = {
  Component: () => React.ReactNode;
  head: PageHead;
  /** A signed-in user is sent on by the screen itself (to ?next or the dashboard): no server render. */
  visitorsOnly?: boolean;
};

const SCREENS: Record<SitePath, SiteScreen> = {
  [paths.home]: landing,
  [paths.pricing]: pricing,
  [paths.auth]: { ...auth, visitorsOnly: true },
  [paths.terms]: terms,
  [paths.privacy]: privacy,
};

/**
 * The public screens as the server renders them into the HTML it sends (content for search engines
 * and a first paint before any script); the browser hydrates only their islands (web/app/islands.tsx).
 * The app's router has the same modules, lazily, for when it renders them itself (offline, from the
 * service worker's shell). Each module exports `Component` and its `head`.
 */
export const siteRoutes = SITE_PATHS.map(
  (path): RouteObject => ({
    path,
    Component: SCREENS[path].Component,
    handle: { head: SCREENS[path].head, visitorsOnly: SCREENS[path].visitorsOnly ?? false },
  }),
);

/** Each public screen's head, as the server writes it into the page. */
export const SITE_HEADS = Object.fromEntries(SITE_PATHS.map((path) => [path, SCREENS[path].head])) as Record<
  SitePath,
  PageHead
>;

/** The blog's screens for the server's render (server/modules/blog gives their data and head). */
export const blogSiteRoutes: RouteObject[] = [
  { path: BLOG_SITE_PATHS[0], Component: blog.Component },
  { path: BLOG_SITE_PATHS[1], Component: blogPost.Component },
];
