import { paths } from "@common/paths";
import { Spinner } from "@web/components/ui/spinner";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { RootLayout } from "./layouts/root-layout";
import { NotFound } from "./routes/not-found";
import { SITE_PATHS, type SitePath } from "./site-paths";

/** The server-rendered screens' modules (web/app/site-routes.tsx has them for the server). */
const SITE_SCREENS: Record<SitePath, () => Promise<{ Component: ComponentType }>> = {
  [paths.home]: () => import("./routes/landing"),
  [paths.pricing]: () => import("./routes/pricing"),
  [paths.auth]: () => import("./routes/auth"),
  [paths.terms]: () => import("./routes/terms"),
  [paths.privacy]: () => import("./routes/privacy"),
};

// Every route of spec section 2. Screens load lazily (one chunk each), so a page evaluates only its
// own screen's code; /p/ and /s/ are answered by the server and never reach the SPA. The screens the
// server renders are here for the service worker's shell (offline): online, the server sends them and
// only their islands run (web/app/islands.tsx).
export const routes: RouteObject[] = [
  {
    // While the first screen's lazy chunk loads, a spinner instead of a blank page.
    hydrateFallbackElement: <Spinner />,
    element: <RootLayout />,
    children: [
      ...SITE_PATHS.map((path) => ({
        path,
        lazy: async () => ({ Component: (await SITE_SCREENS[path]()).Component }),
      })),
      { path: paths.forgotPassword, lazy: () => import("./routes/forgot-password") },
      { path: paths.resetPassword, lazy: () => import("./routes/reset-password") },
      { path: paths.verifyEmail, lazy: () => import("./routes/verify-email") },
      { path: paths.confirmEmail, lazy: () => import("./routes/confirm-email") },
      // Rendered by the server (server/modules/blog), with islands; inside the app, client routes.
      { path: paths.blog, lazy: () => import("./routes/blog") },
      { path: "/blog/:slug", lazy: () => import("./routes/blog-post") },
      {
        lazy: async () => ({ Component: (await import("./layouts/protected-layout")).ProtectedLayout }),
        children: [
          { path: paths.dashboard, lazy: () => import("./routes/dashboard") },
          { path: paths.linkPages, lazy: () => import("./routes/link-pages") },
          { path: "/link-pages/:id/edit", lazy: () => import("./routes/link-page-edit") },
          { path: paths.urlShortener, lazy: () => import("./routes/url-shortener") },
          { path: paths.analytics, lazy: () => import("./routes/analytics") },
          { path: "/analytics/:kind/:id", lazy: () => import("./routes/analytics-detail") },
          { path: paths.contacts, lazy: () => import("./routes/contacts") },
          { path: paths.subscription, lazy: () => import("./routes/subscription") },
          { path: paths.profile, lazy: () => import("./routes/profile") },
          { path: paths.accountDeletion, lazy: () => import("./routes/account-deletion") },
          { path: paths.admin, lazy: () => import("./routes/admin") },
          { path: paths.adminBlog, lazy: () => import("./routes/admin-blog") },
          { path: paths.newBlogPost, lazy: () => import("./routes/admin-blog-post") },
          { path: "/admin/blog/posts/:id/edit", lazy: () => import("./routes/admin-blog-post") },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];
