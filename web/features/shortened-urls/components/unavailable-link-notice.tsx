import { linkReportPath } from "@common/contract/link-reports";
import { LINK_UNAVAILABLE_LINK_PARAM, SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { AlertTriangle, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

const PARAM = "aviso";
const VALUE = "link-indisponivel";

/** Whether the address is the one the server sends a dead short link's visitor to. */
export const isUnavailableLinkVisit = (params: URLSearchParams) => params.get(PARAM) === VALUE;

/** Only a web address is passed on to the report form (the parameter is anyone's to write). */
const webAddress = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value : null);

/**
 * The server sends visitors of an unknown or expired short link to
 * /?aviso=link-indisponivel&link={the short link}. The notice is shown once and the parameters
 * removed, so a reload or a shared address does not repeat it; its 'Denunciar link' opens the form
 * with the short link filled in.
 */
export function UnavailableLinkNotice() {
  const [params, setParams] = useSearchParams();
  const flagged = isUnavailableLinkVisit(params);
  const [open, setOpen] = useState(flagged);
  const [reported, setReported] = useState(() => webAddress(params.get(LINK_UNAVAILABLE_LINK_PARAM)));

  useEffect(() => {
    if (!flagged) return;
    setOpen(true);
    setReported(webAddress(params.get(LINK_UNAVAILABLE_LINK_PARAM)));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        next.delete(LINK_UNAVAILABLE_LINK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [flagged, params, setParams]);

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
            href={linkReportPath(reported)}
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
