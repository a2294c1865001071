import { ACCOUNT_MESSAGES } from "@common/contract/account";
import { paths } from "@common/paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Notice } from "@web/components/ui/notice";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { readSessionAnew } from "@web/lib/session";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { accountStatusQuery, confirmEmailChange } from "../api";

/** /auth/confirmar-email: spends the link's token once on arrival and says how it went. */
export function EmailChangeResult({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => readSessionAnew(queryClient, accountStatusQuery.queryKey),
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development: a second call would find it used.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  const next = (
    <Link
      to={paths.profile}
      className="mt-6 block text-center text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
    >
      Ir para o meu perfil
    </Link>
  );
  const failure = (message: string) => (
    <>
      <Notice tone="error">{message}</Notice>
      {next}
    </>
  );
  if (!token) return failure(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
  if (confirm.isError) return failure(errorMessage(confirm.error));
  if (confirm.isSuccess)
    return (
      <>
        <Notice tone="success">
          {confirm.data.message}. Use <strong className="break-all">{confirm.data.email}</strong> para entrar
          de agora em diante.
        </Notice>
        {next}
      </>
    );
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600">
      <SpinnerIcon /> Confirmando seu novo email...
    </p>
  );
}
