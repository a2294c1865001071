import { passwordChangeSchema } from "@common/contract/account";
import { PASSWORD_HINT } from "@common/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { PasswordField } from "@web/components/ui/password-field";
import { errorMessage } from "@web/lib/api-client";
import { useContractForm } from "@web/lib/use-contract-form";
import { toast } from "sonner";
import { changePassword, sessionsQuery } from "../api";
import { apiKeysQuery } from "../api-keys";
import { webhooksQuery } from "../webhooks";

/**
 * A new password, proven by the current one; the server ends the other devices' sessions and, unless
 * the box is unticked, revokes the API keys and switches off the webhooks (a key outlives a session).
 */
export function PasswordForm() {
  const queryClient = useQueryClient();
  const change = useMutation({ mutationFn: changePassword });
  const form = useContractForm({
    schema: passwordChangeSchema,
    initialValues: { current_password: "", new_password: "", revoke_api_keys: true },
    onSubmit: async (body) => {
      const result = await change.mutateAsync(body);
      form.setValues((values) => ({ ...values, current_password: "", new_password: "" }));
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="Senha atual"
          autoComplete="current-password"
          {...form.field("current_password")}
        />
        <PasswordField
          label="Nova senha"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...form.field("new_password")}
        />
      </div>
      <CheckboxField
        label="Revogar as chaves de API e desligar os webhooks"
        hint="Recomendado se alguém mais pode ter usado a sua conta: uma chave continua valendo depois que as sessões terminam."
        checked={form.values.revoke_api_keys}
        onChange={(on) => form.setValue("revoke_api_keys", on)}
      />
      <Button type="submit" loading={form.busy}>
        Alterar senha
      </Button>
    </form>
  );
}
