// /auth/esqueci-senha: asks for the address the reset link goes to (account recovery by e-mail).
import { AuthShell } from "@web/features/auth/components/auth-shell";
import { ForgotPasswordForm } from "@web/features/auth/components/forgot-password-form";

export function Component() {
  return (
    <AuthShell
      title="Esqueceu sua senha?"
      subtitle="Informe o email da sua conta e enviaremos um link para você criar uma nova senha."
    >
      <ForgotPasswordForm />
    </AuthShell>
  );
}
