// This browser's Web Push subscription: whether it can have one, the permission, and subscribing
// through the app's service worker (/sw.js, registered by web/features/pwa a few seconds after load).

/** Where this browser stands: no Web Push, notifications blocked, or subscribed or not. */
export type PushState = "unsupported" | "denied" | "on" | "off";

/** How long a subscribe waits for the app's worker to be active (its first install downloads the app). */
const WORKER_READY_MS = 15_000;

export const PUSH_WORKER_NOT_READY =
  "O app ainda está se preparando neste aparelho. Tente de novo em alguns segundos.";

export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** iPhone and iPad give Web Push only to an app added to the home screen, opened from there. */
export function needsHomeScreenApp(): boolean {
  const standalone = window.matchMedia?.("(display-mode: standalone)")?.matches ?? false;
  return /iPhone|iPad|iPod/.test(navigator.userAgent) && !standalone;
}

/** This browser's subscription, if it has one (no wait for a worker not registered yet). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const subscription = await currentPushSubscription().catch(() => null);
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/**
 * Asks the permission (first, while the tap still counts as the user's: Safari asks for that),
 * then subscribes with the server's key. "denied" when the browser or the user said no.
 */
export async function subscribePush(publicKey: () => Promise<string>): Promise<PushSubscription | "denied"> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const key = await publicKey();
  const registration = await workerReady();
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(key),
  });
}

async function workerReady(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(PUSH_WORKER_NOT_READY)), WORKER_READY_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A VAPID key as Web Push takes it: base64url text (no padding) to bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Browsers and systems by their user agent, the first that matches (Edge and Opera say Chrome too). */
const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/CriOS\/|Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Linux/, "Linux"],
];

/** How the device list names this browser: "Chrome no Android", "Safari no iPhone". */
export function deviceLabel(userAgent: string): string {
  const named = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = named(BROWSERS) ?? "Navegador";
  const system = named(SYSTEMS);
  return system ? `${browser} no ${system}` : browser;
}
