import { ACCOUNT_MESSAGES, emailChangeSchema } from "@common/contract/account";
import type { SessionUser } from "@common/contract/auth";
import { formatDateTimeBR } from "@common/time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { PasswordField } from "@web/components/ui/password-field";
import { Spinner } from "@web/components/ui/spinner";
import { EmailField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { useContractForm } from "@web/lib/use-contract-form";
import { MailCheck } from "lucide-react";
import { toast } from "sonner";
import { accountStatusQuery, cancelEmailChange, requestEmailChange } from "../api";

/**
 * The account's e-mail and its change: the current password proves the owner, a link goes to the new
 * address, and the change waits (shown here, cancellable) until that link is followed.
 */
export function EmailChangeForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const status = useQuery(accountStatusQuery);
  const change = useMutation({ mutationFn: requestEmailChange });
  const cancel = useMutation({ mutationFn: cancelEmailChange });

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountStatusQuery.queryKey });

  const form = useContractForm({
    schema: emailChangeSchema,
    initialValues: { new_email: "", current_password: "" },
    onSubmit: async (body) => {
      const result = await change.mutateAsync(body);
      form.reset();
      toast.success(result.message);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const onCancel = async () => {
    try {
      toast.success((await cancel.mutateAsync()).message);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (status.isPending) return <Spinner />;
  const pending = status.data?.pending_email_change ?? null;
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        Email atual: <strong className="break-all font-semibold text-gray-900">{user.email}</strong>
      </p>
      {pending && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="flex items-start gap-2">
            <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              Troca pendente para <strong className="break-all">{pending.new_email}</strong>: abra o link que
              enviamos para esse endereço (válido até {formatDateTimeBR(pending.expires_at)}).
            </span>
          </span>
          <Button variant="secondary" onClick={onCancel} loading={cancel.isPending} className="shrink-0">
            Cancelar troca
          </Button>
        </div>
      )}
      {status.data?.has_password === false ? (
        <p className="text-sm text-gray-600">{ACCOUNT_MESSAGES.emailNoPassword}</p>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <EmailField label="Novo email" maxLength={254} {...form.field("new_email")} />
            <PasswordField
              label="Sua senha"
              autoComplete="current-password"
              hint="Para confirmar que é você."
              {...form.field("current_password")}
            />
          </div>
          <Button type="submit" loading={form.busy}>
            Trocar email
          </Button>
        </form>
      )}
    </div>
  );
}
