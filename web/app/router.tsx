import { Spinner } from "@web/components/ui/spinner";
import { UnavailableLinkNotice } from "@web/features/shortened-urls/components/unavailable-link-notice";
import { createBrowserRouter } from "react-router";
import { ProtectedLayout } from "./layouts/protected-layout";
import { NotFound } from "./routes/not-found";
import { UnderConstruction } from "./routes/under-construction";

// Every route of spec section 2. Screens load lazily (one chunk each); /p/ and /s/ are answered by
// the server and never reach the SPA.
export const router = createBrowserRouter([
  {
    // While the first screen's lazy chunk loads, a spinner instead of a blank page.
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        path: "/",
        element: (
          <>
            <UnavailableLinkNotice />
            <UnderConstruction title="Atalho" />
          </>
        ),
      },
      { path: "/auth", lazy: () => import("./routes/auth") },
      { path: "/pricing", lazy: () => import("./routes/pricing") },
      { path: "/blog", element: <UnderConstruction title="Blog" /> },
      { path: "/blog/:slug", element: <UnderConstruction title="Blog" /> },
      { path: "/terms", element: <UnderConstruction title="Termos de Uso" /> },
      { path: "/privacy", element: <UnderConstruction title="Política de Privacidade" /> },
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
