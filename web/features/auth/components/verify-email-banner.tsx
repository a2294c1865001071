import { useMutation } from "@tanstack/react-query";
import { authErrorMessage } from "@web/lib/auth-error";
import { resendVerification, useAuth } from "@web/lib/session";
import { MailWarning, X } from "lucide-react";
import { useEffect, useState } from "react";

const DISMISSED_KEY = "atalho:verify-email-banner-dismissed";

/**
 * Until the user follows the verification link: a notice with 'Reenviar link'. Dismissed, it stays
 * away for this browser session only (sessionStorage), read after mounting.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(true);
  const resend = useMutation({ mutationFn: resendVerification });

  useEffect(() => {
    try {
      setDismissed(sessionStorage.getItem(DISMISSED_KEY) === "1");
    } catch {
      setDismissed(false);
    }
  }, []);

  if (!user || user.email_verified || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // storage refused: dismissed until the next load
    }
  };

  return (
    <section
      aria-label="Confirmação de email"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <MailWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Confirme seu email</p>
        <p className="mt-0.5 break-words">
          Enviamos um link de confirmação para <strong>{user.email}</strong>. Sem confirmar, você usa o Atalho
          normalmente, mas não pode assinar um plano pago nem criar chaves de API e webhooks.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="button"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700 disabled:opacity-60"
          >
            {resend.isPending ? "Enviando..." : "Reenviar link"}
          </button>
          <span role="status">
            {resend.isSuccess ? resend.data.message : resend.isError ? authErrorMessage(resend.error) : ""}
          </span>
        </div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dispensar aviso"
        className="-m-1 rounded-md p-1 text-amber-800 hover:bg-amber-100"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </section>
  );
}
