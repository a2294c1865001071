import { revokedAccessWords } from "@common/contract/account";
import { AUTH_MESSAGES, PASSWORD_HINT, passwordResetConfirmBodySchema } from "@common/contract/auth";
import { paths } from "@common/paths";
import { z } from "@common/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Notice } from "@web/components/ui/notice";
import { PasswordField } from "@web/components/ui/password-field";
import { AuthFailure, authErrorMessage } from "@web/lib/auth-error";
import { meQuery } from "@web/lib/session";
import { useContractForm } from "@web/lib/use-contract-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { confirmPasswordReset } from "../api";

const LINK_REFUSALS: string[] = [
  AUTH_MESSAGES.resetLinkInvalid,
  AUTH_MESSAGES.resetLinkExpired,
  AUTH_MESSAGES.resetLinkUsed,
];
export const PASSWORDS_DIFFER = "As senhas não coincidem";

/** The contract's body, and the password typed again: compared once the password itself is valid. */
const resetFormSchema = passwordResetConfirmBodySchema
  .extend({ password_confirmation: z.string() })
  .refine((values) => values.password === values.password_confirmation, {
    message: PASSWORDS_DIFFER,
    path: ["password_confirmation"],
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "password"),
  });

function AskAgain({ message }: { message: string }) {
  return (
    <Notice tone="error">
      {message}{" "}
      <Link to={paths.forgotPassword} className="font-semibold underline underline-offset-2">
        Pedir um novo link
      </Link>
    </Notice>
  );
}

/** Step 2 of the recovery: a new password for the link's token; success signs in here. */
export function ResetPasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: async (body: { token: string; password: string }) => {
      const result = await confirmPasswordReset(body);
      if (!result?.success || !result.user) throw new AuthFailure(result?.message ?? "");
      return { ...result, user: result.user };
    },
    onSuccess: (result) => {
      queryClient.setQueryData(meQuery.queryKey, result.user);
      // What the recovery took away, said where the user lands (the mail says it too).
      const words = revokedAccessWords({
        api_keys_revoked: result.api_keys_revoked ?? 0,
        webhooks_disabled: result.webhooks_disabled ?? 0,
      });
      toast.success(result.message, {
        description: words ? `Por segurança, ${words}. Veja no seu perfil.` : undefined,
        duration: words ? 15_000 : undefined,
      });
      navigate(paths.dashboard, { replace: true });
    },
  });
  const form = useContractForm({
    schema: resetFormSchema,
    initialValues: { password: "", password_confirmation: "" },
    toBody: (values) => ({ ...values, token }),
    onSubmit: ({ password }) => reset.mutateAsync({ token, password }),
    describeError: authErrorMessage,
  });

  if (!token) return <AskAgain message={AUTH_MESSAGES.resetLinkInvalid} />;

  const message = form.formError;
  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
      {message &&
        (LINK_REFUSALS.includes(message) ? (
          <AskAgain message={message} />
        ) : (
          <Notice tone="error">{message}</Notice>
        ))}
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        placeholder="Crie uma senha"
        hint={PASSWORD_HINT}
        {...form.field("password")}
      />
      <PasswordField
        label="Confirme a nova senha"
        autoComplete="new-password"
        placeholder="Repita a senha"
        {...form.field("password_confirmation")}
      />
      <Button type="submit" loading={form.busy} className="w-full py-3">
        {form.busy ? "Salvando..." : "Salvar nova senha"}
      </Button>
    </form>
  );
}
