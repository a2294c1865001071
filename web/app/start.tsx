import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from "react-router";
import { queryClient } from "../lib/query-client";
import { AppShell } from "./app-shell";
import { routes } from "./router";
import { readSsrState } from "./ssr-state";

/** Loads the lazy routes the address matches, so the first render has them (react-router's way). */
async function loadMatchedRoutes(all: RouteObject[]): Promise<void> {
  const matches = matchRoutes(all, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Ends the current task, so the work before and after it are two short tasks, not one long one. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById("root")!;
// A public screen the server rendered (landing, legal pages…) is hydrated with the data it was
// rendered from; any other screen, and the service worker's app shell, renders from scratch.
const state = readSsrState(document);
const hydrating = state !== null && container.firstElementChild !== null;
if (hydrating) {
  await loadMatchedRoutes(routes);
  await yieldToBrowser();
}
const router = createBrowserRouter(routes);
const app = (
  <AppShell queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppShell>
);

if (state && hydrating) {
  hydrate(queryClient, state);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the screen is already painted from the server's HTML).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
