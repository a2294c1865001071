import { APP_NAME } from "@common/brand";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INSTALL_DISMISSAL_MS, INSTALL_DISMISSED_KEY } from "./install-dismissal";
import { INSTALL_PROMPT_DELAY_MS, InstallPrompt } from "./install-prompt";

const TITLE = `Instalar ${APP_NAME}PRO`;
const NOW = new Date("2025-10-01T12:00:00Z").getTime();
/** When a click on the card shown at the first chance happens. */
const SHOWN_AT = NOW + INSTALL_PROMPT_DELAY_MS;

/** What Chromium dispatches when the app can be installed, with its dialog recorded. */
function browserSaysInstallable(outcome: "accepted" | "dismissed" = "accepted") {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome, platform: "web" }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const card = () => screen.queryByRole("region", { name: TITLE });

/** The display mode media query as the installed app answers it. */
function displayModeStandalone(matches: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: matches && query === "(display-mode: standalone)",
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe("InstallPrompt", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "standalone");
  });

  it("renders nothing before the browser says the app can be installed", () => {
    const { container } = render(<InstallPrompt />);
    wait(60_000);
    expect(container.innerHTML).toBe("");
  });

  it("appears 5 seconds after beforeinstallprompt, not before, and holds back the browser's own bar", () => {
    render(<InstallPrompt />);
    const event = browserSaysInstallable();
    expect(event.defaultPrevented).toBe(true);
    wait(INSTALL_PROMPT_DELAY_MS - 1);
    expect(card()).toBeNull();
    wait(1);
    const region = card();
    expect(region).not.toBeNull();
    for (const benefit of ["Acesso instantâneo", "Funciona offline", "Notificações push"]) {
      expect(screen.getByText(benefit)).toBeTruthy();
    }
    expect(screen.getByRole("button", { name: "Instalar App" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Agora não" })).toBeTruthy();
  });

  it("'Agora não' hides it and stores the time; within 7 days it stays away, after that it returns", () => {
    const first = render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole("button", { name: "Agora não" }));
    expect(card()).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe(String(SHOWN_AT));
    first.unmount();

    // A later visit whose card would show one minute short of 7 days after the dismissal.
    vi.setSystemTime(SHOWN_AT + INSTALL_DISMISSAL_MS - 60_000 - INSTALL_PROMPT_DELAY_MS);
    const second = render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).toBeNull();
    second.unmount();

    // Exactly 7 days after.
    vi.setSystemTime(SHOWN_AT + INSTALL_DISMISSAL_MS - INSTALL_PROMPT_DELAY_MS);
    render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).not.toBeNull();
  });

  it("Escape inside the card counts as 'Agora não'", () => {
    render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    const later = screen.getByRole("button", { name: "Agora não" });
    later.focus();
    fireEvent.keyDown(later, { key: "Escape" });
    expect(card()).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe(String(SHOWN_AT));
  });

  it("'Instalar App' opens the browser's dialog once and hides the card", async () => {
    render(<InstallPrompt />);
    const event = browserSaysInstallable("accepted");
    wait(INSTALL_PROMPT_DELAY_MS);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Instalar App" }));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it("a refusal in the browser's dialog counts as a dismissal", async () => {
    render(<InstallPrompt />);
    browserSaysInstallable("dismissed");
    wait(INSTALL_PROMPT_DELAY_MS);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Instalar App" }));
    });
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe(String(SHOWN_AT));
  });

  it("never appears in the installed app (display mode standalone)", () => {
    displayModeStandalone(true);
    render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).toBeNull();
  });

  it("never appears when opened from the iOS home screen", () => {
    Object.defineProperty(navigator, "standalone", { value: true, configurable: true });
    render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).toBeNull();
  });

  it("appinstalled hides it, shown or still waiting", () => {
    displayModeStandalone(false);
    render(<InstallPrompt />);
    browserSaysInstallable();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(card()).toBeNull();

    browserSaysInstallable();
    wait(1000);
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).toBeNull();
  });
});
