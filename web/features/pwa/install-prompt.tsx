import { APP_NAME } from "@common/brand";
import { Button } from "@web/components/ui/button";
import { Bell, Link2, WifiOff, Zap } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { rememberInstallDismissal, wasInstallDismissedRecently } from "./install-dismissal";

/** Spec section 9: the card waits 5 seconds after the browser says the app can be installed. */
export const INSTALL_PROMPT_DELAY_MS = 5000;

/** Chromium's event (not in TypeScript's DOM types): the browser's install dialog, held for later. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

/** Already opened as an installed app (Android/desktop display mode, or iOS home screen). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

const BENEFITS = [
  { icon: Zap, text: "Acesso instantâneo" },
  { icon: WifiOff, text: "Funciona offline" },
  { icon: Bell, text: "Notificações push" },
];

/**
 * 'Instalar AtalhoPRO': offered 5 s after `beforeinstallprompt` (whose default mini-infobar is
 * held back), never in the installed app nor within 7 days of 'Agora não'. Not modal: it takes
 * no focus, and Escape inside it counts as 'Agora não'.
 */
export function InstallPrompt() {
  const [visible, setVisible] = useState(false);
  const deferred = useRef<BeforeInstallPromptEvent | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (isStandalone()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onBeforeInstallPrompt = (event: Event) => {
      event.preventDefault();
      deferred.current = event as BeforeInstallPromptEvent;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (deferred.current && !wasInstallDismissedRecently(Date.now())) setVisible(true);
      }, INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => {
      clearTimeout(timer);
      deferred.current = null;
      setVisible(false);
    };
    window.addEventListener("beforeinstallprompt", onBeforeInstallPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("beforeinstallprompt", onBeforeInstallPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!visible) return null;

  const dismiss = () => {
    rememberInstallDismissal(Date.now());
    setVisible(false);
  };
  const install = async () => {
    const event = deferred.current;
    // The browser's dialog can be shown only once per event.
    deferred.current = null;
    setVisible(false);
    if (!event) return;
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === "dismissed") rememberInstallDismissal(Date.now());
    } catch {
      // The browser refused to show its dialog (e.g. already shown): nothing more to offer now.
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") dismiss();
  };

  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
      className="pointer-events-auto w-full rounded-2xl bg-white p-5 shadow-xl ring-1 ring-gray-200 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
          <Link2 className="h-6 w-6" aria-hidden strokeWidth={2.5} />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-base text-gray-900">
            {`Instalar ${APP_NAME}PRO`}
          </h2>
          <p id={descriptionId} className="mt-0.5 text-gray-600 text-sm">
            {`Abra o ${APP_NAME} direto da tela inicial.`}
          </p>
        </div>
      </div>
      <ul className="mt-4 space-y-2 text-gray-700 text-sm">
        {BENEFITS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2.5">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={dismiss}>
          Agora não
        </Button>
        <Button className="flex-1" onClick={() => void install()}>
          Instalar App
        </Button>
      </div>
    </section>
  );
}
