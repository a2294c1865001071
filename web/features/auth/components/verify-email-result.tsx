import { AUTH_MESSAGES } from "@common/contract/auth";
import { paths } from "@common/paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Notice } from "@web/components/ui/notice";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { authErrorMessage } from "@web/lib/auth-error";
import { readSessionAnew } from "@web/lib/session";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { verifyEmail } from "../api";

/** Spends the link's token once on arrival and says how it went. */
export function VerifyEmailResult({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => readSessionAnew(queryClient),
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
        <Notice tone="error">{AUTH_MESSAGES.verifyLinkInvalid}</Notice>
        {next}
      </>
    );
  if (verify.isSuccess)
    return (
      <>
        <Notice tone="success">{verify.data.message}</Notice>
        {next}
      </>
    );
  if (verify.isError)
    return (
      <>
        <Notice tone="error">{authErrorMessage(verify.error)}</Notice>
        {next}
      </>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600">
      <SpinnerIcon /> Confirmando seu email...
    </p>
  );
}
