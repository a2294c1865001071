import { paths } from "@common/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BackLink } from "@web/components/ui/back-link";
import { Button } from "@web/components/ui/button";
import { PageHeader } from "@web/components/ui/page-header";
import { PasswordField } from "@web/components/ui/password-field";
import { Spinner } from "@web/components/ui/spinner";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { meQuery, useAuth } from "@web/lib/session";
import { AlertTriangle, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { accountStatusQuery, deleteAccount, GOOGLE_REAUTH_PATH } from "../api";
import { DataExportLink } from "./data-export-link";

const DELETED = [
  "Sua conta, nome, email, foto e senha",
  "Todas as suas páginas Link Bio, com os links e as imagens enviadas",
  "Todas as suas URLs encurtadas: deixam de funcionar na hora",
  "As estatísticas de cliques das suas páginas e links",
  "Sua assinatura (sem reembolso do período em curso) e as sessões abertas em todos os dispositivos",
];

const KEPT = [
  "Os registros dos pagamentos (valor, data, plano e identificador do pagamento), sem o seu nome, email ou dados de Pix e boleto, por 5 anos, como exige a lei fiscal.",
  "O registro de acesso desta exclusão e dos seus logins (data, hora, IP e porta), por 6 meses, como exige o Marco Civil da Internet (art. 15); depois é apagado automaticamente.",
];

/**
 * /profile/excluir-conta: what goes and what stays, then the confirmation with the password (or,
 * for an account without one, a fresh Google sign-in that comes back here with ?reauth=).
 */
export function AccountDeletionPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reauthToken = params.get("reauth") ?? "";
  const status = useQuery(accountStatusQuery);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const remove = useMutation({ mutationFn: deleteAccount });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const usePassword = status.data?.has_password !== false;
    if (usePassword && !password) {
      setError("Informe sua senha para excluir a conta");
      return;
    }
    try {
      const result = await remove.mutateAsync(
        usePassword ? { password } : { google_reauth_token: reauthToken },
      );
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, null);
      toast.success(result.message);
      navigate("/", { replace: true });
    } catch (e) {
      const message = errorMessage(e);
      if (e instanceof ApiError && e.field("password")) setError(e.field("password"));
      else setError(undefined);
      toast.error(message);
    }
  };

  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to={paths.profile}>Voltar ao perfil</BackLink>
      <PageHeader
        title="Excluir minha conta"
        description="A exclusão é definitiva e acontece na hora: não é possível desfazer."
      />
      <section
        aria-labelledby="excluir-o-que-sai"
        className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="excluir-o-que-sai" className="text-lg font-semibold text-gray-900">
          O que é apagado
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-gray-700">
          {DELETED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h2 className="mt-6 text-lg font-semibold text-gray-900">O que guardamos, e por quanto tempo</h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-gray-700">
          {KEPT.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-gray-600">
          Quer levar seus dados antes?{" "}
          <DataExportLink className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline" />
        </p>
      </section>

      <section
        aria-labelledby="excluir-confirmar"
        className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="excluir-confirmar" className="flex items-center gap-2 text-lg font-semibold text-red-700">
          <AlertTriangle className="h-5 w-5" aria-hidden />
          Confirmar a exclusão
        </h2>
        {status.isPending ? (
          <Spinner />
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            {status.data?.has_password === false ? (
              reauthToken ? (
                <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
                  <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  Identidade confirmada com o Google. Você já pode excluir a conta.
                </p>
              ) : (
                <div className="space-y-3 text-sm text-gray-700">
                  <p>Sua conta entra com o Google: confirme sua identidade com o Google para excluí-la.</p>
                  <a
                    href={GOOGLE_REAUTH_PATH}
                    className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50"
                  >
                    Confirmar com o Google
                  </a>
                </div>
              )
            ) : (
              <PasswordField
                label="Sua senha"
                name="password"
                autoComplete="current-password"
                hint="Para confirmar que é você."
                value={password}
                error={error}
                className="max-w-sm"
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(undefined);
                }}
              />
            )}
            {(status.data?.has_password !== false || reauthToken) && (
              <div className="flex flex-col-reverse gap-3 sm:flex-row">
                <Link
                  to={paths.profile}
                  className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
                >
                  Cancelar
                </Link>
                <Button type="submit" variant="danger" loading={remove.isPending}>
                  Excluir minha conta definitivamente
                </Button>
              </div>
            )}
          </form>
        )}
      </section>
    </div>
  );
}
