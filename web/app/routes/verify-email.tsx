// /auth/verificar-email?token=...: the link of the verification e-mail sent to a new account.
import { AuthShell } from "@web/features/auth/components/auth-shell";
import { VerifyEmailResult } from "@web/features/auth/components/verify-email-result";
import { useSearchParams } from "react-router";

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthShell
      title="Confirmação de email"
      subtitle="O link do email que enviamos confirma que este endereço é seu."
    >
      <VerifyEmailResult token={params.get("token") ?? ""} />
    </AuthShell>
  );
}
