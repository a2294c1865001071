import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

export const UNSAVED_CHANGES_MESSAGE = "Você tem alterações não salvas. Deseja sair mesmo assim?";

/**
 * Unsaved changes are never lost silently: the browser asks on reload/close, the router asks on
 * in-app navigation. `allowNextNavigation` lets a save move on without asking.
 */
export function useUnsavedChangesWarning(dirty: boolean): { allowNextNavigation: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

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
