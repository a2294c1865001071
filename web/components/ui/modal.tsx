import { X } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";

type Props = {
  title: string;
  subtitle?: string;
  onClose: () => void;
  /** Tailwind max-width of the panel. */
  width?: string;
  /** false: Escape, the backdrop and ✕ do not close it (while a request whose outcome must be seen runs). */
  dismissible?: boolean;
  /** alertdialog: a question that interrupts (a confirmation), read out with its description. */
  role?: "dialog" | "alertdialog";
  /** The id of the text that says what the dialog is about (aria-describedby). */
  describedBy?: string;
  /** The control that takes the focus when it opens; else the first one. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

const focusablesIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];

/**
 * The dialogs open now, in the order they opened: only the last (a confirmation over an edit
 * dialog) answers Escape and keeps Tab inside itself.
 */
const openDialogs: HTMLElement[] = [];

/** Tab and Shift+Tab go round the dialog's own controls, never to the page behind it. */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement) {
  const items = focusablesIn(dialog);
  const active = document.activeElement;
  const inside = active !== dialog && dialog.contains(active);
  if (!items.length) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const edge = event.shiftKey ? items[0] : items[items.length - 1];
  if (!inside || active === edge) {
    event.preventDefault();
    (event.shiftKey ? items[items.length - 1] : items[0])!.focus();
  }
}

/**
 * A dialog over a dimmed page: closes on Escape, the backdrop and ✕ (spec 2: Escape closes modals).
 * It takes the focus when it opens, keeps Tab inside, and gives the focus back when it closes.
 * One opened over another (a confirmation over an edit) has Escape and Tab to itself.
 */
export function Modal({
  title,
  subtitle,
  onClose,
  width = "max-w-xl",
  dismissible = true,
  role = "dialog",
  describedBy,
  initialFocus,
  children,
}: Props) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Read during the render that opens it, before anything inside takes the focus.
  const [opener] = useState(() => document.activeElement);
  // The listener is registered once and reads the latest props.
  const latest = useRef({ onClose, dismissible });
  useLayoutEffect(() => {
    latest.current = { onClose, dismissible };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: initialFocus is read once, when it opens.
  useEffect(() => {
    const node = dialog.current!;
    openDialogs.push(node);
    if (!node.contains(document.activeElement)) {
      (initialFocus?.current ?? focusablesIn(node)[0] ?? node).focus();
    }
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== node) return;
      if (event.key === "Escape") {
        if (latest.current.dismissible) latest.current.onClose();
      } else if (event.key === "Tab") {
        keepTabInside(event, node);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      openDialogs.splice(openDialogs.indexOf(node), 1);
      // NOTE: by now the dialog has left the page and its focus fell to <body>; something else
      // given the focus on purpose keeps it.
      const focusLost =
        !document.activeElement ||
        document.activeElement === document.body ||
        node.contains(document.activeElement);
      if (focusLost && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus();
      }
    };
  }, [opener]);

  const close = () => {
    if (dismissible) onClose();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <button
        type="button"
        aria-label="Fechar"
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-black/50"
        onClick={close}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal. */}
      <div
        ref={dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative max-h-[92vh] w-full ${width} overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:rounded-2xl sm:p-6`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              {title}
            </h2>
            {subtitle ? <p className="truncate text-sm text-gray-500">{subtitle}</p> : null}
          </div>
          <button
            type="button"
            onClick={close}
            disabled={!dismissible}
            className="rounded-md p-1 text-gray-500 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40"
            aria-label="Fechar"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
