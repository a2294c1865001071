import { NOTIFICATION_MESSAGES } from "@common/contract/notifications";
import { expect, test } from "@playwright/test";
import { type FakeSubscription, startFakePushService } from "../tests/fakes/push-service";
import { registerViaApi } from "./accounts";

// Web Push on the production build: the owner turns notifications on from the profile, a visitor
// leaves a contact on their page, and the push reaches this browser's service worker and shows.
// Chromium without network has no push service of its own (FCM): PushManager.subscribe is given a
// subscription of a fake push service on loopback (real P-256 keys, made by the test), where the
// server's push arrives signed and encrypted; decrypted there, it is delivered to the worker the
// way the browser would, through the DevTools protocol (ServiceWorker.deliverPushMessage).

// The push arrives at the app's worker (the other journeys block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** Stands in for the browser's push service client: subscribe() answers the test's subscription. */
function stubPushManager(subscription: FakeSubscription) {
  const STORE = "e2e-push-subscribed";
  const bytes = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
  const made = (options: PushSubscriptionOptionsInit | null) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options,
    getKey: (name: "p256dh" | "auth") => bytes(subscription.keys[name]),
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE);
      return true;
    },
  });
  PushManager.prototype.subscribe = async (options) => {
    const key = options?.applicationServerKey;
    const raw = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as Uint8Array) ?? []);
    localStorage.setItem(STORE, btoa(String.fromCharCode(...raw)));
    return made(options ?? null) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () =>
    (localStorage.getItem(STORE) ? made(null) : null) as unknown as PushSubscription | null;
}

type Watched = typeof globalThis & { e2eSettled?: string[] };

/** In the service worker: records how each showNotification() call settles. */
function watchShownNotifications() {
  const watched = self as Watched;
  watched.e2eSettled = [];
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (this, ...args) {
    const shown = show.apply(this, args);
    shown.then(
      () => watched.e2eSettled?.push("shown"),
      (error) => watched.e2eSettled?.push(`refused: ${error}`),
    );
    return shown;
  };
}

/** In the service worker: how the showNotification() calls since watchShownNotifications settled. */
const settledNotifications = () => (self as Watched).e2eSettled ?? ["the worker restarted: not watched"];

test("notifications turned on from the profile bring a new contact's push to this browser", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL!).origin;
  const service = await startFakePushService();
  const context = await browser.newContext({ baseURL });
  try {
    await context.grantPermissions(["notifications"], { origin });
    const page = await context.newPage();

    // An owner with a page and a contact form on it.
    await registerViaApi(page, baseURL!, "push", "Ana");
    const slug = `push-${Date.now().toString(36)}`;
    const created = await page.request.post("/api/link-pages", {
      data: { slug, title: "Doces da Ana" },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const pageId = (await created.json()).id as number;
    const form = await page.request.post(`/api/link-pages/${pageId}/blocks`, {
      data: { type: "form", data: { fields: ["name", "email"], title: "Receba as novidades" } },
      headers: { origin },
    });
    expect(form.status()).toBe(201);
    const blockId = (await form.json()).id as number;

    // This browser's subscription: made by the push service for the server's key.
    const key = (await (await page.request.get("/api/notifications/push-key")).json()).public_key as string;
    const subscription = service.subscribe(key);
    await context.addInitScript(stubPushManager, subscription);

    // The worker's registration, as DevTools reports it (to deliver the push to), and whether a
    // version of it is activated: the app subscribes once the worker is active, which may still be
    // "activating".
    const cdp = await context.newCDPSession(page);
    let registrationId: string | undefined;
    const activated = new Set<string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) registrationId = ours.registrationId;
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const version of versions) {
        if (version.status === "activated") activated.add(version.registrationId);
      }
    });
    await cdp.send("ServiceWorker.enable");

    await page.goto("/profile");
    const notifications = page.getByRole("region", { name: "Notificações" });
    await notifications.getByRole("button", { name: "Ativar notificações neste aparelho" }).click();
    await expect(page.getByText(NOTIFICATION_MESSAGES.subscribed)).toBeVisible({ timeout: 20_000 });
    // subscribe() was asked with the server's key, and the device is listed.
    expect(await page.evaluate(() => localStorage.getItem("e2e-push-subscribed"))).toBe(
      Buffer.from(key, "base64url").toString("base64"),
    );
    await expect(
      notifications.getByRole("list", { name: "Aparelhos com notificações" }).getByRole("listitem"),
    ).toHaveCount(1);

    // A visitor leaves a contact on the page.
    const visitor = await browser.newContext({ baseURL });
    const sent = await visitor.request.post(`/p/${slug}/leads`, {
      form: {
        block_id: String(blockId),
        name: "Maria Souza",
        email: "maria@exemplo.com.br",
        consent: "on",
        website: "",
      },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);
    await visitor.close();

    // The push service received it signed and encrypted for this device; decrypted, it goes to the
    // worker as the browser would hand it over.
    const push = await service.next(subscription.endpoint, 15_000);
    expect(push.payload).toEqual({
      title: "Novo contato em Doces da Ana",
      body: "Maria Souza · maria@exemplo.com.br",
      url: "/contacts",
      tag: expect.stringMatching(/^lead-\d+$/),
    });
    expect(service.refused).toEqual([]);
    await expect.poll(() => registrationId !== undefined && activated.has(registrationId)).toBe(true);
    // NOTE: Chromium's getNotifications() deletes, as closed by the user, a notification stored
    // before the read began and not yet on screen. A read while the worker's showNotification() was
    // under way lost the notification for good (reproduced under load: the worker's own read, once
    // showNotification() resolved, found none). So the test waits, in the worker, for
    // showNotification() to settle, and only then reads the notifications.
    const worker =
      context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`) ??
      (await context.waitForEvent("serviceworker", { predicate: (w) => w.url() === `${origin}/sw.js` }));
    await worker.evaluate(watchShownNotifications);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: registrationId!,
      data: JSON.stringify(push.payload),
    });
    await expect.poll(() => worker.evaluate(settledNotifications)).toEqual(["shown"]);
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url?: string } | null)?.url,
          })),
        ),
      )
      .toContainEqual({
        title: "Novo contato em Doces da Ana",
        body: "Maria Souza · maria@exemplo.com.br",
        url: "/contacts",
      });
  } finally {
    await context.close();
    await service.close();
  }
});
