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
afterAll(() => {
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
});
