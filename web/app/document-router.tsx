import { type ReactNode, useSyncExternalStore } from "react";
import { createPath, type Location, type Navigator, Router, type To } from "react-router";

// The address, shared by every island of the page: a change one island makes is seen by the others.
let current: Location | undefined;
let currentHref = "";
const listeners = new Set<() => void>();

function snapshot(): Location {
  if (!current || window.location.href !== currentHref) {
    const { href, pathname, search, hash } = window.location;
    currentHref = href;
    current = { pathname, search, hash, state: null, key: "default" };
  }
  return current;
}

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("popstate", changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", changed);
  };
}

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

/**
 * Navigations are the browser's own: an island is a part of the page, not an app that could draw
 * another screen. Only a replace that keeps the path (a search box following its results, a notice
 * dropping its parameters) stays on the page, the address changed in place.
 */
const navigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => {
    const url = new URL(href(to), window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) {
      window.location.replace(url);
      return;
    }
    window.history.replaceState(window.history.state, "", url);
    changed();
  },
};

/** react-router for an island (its links, hooks and navigate()), on the page's own address. */
export function DocumentRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
