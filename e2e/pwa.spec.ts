import fs from "node:fs";
import path from "node:path";
import { APP_NAME } from "@common/brand";
import { expect, type Page, test } from "@playwright/test";
import { REGISTER_DELAY_MS } from "@web/features/pwa/service-worker";
import { registerViaApi } from "./accounts";

// The installable app on the production build: /sw.js and the manifest, the install card's timing
// and dismissal, the connectivity toast, the update banner with a real second version of the
// worker, and none of it on a public Link Bio page nor anything of /api/ or /p/ kept by the worker.

const INSTALL_TITLE = `Instalar ${APP_NAME}PRO`;

// The worker is what these journeys are about (the other journeys block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The pages' clocks are the test's: the app's delays (the worker's registration 3 s after the load,
// the install card 5 s after the browser's signal, 'Conexão restaurada' for 3 s) are run through,
// not waited for. Time otherwise flows as usual.
test.beforeEach(async ({ page }) => page.clock.install());

/** A screen of the SPA, rendered and with its effects in place. */
async function openApp(page: Page, path = "/auth") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The server-rendered screen shows before the app's code runs (it loads after the page): the
  // connectivity region, there from the app's first effect on, says the app is running.
  await expect(page.getByTestId("connectivity")).toBeAttached();
}

/**
 * What Chromium dispatches when the app can be installed; repeated until the app has taken it
 * (its listener calls preventDefault), so the 5 s count from its return.
 */
async function browserSaysInstallable(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
          prompt: async () => {
            (window as unknown as { installPrompted: boolean }).installPrompted = true;
          },
          userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
        });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    )
    .toBe(true);
}

/**
 * Stops the page's clock (a second on): until resume(), only runFor moves it, so a bound such as
 * "still hidden after 4.9 s" does not depend on how long the machine takes between two steps.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/** The worker registered: the app registers it REGISTER_DELAY_MS after the page's load. */
async function workerReady(page: Page) {
  await page.waitForLoadState("load");
  await page.clock.runFor(REGISTER_DELAY_MS);
  await page.evaluate(() => navigator.serviceWorker.ready);
}

/** A reload, with the app's registration of the worker run through. */
async function reloadApp(page: Page) {
  await page.reload();
  await page.clock.runFor(REGISTER_DELAY_MS);
}

