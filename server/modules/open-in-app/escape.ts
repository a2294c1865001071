import type { OpenedIn } from "../../../db/schema";
import { androidBrowserIntent, appTargetOf, iosSafariUrl } from "./app-links";
import type { InAppBrowser } from "./in-app-browser";

/**
 * How a visitor inside a social app's in-app browser leaves it for `target` (issue 36):
 * - "app": the target belongs to a known app: Android's intent naming the app's package (the target
 *   as its fallback, which Android opens itself when the app is not installed), or iOS's scheme of
 *   the app (the page falls back to the target after a short wait);
 * - "browser": anything else, or an app with no scheme for this address on iOS: Android's intent
 *   to the default browser; on iOS Safari's x-safari-https address (iOS 17 and later) beside the
 *   instructions for the app's own menu; elsewhere the instructions only (`href` null).
 */
export type Escape = {
  kind: OpenedIn;
  /** Where the visitor is sent: the intent or scheme address; null when only instructions help. */
  href: string | null;
  /** The target's app ("YouTube"), for "app" only. */
  appName: string | null;
  /** Whether the page goes to `href` by itself (an intent, an app's scheme), or waits for a tap. */
  auto: boolean;
  /** iOS: after a short wait, the page goes on to the target itself (the app may not be installed). */
  fallback: boolean;
  browser: InAppBrowser;
  target: string;
};

export function escapeFor(browser: InAppBrowser, target: string): Escape {
  const base = { browser, target };
  try {
    return escapeTo(browser, target, base);
  } catch {
    // Not an http(s) address (no link of ours is): the instructions and the plain link only.
    return { ...base, kind: "browser", href: null, appName: null, auto: false, fallback: false };
  }
}

function escapeTo(browser: InAppBrowser, target: string, base: Pick<Escape, "browser" | "target">): Escape {
  const app = appTargetOf(target);
  if (browser.os === "android") {
    return app
      ? { ...base, kind: "app", href: app.android, appName: app.name, auto: true, fallback: false }
      : {
          ...base,
          kind: "browser",
          href: androidBrowserIntent(target),
          appName: null,
          auto: true,
          fallback: false,
        };
  }
  if (browser.os === "ios") {
    return app?.ios
      ? { ...base, kind: "app", href: app.ios, appName: app.name, auto: true, fallback: true }
      : { ...base, kind: "browser", href: iosSafariUrl(target), appName: null, auto: false, fallback: false };
  }
  return { ...base, kind: "browser", href: null, appName: null, auto: false, fallback: false };
}
