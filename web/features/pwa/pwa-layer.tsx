import { useLocation } from "react-router";
import { ConnectivityToast } from "./connectivity-toast";
import { InstallPrompt } from "./install-prompt";
import { UpdateBanner } from "./update-banner";

/** Spec section 2: none of the app's own notices on public Link Bio pages and short links. */
export function isPwaHiddenPath(pathname: string): boolean {
  return pathname.startsWith("/p/") || pathname.startsWith("/s/");
}

/**
 * The installable app's notices over every screen, stacked at the bottom (bottom right from the
 * small breakpoint): the update banner, the connectivity toast and the install card. Each renders
 * nothing until its effects have read the browser, so server-rendered screens hydrate unchanged.
 */
export function PwaLayer() {
  const { pathname } = useLocation();
  if (isPwaHiddenPath(pathname)) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-stretch gap-3 p-4 sm:items-end">
      <UpdateBanner />
      <ConnectivityToast />
      <InstallPrompt />
    </div>
  );
}
