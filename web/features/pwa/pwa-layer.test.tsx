import { APP_NAME } from "@common/brand";
import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INSTALL_PROMPT_DELAY_MS } from "./install-prompt";
import { PwaLayer } from "./pwa-layer";

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <PwaLayer /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

/** The browser signals installability and the connection drops, then 5 s pass. */
function installableThenOffline() {
  act(() => {
    window.dispatchEvent(
      Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: "accepted" }),
      }),
    );
    window.dispatchEvent(new Event("offline"));
  });
  act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
}

describe("PwaLayer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it("shows the install card and the offline toast on the app's screens", () => {
    renderAt("/dashboard");
    installableThenOffline();
    expect(screen.getByRole("region", { name: `Instalar ${APP_NAME}PRO` })).toBeTruthy();
    expect(screen.getByText("Você está offline")).toBeTruthy();
  });

  it.each(["/p/minha-pagina", "/s/abc123"])("shows none of them on %s", (path) => {
    renderAt(path);
    installableThenOffline();
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.queryByTestId("connectivity")).toBeNull();
    expect(screen.queryByText("Você está offline")).toBeNull();
  });

  it("renders no notice on the server, so a server-rendered screen hydrates unchanged", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/"]}>
        <PwaLayer />
      </MemoryRouter>,
    );
    expect(html).not.toMatch(/aria-live|<section|<p/);
  });
});
