import type { RouteObject } from "react-router";
import * as auth from "./routes/auth";
import * as landing from "./routes/landing";
import * as pricing from "./routes/pricing";
import * as privacy from "./routes/privacy";
import * as terms from "./routes/terms";

/**
 * The public screens the server renders into the HTML it sends (content for search engines and a
 * first paint before any script), then hydrated by the SPA. They are in the main bundle, not lazy:
 * hydration needs them at once. Each module exports `Component` and its `head`.
 */
export const siteRoutes = [
  { path: "/", Component: landing.Component, handle: { head: landing.head } },
  { path: "/pricing", Component: pricing.Component, handle: { head: pricing.head } },
  // A signed-in user is sent on by the screen itself (to ?next or the dashboard): no server render.
  { path: "/auth", Component: auth.Component, handle: { head: auth.head, visitorsOnly: true } },
  { path: "/terms", Component: terms.Component, handle: { head: terms.head } },
  { path: "/privacy", Component: privacy.Component, handle: { head: privacy.head } },
] satisfies RouteObject[];
