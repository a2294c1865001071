import { LINK_REPORT_PATH } from "@common/contract/link-reports";
import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { AlertTriangle, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

const PARAM = "aviso";
const VALUE = "link-indisponivel";

/**
 * The server sends visitors of an unknown or expired short link to /?aviso=link-indisponivel. The
 * notice is shown once and the parameter removed, so a reload or a shared address does not repeat it.
 */
export function UnavailableLinkNotice() {
  const [params, setParams] = useSearchParams();
  const flagged = params.get(PARAM) === VALUE;
  const [open, setOpen] = useState(flagged);

  useEffect(() => {
    if (!flagged) return;
    setOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [flagged, setParams]);

  if (!open) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4">
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 shadow-sm"
      >
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-500" aria-hidden />
        <p className="flex-1 text-sm font-medium">
          {SHORT_URL_MESSAGES.linkUnavailable}{" "}
          {/* The server's page (a full load): it works without JavaScript too. */}
          <a
            href={LINK_REPORT_PATH}
            className="font-semibold whitespace-nowrap underline hover:text-amber-950"
          >
            Denunciar link
          </a>
        </p>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="-m-1 rounded-md p-1 text-amber-700 hover:bg-amber-100"
          aria-label="Fechar aviso"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
