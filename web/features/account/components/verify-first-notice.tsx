import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { authErrorMessage } from "@web/lib/auth-error";
import { resendVerification } from "@web/lib/session";
import { MailWarning } from "lucide-react";

/**
 * In place of a form that gives access from outside the site (API keys, webhooks) while the
 * account's address is unproven: why it waits, and the link sent again.
 */
export function VerifyFirstNotice({ what, email }: { what: string; email: string }) {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="flex items-start gap-2 font-semibold">
        <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Confirme seu email para criar {what}
      </p>
      <p className="mt-1 break-words">
        Qualquer pessoa pode se cadastrar com um email que não é dela. Por isso, {what}, que levam os dados da
        conta para fora do site, só ficam disponíveis depois que o dono de <strong>{email}</strong> abre o
        link de confirmação que enviamos.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
          Reenviar link de confirmação
        </Button>
        <span role="status">
          {resend.isSuccess ? resend.data.message : resend.isError ? authErrorMessage(resend.error) : ""}
        </span>
      </div>
    </div>
  );
}
