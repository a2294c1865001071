import { errorMessage } from "@web/lib/api-client";
import { TriangleAlert } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useId, useRef, useState } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

export type ConfirmOptions = {
  /** The question, naming the object: “Excluir o plano Enterprise?”. */
  title: string;
  /** What happens if the user goes on (the consequence). */
  body: ReactNode;
  /** The action, as the button says it: “Excluir plano”. */
  confirmLabel: string;
  /** “Cancelar” unless that reads as the action itself (“Manter assinatura”). */
  cancelLabel?: string;
  /** Destructive: a red button, and the focus starts on the way out rather than on the action. */
  danger?: boolean;
  /**
   * The work the confirmation is for. The dialog stays open while it runs (its buttons busy,
   * Escape ignored); a failure is shown in the dialog, to try again or cancel.
   */
  action?: () => Promise<unknown>;
  /** The words for a failure of `action`: by default the server's message, else a generic one. */
  describeError?: (error: unknown) => string;
};

/** Resolves true once confirmed (and its action done), false when the user backs out. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

type Props = ConfirmOptions & { onDone: (confirmed: boolean) => void };

/**
 * The one confirmation of the app (never the browser's native dialog): a title that names the object,
 * the consequence, a button that says the action, the pending state and the failure inside it.
 * Focus, Tab and Escape are the Modal's.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel = "Cancelar",
  danger = false,
  action,
  describeError = (error) => errorMessage(error),
  onDone,
}: Props) {
  const bodyId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const onConfirm = async () => {
    if (!action) return onDone(true);
    setPending(true);
    setError(null);
    try {
      await action();
      onDone(true);
    } catch (failure) {
      setError(describeError(failure));
      setPending(false);
    }
  };

  return (
    <Modal
      title={title}
      role="alertdialog"
      describedBy={bodyId}
      onClose={() => onDone(false)}
      width="max-w-md"
      dismissible={!pending}
      initialFocus={danger ? cancelButton : confirmButton}
    >
      <div id={bodyId} className="space-y-2 text-sm text-gray-700">
        {typeof body === "string" ? <p>{body}</p> : body}
      </div>
      {error && (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={cancelButton} variant="secondary" onClick={() => onDone(false)} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          ref={confirmButton}
          variant={danger ? "danger" : "primary"}
          onClick={onConfirm}
          loading={pending}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

const ConfirmContext = createContext<Confirm | null>(null);

type Open = { key: number; options: ConfirmOptions; resolve: (confirmed: boolean) => void };

/**
 * Holds the confirmation dialog for everything inside it (the app shell; the tests' render).
 * One at a time: asking while one is open answers the new question false.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const opened = useRef(0);
  const isOpen = useRef(false);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        if (isOpen.current) return resolve(false);
        isOpen.current = true;
        opened.current += 1;
        setOpen({ key: opened.current, options, resolve });
      }),
    [],
  );

  const done = (confirmed: boolean) => {
    isOpen.current = false;
    open?.resolve(confirmed);
    setOpen(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {open && <ConfirmDialog key={open.key} {...open.options} onDone={done} />}
    </ConfirmContext.Provider>
  );
}

/**
 * The app's confirm: `if (await askConfirm({ title, body, confirmLabel, action })) toast.success(...)`.
 * Put the work in `action` so that the dialog shows it pending and shows its failure.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (confirm) return confirm;
  return () => Promise.reject(new Error("useConfirm: no <ConfirmProvider> above this component"));
}
