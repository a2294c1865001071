import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConnectivityToast, ONLINE_TOAST_MS } from "./connectivity-toast";

function connection(state: "offline" | "online") {
  Object.defineProperty(navigator, "onLine", { value: state === "online", configurable: true });
  act(() => {
    window.dispatchEvent(new Event(state));
  });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const liveRegion = () => screen.getByTestId("connectivity");

describe("ConnectivityToast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, "onLine");
  });

  it("shows nothing while online, in a live region that is already there", () => {
    render(<ConnectivityToast />);
    expect(liveRegion().textContent).toBe("");
    expect(liveRegion().getAttribute("aria-live")).toBe("polite");
  });

  it("'Você está offline' stays until the connection returns; 'Conexão restaurada' then lasts 3 s", () => {
    render(<ConnectivityToast />);
    connection("offline");
    expect(liveRegion().textContent).toBe("Você está offline");
    wait(60_000);
    expect(liveRegion().textContent).toBe("Você está offline");

    connection("online");
    expect(liveRegion().textContent).toBe("Conexão restaurada");
    wait(ONLINE_TOAST_MS - 1);
    expect(liveRegion().textContent).toBe("Conexão restaurada");
    wait(1);
    expect(liveRegion().textContent).toBe("");
  });

  it("going offline again within the 3 s keeps the offline toast", () => {
    render(<ConnectivityToast />);
    connection("offline");
    connection("online");
    wait(1000);
    connection("offline");
    wait(ONLINE_TOAST_MS);
    expect(liveRegion().textContent).toBe("Você está offline");
  });

  it("says so at once when the app opens without a connection", () => {
    Object.defineProperty(navigator, "onLine", { value: false, configurable: true });
    render(<ConnectivityToast />);
    expect(liveRegion().textContent).toBe("Você está offline");
  });
});
