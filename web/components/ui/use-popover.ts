import { type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * Closes an open popover on a pointer press outside `container`, when the focus moves out of it
 * (Tab past its last entry), or on Escape. Escape also returns focus to `trigger`, so keyboard users
 * are not left on a vanished element.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close, container, trigger]);
}

/** An open/closed popover (menu) that closes on an outside press or Escape, with its refs and panel id. */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, close, container, trigger);
  return { open, close, toggle, container, trigger, panelId };
}
