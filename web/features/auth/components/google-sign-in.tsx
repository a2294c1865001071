import { googleErrorMessage } from "@common/contract/auth";
import { useQuery } from "@tanstack/react-query";
import { GoogleLogo } from "@web/components/ui/google-logo";
import { Notice } from "@web/components/ui/notice";
import { systemStatusQuery } from "@web/lib/system-status";
import { useSearchParams } from "react-router";

export const GOOGLE_LOGIN_PATH = "/api/auth/google?intent=login";

/**
 * /auth's 'Entrar com Google' (shown only when the server has Google configured) and the message of
 * a Google sign-in that came back refused (`?google_error=<code>`). The button is a plain link to
 * the server, so it works before the page has hydrated; the status arrives with the server render.
 */
export function GoogleSignIn() {
  const status = useQuery(systemStatusQuery);
  const [params] = useSearchParams();
  const error = googleErrorMessage(params.get("google_error"));
  const enabled = status.data?.google_enabled === true;
  if (!enabled && !error) return null;
  return (
    <div className="mt-6 space-y-4">
      {error && <Notice tone="error">{error}</Notice>}
      {enabled && (
        <>
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-gray-500 uppercase">
            <span className="h-px flex-1 bg-gray-200" aria-hidden />
            ou
            <span className="h-px flex-1 bg-gray-200" aria-hidden />
          </div>
          <a
            href={GOOGLE_LOGIN_PATH}
            className="flex w-full items-center justify-center gap-3 rounded-lg bg-white px-4 py-3 text-sm font-semibold text-gray-800 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <GoogleLogo />
            Entrar com Google
          </a>
        </>
      )}
    </div>
  );
}
