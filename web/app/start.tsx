import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { queryClient } from "../lib/query-client";
import { AppShell } from "./app-shell";
import { routes } from "./router";

// The app: every screen the server did not render (the signed-in screens, the service worker's
// shell offline). A server-rendered screen never loads it: web/app/islands.tsx hydrates its parts.
const router = createBrowserRouter(routes);
createRoot(document.getElementById("root")!).render(
  <AppShell queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppShell>,
);
