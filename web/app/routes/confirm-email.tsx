// /auth/confirmar-email?token=...: the link mailed to a new address after an e-mail change.
import { EmailChangeResult } from "@web/features/account/components/email-change-result";
import { AuthShell } from "@web/features/auth/components/auth-shell";
import { useSearchParams } from "react-router";

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthShell title="Novo email" subtitle="O link que enviamos ao novo endereço confirma a troca.">
      <EmailChangeResult token={params.get("token") ?? ""} />
    </AuthShell>
  );
}
