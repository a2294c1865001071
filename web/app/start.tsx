import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { queryClient } from "../lib/query-client";
import { AppShell } from "./app-shell";
import { router } from "./router";
import { readSsrState } from "./ssr-state";

const container = document.getElementById("root")!;
const app = (
  <AppShell queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppShell>
);

// A public screen the server rendered (landing, legal pages…) is hydrated with the data it was
// rendered from; any other screen, and the service worker's app shell, renders from scratch.
const state = readSsrState(document);
if (state && container.firstElementChild) {
  hydrate(queryClient, state);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the screen is already painted from the server's HTML).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
