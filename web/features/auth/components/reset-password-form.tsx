import { revokedAccessWords } from "@common/contract/account";
import { AUTH_MESSAGES, PASSWORD_HINT, passwordResetConfirmBodySchema } from "@common/contract/auth";
import { paths } from "@common/paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { PasswordField } from "@web/components/ui/password-field";
import { AuthFailure, authErrorMessage, authFieldErrors } from "@web/lib/auth-error";
import { meQuery } from "@web/lib/session";
import { AlertCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { confirmPasswordReset } from "../api";
import { FormAlert } from "./auth-shell";

const LINK_REFUSALS: string[] = [
  AUTH_MESSAGES.resetLinkInvalid,
  AUTH_MESSAGES.resetLinkExpired,
  AUTH_MESSAGES.resetLinkUsed,
];
export const PASSWORDS_DIFFER = "As senhas não coincidem";

function AskAgain({ message }: { message: string }) {
  return (
    <FormAlert>
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        {message}{" "}
        <Link to="/auth/esqueci-senha" className="font-semibold underline underline-offset-2">
          Pedir um novo link
        </Link>
      </span>
    </FormAlert>
  );
}

/** Step 2 of the recovery: a new password for the link's token; success signs in here. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
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
    onError: (error) => setErrors(authFieldErrors(error)),
  });

  if (!token) return <AskAgain message={AUTH_MESSAGES.resetLinkInvalid} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = passwordResetConfirmBodySchema.safeParse({ token, password });
    const next: typeof errors = {};
    if (!parsed.success) next.password = parsed.error.issues.find((i) => i.path[0] === "password")?.message;
    if (!next.password && password !== confirmation) next.confirmation = PASSWORDS_DIFFER;
    setErrors(next);
    if (next.password || next.confirmation || !parsed.success) return;
    reset.mutate(parsed.data);
  };

  const message = reset.isError ? authErrorMessage(reset.error) : "";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {message &&
        (LINK_REFUSALS.includes(message) ? (
          <AskAgain message={message} />
        ) : (
          <FormAlert>
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{message}</span>
          </FormAlert>
        ))}
      <PasswordField
        label="Nova senha"
        name="password"
        autoComplete="new-password"
        placeholder="Crie uma senha"
        hint={PASSWORD_HINT}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
        error={errors.password}
      />
      <PasswordField
        label="Confirme a nova senha"
        name="password_confirmation"
        autoComplete="new-password"
        placeholder="Repita a senha"
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          setErrors((current) => ({ ...current, confirmation: undefined }));
        }}
        error={errors.confirmation}
      />
      <Button type="submit" loading={reset.isPending} className="w-full py-3">
        {reset.isPending ? "Salvando..." : "Salvar nova senha"}
      </Button>
    </form>
  );
}
