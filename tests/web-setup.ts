import { focusManager, onlineManager } from "@tanstack/react-query";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterAll, afterEach, vi } from "vitest";

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: a screen's first render under jsdom
// takes more than a second on a loaded 2-core machine (the API half of the suite runs beside it),
// and a 1 s wait failed assertions that were true a moment later (shortened-url-list, in CI).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in its module: the next screen's toaster would show this one's.
  toast.dismiss();
});

// The web project shares one worker (and its DOM) between files (vitest.config.ts): what a file
// leaves behind is cleared when it ends, and our modules are evaluated again for the next file,
// so that no module-level state (the document router, the service worker's flags) crosses files.
// Libraries are not evaluated again: React Query's managers follow the window's events while a
// client is mounted, so a root a file hydrated itself and left mounted would keep listening, and a
// later file's "offline" would pause every query after it. Such a root fails its file here.
afterAll(() => {
  const clientLeftMounted = onlineManager.hasListeners();
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
  vi.resetModules();
  if (clientLeftMounted) {
    throw new Error(
      "a QueryClient is still mounted after the file: unmount the roots it rendered or hydrated",
    );
  }
});