/** The page, once the worker of its registration controls it (the first visit is not controlled). */
async function controlledByWorker(page: Page) {
  await workerReady(page);
  await reloadApp(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function createPublicPage(page: Page, baseURL: string): Promise<string> {
  await registerViaApi(page, baseURL, "pwa", "Paula");
  const slug = `pwa-${Date.now().toString(36)}`;
  const response = await page.request.post("/api/link-pages", {
    data: { slug, title: "Página da Paula" },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return slug;
}

/**
 * A new deploy of the worker: the server starts answering a byte-different /sw.js, as after a
 * release (the browser's update check fetches the script itself, past any page route). Returns
 * the function that puts the built one back.
 * NOTE: the build directory is the one playwright.config.ts serves (E2E_DIST).
 */
function deployNewWorker(): () => void {
  const file = path.resolve(process.env.E2E_DIST ?? "dist", "sw.js");
  const built = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, `${built}\n// nova versão\n`);
  return () => fs.writeFileSync(file, built);
}

test("/sw.js and the web manifest are served for an installable app at scope /", async ({
  page,
  baseURL,
}) => {
  const sw = await page.request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  const manifestResponse = await page.request.get("/manifest.webmanifest");
  expect(manifestResponse.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(manifestResponse.headers()["cache-control"]).toBe("no-cache");
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: APP_NAME,
    short_name: APP_NAME,
    lang: "pt-BR",
    display: "standalone",
  });
  expect(
    manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`),
  ).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of [...manifest.icons, { src: "/icons/apple-touch-icon.png" }]) {
    const image = await page.request.get(icon.src);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
  }

  await openApp(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await workerReady(page);
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
});

test("the install card comes 5 s after the browser's signal; 'Agora não' keeps it away for 7 days", async ({
  page,
}) => {
  await openApp(page);
  await pauseClock(page);
  await browserSaysInstallable(page);
  const card = page.getByRole("region", { name: INSTALL_TITLE });
  await page.clock.runFor(4_900);
  await expect(card).toBeHidden();
  await page.clock.runFor(200);
  await expect(card).toBeVisible();
  await page.clock.resume();
  for (const benefit of ["Acesso instantâneo", "Funciona offline", "Notificações push"]) {
    await expect(card.getByText(benefit)).toBeVisible();
  }

  // Keyboard: 'Agora não' is reachable and works with Enter.
  await card.getByRole("button", { name: "Agora não" }).focus();
  await page.keyboard.press("Enter");
  await expect(card).toBeHidden();
  const stored = Number(await page.evaluate(() => localStorage.getItem("pwa-install-dismissed")));
  expect(Math.abs((await page.evaluate(() => Date.now())) - stored)).toBeLessThan(60_000);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await browserSaysInstallable(page);
  await page.clock.runFor(6_000);
  await expect(page.getByRole("region", { name: INSTALL_TITLE })).toBeHidden();

  // Seven days on, the next signal brings it back.
  await page.clock.fastForward(7 * 24 * 60 * 60 * 1000 + 1000);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await browserSaysInstallable(page);
  await page.clock.runFor(5_100);
  await expect(page.getByRole("region", { name: INSTALL_TITLE })).toBeVisible();
});

test("'Instalar App' opens the browser's install dialog and the card goes", async ({ page }) => {
  await openApp(page);
  await browserSaysInstallable(page);
  await page.clock.runFor(5_000);
  const card = page.getByRole("region", { name: INSTALL_TITLE });
  await card.getByRole("button", { name: "Instalar App" }).click();
  await expect(card).toBeHidden();
  expect(
    await page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted),
  ).toBe(true);
});

test("losing the connection shows 'Você está offline' until it returns, then 'Conexão restaurada' for 3 s", async ({
  page,
  context,
}) => {
  await openApp(page);
  await context.setOffline(true);
  const offline = page.getByTestId("connectivity").getByText("Você está offline");
  await expect(offline).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(offline).toBeVisible();

  await pauseClock(page);
  await context.setOffline(false);
  const restored = page.getByTestId("connectivity").getByText("Conexão restaurada");
  await expect(restored).toBeVisible();
  await expect(offline).toBeHidden();
  await page.clock.runFor(2_900);
  await expect(restored).toBeVisible();
  await page.clock.runFor(200);
  await expect(restored).toBeHidden();
});

test("a new version waits behind 'Atualização Disponível'; 'Mais tarde' hides it, 'Atualizar' reloads into it", async ({
  page,
}) => {
  await openApp(page);
  await controlledByWorker(page);
  const workers = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting != null, active: registration?.active != null };
    });

  const restore = deployNewWorker();
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.getByRole("region", { name: "Atualização Disponível" });
    await expect(banner).toBeVisible();
    expect(await workers()).toEqual({ waiting: true, active: true });

    await banner.getByRole("button", { name: "Mais tarde" }).click();
    await expect(banner).toBeHidden();

    // The new version still waits: the next page load offers it again.
    await reloadApp(page);
    await expect(banner).toBeVisible();
    const reloaded = page.waitForEvent("load");
    await banner.getByRole("button", { name: "Atualizar" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await workers()).toEqual({ waiting: false, active: true });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(banner).toBeHidden();
  } finally {
    restore();
  }
});

test("with the worker in control, server-rendered screens still come from the server; offline, from the shell", async ({
  page,
  context,
}) => {
  await openApp(page);
  await controlledByWorker(page);
  const terms = await page.goto("/terms");
  expect(await terms?.text()).toMatch(/<div id="root"><.*Termos de Uso/s);
  await expect(page.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeVisible();

  await context.setOffline(true);
  const shell = await page.goto("/terms");
  expect(await shell?.text()).toContain('<div id="root"></div>');
  await expect(page.getByRole("heading", { level: 1, name: "Termos de Uso" })).toBeVisible();
  await context.setOffline(false);
});

test("a public Link Bio page shows none of the app's notices and is never answered by the worker", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const slug = await createPublicPage(page, baseURL!);
  await openApp(page);
  await controlledByWorker(page);

  await page.goto(`/p/${slug}`);
  await expect(page.getByRole("heading", { name: "Página da Paula" })).toBeVisible();
  await page.evaluate(() => {
    window.dispatchEvent(
      Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
      }),
    );
  });
  await context.setOffline(true);
  await page.clock.runFor(5_500);
  await expect(page.getByText(INSTALL_TITLE)).toHaveCount(0);
  await expect(page.getByText("Você está offline")).toHaveCount(0);
  await expect(page.getByText("Atualização Disponível")).toHaveCount(0);

  // Offline: the app's screens open from the worker's copy; /api/ and /p/ are not kept.
  await page.goto("/dashboard");
  await expect(page.locator("#root")).not.toBeEmpty();
  const apiFailed = await page.evaluate(() =>
    fetch("/api/auth/me").then(
      () => false,
      () => true,
    ),
  );
  expect(apiFailed).toBe(true);
  await expect(page.goto(`/p/${slug}`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);

  await page.goto("/auth");
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toContain("/index.html");
  expect(kept.filter((path) => /^\/(api|p|s|uploads)\//.test(path))).toEqual([]);
});
