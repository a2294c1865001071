// /auth/redefinir-senha?token=...: the link of the recovery e-mail; a new password signs in.
import { AuthShell } from "@web/features/auth/components/auth-shell";
import { ResetPasswordForm } from "@web/features/auth/components/reset-password-form";
import { useSearchParams } from "react-router";

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthShell
      title="Crie uma nova senha"
      subtitle="Escolha a nova senha da sua conta. Depois disso, você entra direto."
    >
      <ResetPasswordForm token={params.get("token") ?? ""} />
    </AuthShell>
  );
}
