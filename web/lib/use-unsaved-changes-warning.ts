import { useConfirm } from "@web/components/ui/confirm-dialog";
import { useEffect, useRef } from "react";
import { type Blocker, useBlocker } from "react-router";

export const UNSAVED_CHANGES_MESSAGE = "Você tem alterações não salvas. Deseja sair mesmo assim?";

/**
 * Unsaved changes are never lost silently: the browser asks on reload/close (its own dialog, the
 * only one a page cannot replace), our confirmation on in-app navigation. `allowNextNavigation`
 * lets a save move on without asking. `what` names what is being edited (“o post “Título””).
 */
export function useUnsavedChangesWarning(dirty: boolean, what?: string): { allowNextNavigation: () => void } {
  const allowed = useRef(false);
  const askConfirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocked navigation already asked about: a blocker is a new object for each navigation it
  // holds (two in one render batch keep the same state).
  const askedAbout = useRef<Blocker | null>(null);

  useEffect(() => {
    if (blocker.state !== "blocked" || askedAbout.current === blocker) return;
    askedAbout.current = blocker;
    askConfirm({
      title: what ? `Sair sem salvar ${what}?` : "Sair sem salvar?",
      body: UNSAVED_CHANGES_MESSAGE,
      confirmLabel: "Sair sem salvar",
      cancelLabel: "Continuar editando",
      danger: true,
    }).then(
      (leave) => (leave ? blocker.proceed() : blocker.reset()),
      () => blocker.reset(),
    );
  }, [blocker, askConfirm, what]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  return {
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
