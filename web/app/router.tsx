import { Spinner } from "@web/components/ui/spinner";
import { createBrowserRouter } from "react-router";
import { ProtectedLayout } from "./layouts/protected-layout";
import { RootLayout } from "./layouts/root-layout";
import { NotFound } from "./routes/not-found";
import { UnderConstruction } from "./routes/under-construction";
import { siteRoutes } from "./site-routes";

// Every route of spec section 2. Screens load lazily (one chunk each); /p/ and /s/ are answered by
// the server and never reach the SPA.
export const router = createBrowserRouter([
  {
    // While the first screen's lazy chunk loads, a spinner instead of a blank page.
    hydrateFallbackElement: <Spinner />,
    element: <RootLayout />,
    children: [
      ...siteRoutes,
      { path: "/blog", element: <UnderConstruction title="Blog" /> },
      { path: "/blog/:slug", element: <UnderConstruction title="Blog" /> },
      {
        element: <ProtectedLayout />,
        children: [
          { path: "/dashboard", lazy: () => import("./routes/dashboard") },
          { path: "/link-pages", lazy: () => import("./routes/link-pages") },
          { path: "/link-pages/:id/edit", lazy: () => import("./routes/link-page-edit") },
          { path: "/url-shortener", lazy: () => import("./routes/url-shortener") },
          { path: "/analytics", lazy: () => import("./routes/analytics") },
          { path: "/analytics/:kind/:id", lazy: () => import("./routes/analytics-detail") },
          { path: "/subscription", lazy: () => import("./routes/subscription") },
          { path: "/admin", lazy: () => import("./routes/admin") },
          { path: "/admin/blog", element: <UnderConstruction title="Gerenciar Blog" /> },
          { path: "/admin/blog/posts/new", element: <UnderConstruction title="Novo Post" /> },
          { path: "/admin/blog/posts/:id/edit", element: <UnderConstruction title="Editar Post" /> },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
]);
