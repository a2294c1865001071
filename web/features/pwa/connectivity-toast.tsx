import { Wifi, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";

/** Spec section 9: 'Conexão restaurada' stays 3 seconds; 'Você está offline' until back online. */
export const ONLINE_TOAST_MS = 3000;

type Connectivity = "unknown" | "offline" | "restored" | "online";

/**
 * The connection's state as a toast. Its own element rather than a sonner toast: the offline one
 * must stay until the connection returns, whatever other toasts come and go. The live region
 * exists from the first effect on, so screen readers announce each change; it has no role of its
 * own, so it is not one more empty "status" on every screen.
 */
export function ConnectivityToast() {
  const [state, setState] = useState<Connectivity>("unknown");

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOffline = () => {
      clearTimeout(timer);
      setState("offline");
    };
    const onOnline = () => {
      clearTimeout(timer);
      setState("restored");
      timer = setTimeout(() => setState("online"), ONLINE_TOAST_MS);
    };
    setState(navigator.onLine === false ? "offline" : "online");
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, []);

  if (state === "unknown") return null;
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      data-testid="connectivity"
      className="pointer-events-auto self-center sm:self-end"
    >
      {state === "offline" && (
        <p className="flex items-center gap-2 rounded-full bg-gray-900 px-4 py-2.5 font-medium text-sm text-white shadow-lg">
          <WifiOff className="h-4 w-4" aria-hidden />
          Você está offline
        </p>
      )}
      {state === "restored" && (
        <p className="flex items-center gap-2 rounded-full bg-green-700 px-4 py-2.5 font-medium text-sm text-white shadow-lg">
          <Wifi className="h-4 w-4" aria-hidden />
          Conexão restaurada
        </p>
      )}
    </div>
  );
}
