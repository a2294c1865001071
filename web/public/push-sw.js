// Web Push in the app's service worker: the Workbox-generated /sw.js imports this file
// (vite.config.ts, workbox.importScripts). Plain script, no dependency: it runs in the worker.
// A push carries {title, body, url, tag} (common/contract/notifications.ts, pushPayloadSchema);
// a tap opens `url`, one of our own paths, in a tab of ours.

const FALLBACK_PATH = "/dashboard";
const ICON = "/icons/icon-192.png";

/** `value` when it is a path of ours ("/contacts?x=1"), else null: a push never opens another site. */
function ownPath(value) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  // NOTE: a push must show something (userVisibleOnly), or the browser shows its own notice.
  const title = message && typeof message.title === "string" && message.title ? message.title : "Atalho";
  const tag = message && typeof message.tag === "string" && message.tag ? message.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message && typeof message.body === "string" ? message.body : "",
      icon: ICON,
      lang: "pt-BR",
      tag,
      renotify: tag !== undefined,
      data: { url: (message && ownPath(message.url)) || FALLBACK_PATH },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(ownPath(event.notification.data?.url) || FALLBACK_PATH, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const ours = tabs.filter((tab) => new URL(tab.url).origin === self.location.origin);
      // The tab in front first, then any of ours.
      const tab = ours.find((candidate) => candidate.focused) || ours[0];
      if (tab) {
        try {
          const focused = await tab.focus();
          // navigate() works on a tab this worker controls; another (its first visit) is left alone.
          await (focused || tab).navigate(target);
          return;
        } catch {
          // fall through: a tab of its own
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

// The browser replaced the subscription (its keys expired or were rotated): the new one is sent
// as this device's, the old one dropped, with the session's cookie like the profile's own calls.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      let fresh = event.newSubscription;
      if (!fresh) {
        const answer = await fetch("/api/notifications/push-key", { credentials: "same-origin" });
        if (!answer.ok) return;
        const { public_key: key } = await answer.json();
        const bytes = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
          c.charCodeAt(0),
        );
        fresh = await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: bytes,
        });
      }
      const send = (method, body) =>
        fetch("/api/notifications/devices", {
          method,
          credentials: "same-origin",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      await send("POST", fresh.toJSON());
      if (old && old.endpoint !== fresh.endpoint) await send("DELETE", { endpoint: old.endpoint });
    })(),
  );
});
