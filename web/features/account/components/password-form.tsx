import { passwordChangeSchema } from "@common/contract/account";
import { PASSWORD_HINT } from "@common/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { CheckboxField } from "@web/components/ui/checkbox-field";
import { PasswordField } from "@web/components/ui/password-field";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { issuesByField } from "@web/lib/form-errors";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { changePassword, sessionsQuery } from "../api";
import { apiKeysQuery } from "../api-keys";
import { webhooksQuery } from "../webhooks";

type Field = "current_password" | "new_password";
const EMPTY: Record<Field, string> = { current_password: "", new_password: "" };

/**
 * A new password, proven by the current one; the server ends the other devices' sessions and, unless
 * the box is unticked, revokes the API keys and switches off the webhooks (a key outlives a session).
 */
export function PasswordForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [revokeOutside, setRevokeOutside] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useMutation({ mutationFn: changePassword });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse({ ...values, revoke_api_keys: revokeOutside });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    try {
      const result = await change.mutateAsync(parsed.data);
      setValues(EMPTY);
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({
          current_password: error.field("current_password"),
          new_password: error.field("new_password"),
        });
      }
      toast.error(errorMessage(error));
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="Senha atual" autoComplete="current-password" {...field("current_password")} />
        <PasswordField
          label="Nova senha"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field("new_password")}
        />
      </div>
      <CheckboxField
        label="Revogar as chaves de API e desligar os webhooks"
        hint="Recomendado se alguém mais pode ter usado a sua conta: uma chave continua valendo depois que as sessões terminam."
        checked={revokeOutside}
        onChange={setRevokeOutside}
      />
      <Button type="submit" loading={change.isPending}>
        Alterar senha
      </Button>
    </form>
  );
}
