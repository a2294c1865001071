import { APP_NAME } from "@common/brand";
import { Button } from "@web/components/ui/button";
import { RefreshCw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { activateUpdate, onUpdateWaiting, registerServiceWorker } from "./service-worker";

/**
 * 'Atualização Disponível' once a new version of the app waits behind the one in use.
 * 'Atualizar' switches now (the page reloads); 'Mais tarde' hides the banner and the new version
 * starts on a later visit, once no tab runs the old one.
 */
export function UpdateBanner() {
  const [waiting, setWaiting] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [updating, setUpdating] = useState(false);
  const titleId = useId();

  useEffect(() => {
    registerServiceWorker();
    return onUpdateWaiting(() => setWaiting(true));
  }, []);

  if (!waiting || dismissed) return null;
  const update = () => {
    setUpdating(true);
    activateUpdate();
  };
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-auto w-full rounded-2xl bg-white p-4 shadow-xl ring-1 ring-gray-200 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <RefreshCw className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-gray-900 text-sm">
            Atualização Disponível
          </h2>
          <p className="mt-0.5 text-gray-600 text-sm">{`Uma nova versão do ${APP_NAME} está pronta.`}</p>
        </div>
      </div>
      <div className="mt-4 flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={() => setDismissed(true)}>
          Mais tarde
        </Button>
        <Button className="flex-1" loading={updating} onClick={update}>
          Atualizar
        </Button>
      </div>
    </section>
  );
}
