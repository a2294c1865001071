import { googleErrorMessage } from "@common/contract/auth";
import { useQuery } from "@tanstack/react-query";
import { AlertCircle } from "lucide-react";
import { useSearchParams } from "react-router";
import { systemStatusQuery } from "../api";

export const GOOGLE_LOGIN_PATH = "/api/auth/google?intent=login";

/** Google's "G", in its own colours (Google's sign-in branding). */
export function GoogleLogo({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

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
      {error && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{error}</span>
        </div>
      )}
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
