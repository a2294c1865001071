import type { Workbox } from "workbox-window";

/** The worker vite.config.ts has vite-plugin-pwa generate (spec section 7: fetched from /sw.js). */
export const SERVICE_WORKER_URL = "/sw.js";

let workbox: Workbox | null = null;
let registering = false;
let updateWaiting = false;
const listeners = new Set<() => void>();

/**
 * The worker's first install downloads every file of the app (its precache): it waits this long
 * after the page has loaded, so that it does not compete with the page's own scripts for the
 * network and the processor (a server-rendered screen's islands load after the page).
 */
export const REGISTER_DELAY_MS = 3000;

/**
 * Registers /sw.js at scope / once per page, in builds (the dev server has no worker), once the
 * page has loaded and REGISTER_DELAY_MS have passed.
 * NOTE: the build's mode, not PROD, which is false in a build run with NODE_ENV=test (e2e).
 */
export function registerServiceWorker(): void {
  if (registering || import.meta.env.MODE !== "production" || !("serviceWorker" in navigator)) return;
  registering = true;
  const later = () => setTimeout(register, REGISTER_DELAY_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

function register(): void {
  // Loaded here, not at the top: off the first screen's bundle, and never on the server, which
  // renders the public screens with this module imported (Node has no ES build of workbox-window).
  void import("workbox-window")
    .then(({ Workbox }) => {
      workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
      // A new version installed while an older one controls the page (also one found waiting at load).
      workbox.addEventListener("waiting", () => {
        updateWaiting = true;
        for (const listener of listeners) listener();
      });
      return workbox.register();
    })
    .catch((error: unknown) => console.warn("service worker not registered", error));
}

/** Calls `listener` once a new version waits to take over; returns the unsubscribe function. */
export function onUpdateWaiting(listener: () => void): () => void {
  if (updateWaiting) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the waiting version take over, then reloads the page into it (once). */
export function activateUpdate(): void {
  if (!workbox) return;
  let reloading = false;
  workbox.addEventListener("controlling", () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  workbox.messageSkipWaiting();
}
