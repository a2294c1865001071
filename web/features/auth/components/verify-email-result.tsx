import { AUTH_MESSAGES } from "@common/contract/auth";
import { paths } from "@common/paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { authErrorMessage } from "@web/lib/auth-error";
import { meQuery } from "@web/lib/session";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { verifyEmail } from "../api";
import { FormAlert } from "./auth-shell";

/** Spends the link's token once on arrival and says how it went. */
export function VerifyEmailResult({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development: a second call would find it used.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const next = (
    <Link
      to={paths.dashboard}
      className="mt-6 block text-center text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
    >
      Ir para o painel
    </Link>
  );
  if (!token)
    return (
      <>
        <FormAlert>
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{AUTH_MESSAGES.verifyLinkInvalid}</span>
        </FormAlert>
        {next}
      </>
    );
  if (verify.isSuccess)
    return (
      <>
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800"
        >
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{verify.data.message}</span>
        </div>
        {next}
      </>
    );
  if (verify.isError)
    return (
      <>
        <FormAlert>
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{authErrorMessage(verify.error)}</span>
        </FormAlert>
        {next}
      </>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600">
      <SpinnerIcon /> Confirmando seu email...
    </p>
  );
}
