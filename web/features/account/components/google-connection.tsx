import {
  type AuthResponse,
  GOOGLE_ERRORS,
  GOOGLE_MESSAGES,
  googleErrorMessage,
  type SessionUser,
} from "@common/contract/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { GoogleLogo } from "@web/components/ui/google-logo";
import { api, errorMessage } from "@web/lib/api-client";
import { meQuery } from "@web/lib/session";
import { systemStatusQuery } from "@web/lib/system-status";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";

export const GOOGLE_LINK_PATH = "/api/auth/google?intent=link";

const unlinkGoogle = () => api<AuthResponse>("/api/user/google/unlink", { method: "POST", body: {} });

function Notice({ tone, children }: { tone: "success" | "error" | "info"; children: string }) {
  const styles = {
    success: "border-green-200 bg-green-50 text-green-800",
    error: "border-red-200 bg-red-50 text-red-700",
    info: "border-gray-200 bg-gray-50 text-gray-700",
  }[tone];
  const Icon = tone === "success" ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm ${styles}`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}

/**
 * The profile's Google card: linked or not, 'Vincular conta Google' (a link to the server, which
 * sends the browser to Google and back to /profile with `?google=linked` or `?google_error=`), and
 * 'Desvincular' after a confirmation, refused while the account has no password.
 */
export function GoogleConnection({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const status = useQuery(systemStatusQuery);
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const unlink = useMutation({ mutationFn: unlinkGoogle });

  const fromRedirect = googleErrorMessage(params.get("google_error"));
  const linkedNow = params.get("google") === "linked";
  const notice =
    result ??
    (fromRedirect
      ? { tone: "error" as const, text: fromRedirect }
      : linkedNow && user.google_linked
        ? { tone: "success" as const, text: GOOGLE_MESSAGES.linked }
        : null);

  /** The redirect's message is said once: the query goes when the person acts. */
  const clearRedirect = () => {
    if (!params.has("google") && !params.has("google_error")) return;
    const next = new URLSearchParams(params);
    next.delete("google");
    next.delete("google_error");
    setParams(next, { replace: true });
  };

  const onUnlink = async () => {
    clearRedirect();
    try {
      const answer = await unlink.mutateAsync();
      if (answer.user) queryClient.setQueryData<SessionUser | null>(meQuery.queryKey, answer.user);
      setResult({ tone: "success", text: answer.message || GOOGLE_MESSAGES.unlinked });
    } catch (error) {
      setResult({ tone: "error", text: errorMessage(error) });
    } finally {
      setConfirming(false);
    }
  };

  const enabled = status.data?.google_enabled === true;

  return (
    <div className="space-y-4">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-gray-200">
            <GoogleLogo />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-gray-900">Google</p>
            <p className="text-sm text-gray-600">
              {user.google_linked
                ? "Conta Google vinculada: você pode entrar com o Google."
                : "Não vinculada."}
            </p>
          </div>
        </div>
        {user.google_linked
          ? !confirming && (
              <Button
                variant="secondary"
                onClick={() => {
                  setResult(null);
                  setConfirming(true);
                }}
                disabled={!user.has_password}
              >
                Desvincular
              </Button>
            )
          : enabled &&
            user.email_verified && (
              <a
                href={GOOGLE_LINK_PATH}
                className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-gray-800 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Vincular conta Google
              </a>
            )}
      </div>

      {user.google_linked && !user.has_password && <Notice tone="info">{GOOGLE_MESSAGES.noPassword}</Notice>}
      {!user.google_linked && enabled && !user.email_verified && (
        <Notice tone="info">{GOOGLE_ERRORS.unverified}</Notice>
      )}
      {!user.google_linked && status.isSuccess && !enabled && (
        <p className="text-sm text-gray-500">{GOOGLE_ERRORS.disabled}</p>
      )}

      {confirming && (
        <fieldset
          aria-label="Confirmar desvinculação"
          className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3"
        >
          <p className="text-sm text-amber-900">
            Desvincular a conta Google? Depois disso, você entra só com email e senha.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" onClick={onUnlink} loading={unlink.isPending}>
              Sim, desvincular
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={unlink.isPending}>
              Cancelar
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
